package course

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/richtext"
	"zhdj/internal/system"
)

// itemHandler reads {id} and {item} and hands them to fn.
func (s *Service) itemHandler(fn func(w http.ResponseWriter, r *http.Request, course, item int64) error) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		course, err := httpx.PathID(r, "id", errNoCourse())
		if err != nil {
			return err
		}
		item, err := httpx.PathID(r, "item", errNoItem())
		if err != nil {
			return err
		}
		return fn(w, r, course, item)
	}
}

// tenthsOf checks a node's 学时: more than 0, at most 20, one decimal.
func tenthsOf(h float64) (int, error) {
	t := math.Round(h * 10)
	switch {
	case math.IsNaN(h) || h <= 0:
		return 0, httpx.Invalid("hours", "学时应大于0")
	case h > float64(MaxTenths)/10:
		return 0, httpx.Invalid("hours", "学时不能超过%d", MaxTenths/10)
	case math.Abs(h*10-t) > 1e-6:
		return 0, httpx.Invalid("hours", "学时最多保留一位小数")
	}
	return int(t), nil
}

// checkItem vets a chapter's or a node's body for kind and node type
// (an article's HTML sanitised); it answers the 学时 in tenths.
func (s *Service) checkItem(kind, nodeType int, in *ItemInput) (int, error) {
	var c httpx.Checks
	in.Title = strings.TrimSpace(in.Title)
	if in.Title == "" || utf8.RuneCountInString(in.Title) > MaxTitle {
		c.Add(httpx.Invalid("title", "请输入名称（不超过%d个字）", MaxTitle))
	}
	if kind == KindChapter {
		return 0, c.Err()
	}
	if in.Duration <= 0 || in.Duration > MaxDuration {
		c.Add(httpx.Invalid("duration", "请输入时长（1至%d秒）", MaxDuration))
	}
	t, err := tenthsOf(in.Hours)
	c.Add(err)
	if nodeType == NodeArticle {
		if utf8.RuneCountInString(in.Content) > MaxArticle {
			c.Add(httpx.Invalid("content", "正文不超过%d个字符", MaxArticle))
		} else {
			in.Content = richtext.Sanitize(in.Content)
		}
	} else {
		in.Content = ""
	}
	return t, c.Err()
}

// AddItem adds a chapter (kind 1) or a node (kind 2, under parentId, a
// chapter of the course) at the end of its list.
func (s *Service) AddItem(ctx context.Context, courseID int64, in ItemInput) (Detail, error) {
	switch in.Kind {
	case KindChapter:
		in.NodeType = 0
	case KindNode:
		if NodeTypeNames[in.NodeType] == "" {
			return Detail{}, httpx.Invalid("nodeType", "请选择节点类型")
		}
	default:
		return Detail{}, httpx.Invalid("kind", "请选择新增章或节点")
	}
	t, err := s.checkItem(in.Kind, in.NodeType, &in)
	if err != nil {
		return Detail{}, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		c, err := s.lock(ctx, tx, courseID)
		if err != nil {
			return err
		}
		n, err := tx.NewSelect().Model((*Item)(nil)).Where("i.course_id = ?", courseID).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n >= MaxItems {
			return httpx.BadRequest("一门课程最多%d个章节和节点", MaxItems)
		}
		it := &Item{CourseID: courseID, Kind: in.Kind, Title: in.Title, NodeType: in.NodeType, Content: in.Content,
			Duration: in.Duration, Tenths: t, Stamps: db.StampsAt(s.now())}
		siblings := tx.NewSelect().Model((*Item)(nil)).ColumnExpr("COALESCE(MAX(i.sort), 0) + 1").Where("i.course_id = ?", courseID)
		if in.Kind == KindNode {
			var parent Item
			if err := tx.NewSelect().Model(&parent).Where("i.id = ?", in.ParentID).Where("i.course_id = ?", courseID).
				Where("i.kind = ?", KindChapter).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
				return httpx.Invalid("parentId", "请选择节点所在的章")
			} else if err != nil {
				return httpx.Internal(err)
			}
			it.ParentID = &parent.ID
			siblings = siblings.Where("i.parent_id = ?", parent.ID)
		} else {
			siblings = siblings.Where("i.parent_id IS NULL")
		}
		if err := siblings.Scan(ctx, &it.Sort); err != nil {
			return httpx.Internal(err)
		}
		if _, err := tx.NewInsert().Model(it).Returning("id").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		if err := recordItem(ctx, tx, c, "", describeItem(it)); err != nil {
			return err
		}
		return s.total(ctx, tx, courseID)
	})
	if err != nil {
		return Detail{}, err
	}
	return s.Detail(ctx, courseID)
}

// total sets a course's 学时 and node count from its nodes.
func (s *Service) total(ctx context.Context, tx bun.Tx, courseID int64) error {
	_, err := tx.NewUpdate().Model((*Course)(nil)).
		Set("tenths = (SELECT COALESCE(SUM(i.tenths), 0) FROM dx_course_item AS i WHERE i.course_id = ? AND i.kind = ?)", courseID, KindNode).
		Set("nodes = (SELECT COUNT(*) FROM dx_course_item AS i WHERE i.course_id = ? AND i.kind = ?)", courseID, KindNode).
		Set("updated_at = ?", s.now()).Where("id = ?", courseID).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// lockItem locks the course (of the caller's scope) and reads its item.
func (s *Service) lockItem(ctx context.Context, tx bun.Tx, courseID, itemID int64) (*Course, *Item, error) {
	c, err := s.lock(ctx, tx, courseID)
	if err != nil {
		return nil, nil, err
	}
	it := new(Item)
	if err := tx.NewSelect().Model(it).Where("i.id = ?", itemID).Where("i.course_id = ?", courseID).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, nil, errNoItem()
	} else if err != nil {
		return nil, nil, httpx.Internal(err)
	}
	return c, it, nil
}

// updateItem changes a chapter's title or a node's title, text, duration
// and 学时 (its kind and type stay). The 学时 already credited stay as the
// ledger holds them; the new value counts for those who complete it later.
func (s *Service) updateItem(w http.ResponseWriter, r *http.Request, courseID, itemID int64) error {
	var in ItemInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		c, it, err := s.lockItem(ctx, tx, courseID, itemID)
		if err != nil {
			return err
		}
		t, err := s.checkItem(it.Kind, it.NodeType, &in)
		if err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model((*Item)(nil)).Set("title = ?", in.Title).Set("content = ?", in.Content).
			Set("duration = ?", in.Duration).Set("tenths = ?", t).Set("updated_at = ?", s.now()).Where("id = ?", itemID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		was := describeItem(it)
		it.Title, it.Duration, it.Tenths = in.Title, in.Duration, t
		if err := recordItem(ctx, tx, c, was, describeItem(it)); err != nil {
			return err
		}
		return s.total(ctx, tx, courseID)
	})
	if err != nil {
		return err
	}
	return s.answerDetail(w, ctx, courseID)
}

func (s *Service) answerDetail(w http.ResponseWriter, ctx context.Context, courseID int64) error {
	d, err := s.Detail(ctx, courseID)
	if err != nil {
		return err
	}
	return httpx.OK(w, d)
}

// MsgNodeStudied refuses deleting a node someone was credited study time of.
const MsgNodeStudied = "已有学员学习该节点并计入学习时长，不能删除；可修改其内容"

// deleteItem removes a node nobody was credited study time of, or an empty chapter; a
// published course keeps at least one node.
func (s *Service) deleteItem(w http.ResponseWriter, r *http.Request, courseID, itemID int64) error {
	ctx := r.Context()
	var file *int64
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		c, it, err := s.lockItem(ctx, tx, courseID, itemID)
		if err != nil {
			return err
		}
		if it.Kind == KindChapter {
			n, err := tx.NewSelect().Model((*Item)(nil)).Where("i.parent_id = ?", itemID).Count(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if n > 0 {
				return httpx.Conflict("请先删除该章下的%d个节点", n)
			}
		} else {
			studied, err := tx.NewSelect().Model((*Progress)(nil)).Where("p.node_id = ?", itemID).
				WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("p.watched > 0").WhereOr("p.done") }).Exists(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if studied {
				return httpx.Conflict(MsgNodeStudied)
			}
			// Opened but nothing credited: those rows go with the node.
			if _, err := tx.NewDelete().Model((*Progress)(nil)).Where("node_id = ?", itemID).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
			if c.State == StatePublished && c.Nodes <= 1 {
				return httpx.Conflict("已发布的课程至少保留一个节点；请先取消发布")
			}
			file = it.FileID
		}
		if _, err := tx.NewDelete().Model((*Item)(nil)).Where("id = ?", itemID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		if err := recordItem(ctx, tx, c, describeItem(it), ""); err != nil {
			return err
		}
		return s.total(ctx, tx, courseID)
	})
	if err != nil {
		return err
	}
	if file != nil {
		s.dropFiles(ctx, []int64{*file})
	}
	return s.answerDetail(w, ctx, courseID)
}

// moveItem swaps an item with its neighbour above (dir=up) or below
// (dir=down) in its chapter (a chapter among the chapters).
func (s *Service) moveItem(w http.ResponseWriter, r *http.Request, courseID, itemID int64) error {
	dir := r.URL.Query().Get("dir")
	if dir != "up" && dir != "down" {
		return httpx.Invalid("dir", "请指定上移或下移")
	}
	ctx := r.Context()
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		_, it, err := s.lockItem(ctx, tx, courseID, itemID)
		if err != nil {
			return err
		}
		q := tx.NewSelect().Model((*Item)(nil)).Column("i.id", "i.sort").Where("i.course_id = ?", courseID).Limit(1)
		if it.ParentID != nil {
			q = q.Where("i.parent_id = ?", *it.ParentID)
		} else {
			q = q.Where("i.parent_id IS NULL")
		}
		if dir == "up" {
			q = q.Where("i.sort < ?", it.Sort).OrderExpr("i.sort DESC")
		} else {
			q = q.Where("i.sort > ?", it.Sort).OrderExpr("i.sort ASC")
		}
		var other Item
		if err := q.Scan(ctx, &other); errors.Is(err, sql.ErrNoRows) {
			if dir == "up" {
				return httpx.BadRequest("已经是第一个")
			}
			return httpx.BadRequest("已经是最后一个")
		} else if err != nil {
			return httpx.Internal(err)
		}
		for _, u := range []struct {
			id   int64
			sort int
		}{{it.ID, other.Sort}, {other.ID, it.Sort}} {
			if _, err := tx.NewUpdate().Model((*Item)(nil)).Set("sort = ?", u.sort).Where("id = ?", u.id).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.answerDetail(w, ctx, courseID)
}

// uploadNodeFile stores the multipart "file" as a video node's video
// (mp4, webm) or a document node's document (PDF, Word, PowerPoint,
// Excel); the earlier file is removed after the commit.
func (s *Service) uploadNodeFile(w http.ResponseWriter, r *http.Request, courseID, itemID int64) error {
	ctx := r.Context()
	it, err := s.findItem(ctx, courseID, itemID)
	if err != nil {
		return err
	}
	var exts []string
	switch {
	case it.Kind == KindNode && it.NodeType == NodeVideo:
		exts = VideoExts
	case it.Kind == KindNode && it.NodeType == NodeDocument:
		exts = DocumentExts
	default:
		return httpx.BadRequest("只有视频和文档节点可以上传课件")
	}
	f, err := s.sys.SaveUpload(r, system.UploadOptions{Field: "file", Exts: exts, ModuleName: FileModuleName, Tag: "node"})
	if err != nil {
		return err
	}
	var old *int64
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		_, it, err := s.lockItem(ctx, tx, courseID, itemID)
		if err != nil {
			return err
		}
		old = it.FileID
		_, err = tx.NewUpdate().Model((*Item)(nil)).Set("file_id = ?", f.ID).Set("file_name = ?", db.Clip(f.OriginalName, 200)).
			Set("updated_at = ?", s.now()).Where("id = ?", itemID).Exec(ctx)
		return err
	})
	if err != nil {
		s.dropFiles(ctx, []int64{f.ID})
		return httpx.AsError(err)
	}
	if old != nil {
		s.dropFiles(ctx, []int64{*old})
	}
	return s.answerDetail(w, ctx, courseID)
}

// findItem reads an item of a course of the caller's scope.
func (s *Service) findItem(ctx context.Context, courseID, itemID int64) (*Item, error) {
	if _, err := s.find(ctx, s.db, courseID); err != nil {
		return nil, err
	}
	it := new(Item)
	if err := s.db.NewSelect().Model(it).Where("i.id = ?", itemID).Where("i.course_id = ?", courseID).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoItem()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return it, nil
}

// staffNodeFile previews a node's file for the staff (ranges, PDF inline).
func (s *Service) staffNodeFile(w http.ResponseWriter, r *http.Request, courseID, itemID int64) error {
	it, err := s.findItem(r.Context(), courseID, itemID)
	if err != nil {
		return err
	}
	if it.FileID == nil {
		return httpx.NotFound("该节点还未上传课件")
	}
	return serveNode(s.sys, w, r, it)
}
