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

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/uniq"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

// listSpec: a title, a state, the organisation's subtree; the newest first.
var listSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"c.title"}, Match: httpx.Like},
		"state":  {Columns: []string{"c.state"}, Kind: httpx.Int},
		"orgId":  org.SubtreeFilter("c.org_id"),
	},
	Sorts:       map[string]string{"createTime": "c.created_at", "title": "c.title", "orgName": zh.Name(org.NameColumn)},
	DefaultSort: "c.created_at DESC, c.id DESC",
	Key:         "c.id",
}

// learnersSQL counts the learners credited a node of the course.
const learnersSQL = "(SELECT COUNT(DISTINCT p.user_id) FROM dx_study AS p WHERE p.course_id = c.id AND p.done) AS learners"

func (s *Service) query(ctx context.Context, idb bun.IDB) (*bun.SelectQuery, error) {
	scope, err := s.orgs.Scoped("c.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	return scope(org.NameJoin("c.org_id")(idb.NewSelect().Model((*View)(nil)).ColumnExpr("c.*").ColumnExpr(learnersSQL))), nil
}

func show(v *View) { v.Hours, v.StateName = hours(v.Tenths), StateNames[v.State] }

// List is a page of the courses of the caller's scope.
func (s *Service) List(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[View], error) {
	q, err := s.query(ctx, s.db)
	if err != nil {
		return httpx.PageResult[View]{}, err
	}
	return httpx.PagedEach(ctx, q, listSpec, lq, show)
}

// find reads course id of the caller's scope (404 outside it).
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*View, error) {
	q, err := s.query(ctx, idb)
	if err != nil {
		return nil, err
	}
	v := new(View)
	if err := q.Where("c.id = ?", id).Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoCourse()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	show(v)
	return v, nil
}

// lock reads course id of the caller's scope inside tx, locked on
// PostgreSQL (SQLite has one writer at a time): the structure's orders and
// totals and the state change under it.
func (s *Service) lock(ctx context.Context, tx bun.Tx, id int64) (*Course, error) {
	scope, err := s.orgs.Scoped("c.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	c := new(Course)
	q := scope(tx.NewSelect().Model(c).Where("c.id = ?", id))
	if db.IsPostgres(tx) {
		q = q.For("UPDATE OF c")
	}
	if err := q.Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoCourse()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return c, nil
}

// Detail is course id of the caller's scope with its chapters and nodes
// (an article's HTML included, for the editor).
func (s *Service) Detail(ctx context.Context, id int64) (Detail, error) {
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return Detail{}, err
	}
	return s.tree(ctx, v, 0, true)
}

// tree is the course's chapters and nodes in order; with a learner (user
// > 0) each node carries the learner's progress.
func (s *Service) tree(ctx context.Context, v *View, user int64, content bool) (Detail, error) {
	var items []Item
	q := s.db.NewSelect().Model(&items).Where("i.course_id = ?", v.ID).OrderExpr("i.kind, i.sort, i.id")
	if !content {
		q = q.ExcludeColumn("content")
	}
	if err := q.Scan(ctx); err != nil {
		return Detail{}, httpx.Internal(err)
	}
	progress := map[int64]Progress{}
	if user > 0 {
		var rows []Progress
		if err := s.db.NewSelect().Model(&rows).Where("p.user_id = ?", user).Where("p.course_id = ?", v.ID).Scan(ctx); err != nil {
			return Detail{}, httpx.Internal(err)
		}
		for _, p := range rows {
			progress[p.NodeID] = p
		}
	}
	d := Detail{View: *v, Chapters: []ChapterView{}}
	at := map[int64]int{}
	for _, it := range items {
		if it.Kind == KindChapter {
			at[it.ID] = len(d.Chapters)
			d.Chapters = append(d.Chapters, ChapterView{ID: it.ID, Title: it.Title, Nodes: []NodeView{}})
			continue
		}
		i, ok := at[*it.ParentID]
		if !ok {
			continue
		}
		p := progress[it.ID]
		d.Chapters[i].Nodes = append(d.Chapters[i].Nodes, NodeView{ID: it.ID, Title: it.Title, NodeType: it.NodeType,
			NodeTypeName: NodeTypeNames[it.NodeType], FileID: it.FileID, FileName: it.FileName, Duration: it.Duration,
			Hours: hours(it.Tenths), Content: it.Content, Watched: p.Watched, Done: p.Done})
		if p.Done {
			d.DoneNodes++
			d.DoneHours += hours(it.Tenths)
		}
	}
	d.DoneHours = math.Round(d.DoneHours*10) / 10
	return d, nil
}

// checkCourse vets a course's body: the organisation of the caller's
// scope, a title, an intro within its bound.
func (s *Service) checkCourse(ctx context.Context, in *Input) error {
	var c httpx.Checks
	in.Title, in.Intro = strings.TrimSpace(in.Title), strings.TrimSpace(in.Intro)
	if in.OrgID <= 0 {
		c.Add(httpx.Invalid("orgId", "请选择开课的党组织"))
	} else {
		c.Add(s.orgs.Owns(ctx, "orgId", in.OrgID))
	}
	if in.Title == "" || utf8.RuneCountInString(in.Title) > MaxTitle {
		c.Add(httpx.Invalid("title", "请输入课程名称（不超过%d个字）", MaxTitle))
	}
	if utf8.RuneCountInString(in.Intro) > MaxIntro {
		c.Add(httpx.Invalid("intro", "课程简介不超过%d个字", MaxIntro))
	}
	return c.Err()
}

// Create adds a draft course.
func (s *Service) Create(ctx context.Context, in Input) (Detail, error) {
	if err := s.checkCourse(ctx, &in); err != nil {
		return Detail{}, err
	}
	c := &Course{OrgID: in.OrgID, Title: in.Title, Intro: in.Intro, State: StateDraft, Stamps: db.StampsAt(s.now())}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return s.save(ctx, tx, nil, c, func(ctx context.Context) (int64, error) {
			_, err := tx.NewInsert().Model(c).Returning("id").Exec(ctx)
			return c.ID, httpx.AsError(err)
		})
	})
	if err != nil {
		return Detail{}, err
	}
	return s.Detail(ctx, c.ID)
}

// Update changes a course's title, intro and organisation (within the scope).
func (s *Service) Update(ctx context.Context, id int64, in Input) (Detail, error) {
	cur, err := s.find(ctx, s.db, id)
	if err != nil {
		return Detail{}, err
	}
	if err := s.checkCourse(ctx, &in); err != nil {
		return Detail{}, err
	}
	before, err := s.trailView(ctx, &cur.Course)
	if err != nil {
		return Detail{}, err
	}
	c := cur.Course
	c.OrgID, c.Title, c.Intro = in.OrgID, in.Title, in.Intro
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return s.save(ctx, tx, before, &c, func(ctx context.Context) (int64, error) {
			_, err := tx.NewUpdate().Model((*Course)(nil)).Set("org_id = ?", in.OrgID).Set("title = ?", in.Title).
				Set("intro = ?", in.Intro).Set("updated_at = ?", s.now()).Where("id = ?", id).Exec(ctx)
			return id, httpx.AsError(err)
		})
	})
	if err != nil {
		return Detail{}, err
	}
	return s.Detail(ctx, id)
}

// Publish opens a draft to the learners: it needs a node, and every node
// complete (its file or its text, a duration, its 学时).
func (s *Service) Publish(ctx context.Context, id int64) (Detail, error) {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		c, err := s.lock(ctx, tx, id)
		if err != nil {
			return err
		}
		if c.State == StatePublished {
			return httpx.Conflict("课程已发布")
		}
		var items []Item
		if err := tx.NewSelect().Model(&items).Where("i.course_id = ?", id).Where("i.kind = ?", KindNode).OrderExpr("i.sort").Scan(ctx); err != nil {
			return httpx.Internal(err)
		}
		if len(items) == 0 {
			return httpx.BadRequest("课程还没有任何学习节点，不能发布")
		}
		for _, it := range items {
			if msg := incomplete(it); msg != "" {
				return httpx.BadRequest("节点“%s”%s，不能发布", it.Title, msg)
			}
		}
		now := s.now()
		res, err := tx.NewUpdate().Model((*Course)(nil)).Set("state = ?", StatePublished).Set("published_at = ?", now).
			Set("updated_at = ?", now).Where("id = ?", id).Where("state = ?", StateDraft).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("课程已发布")); err != nil {
			return err
		}
		c.State = StatePublished
		return recordState(ctx, tx, c, StateDraft)
	})
	if err != nil {
		return Detail{}, err
	}
	return s.Detail(ctx, id)
}

// incomplete names what a node lacks to be studied ("" when nothing).
func incomplete(it Item) string {
	switch {
	case it.NodeType != NodeArticle && it.FileID == nil:
		return "还未上传课件"
	case it.NodeType == NodeArticle && it.Content == "":
		return "还没有正文"
	case it.Duration <= 0:
		return "未设置时长"
	case it.Tenths <= 0:
		return "未设置学时"
	}
	return ""
}

// Unpublish takes a course back from the learners (what they were credited stays).
func (s *Service) Unpublish(ctx context.Context, id int64) (Detail, error) {
	cur, err := s.find(ctx, s.db, id)
	if err != nil {
		return Detail{}, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*Course)(nil)).Set("state = ?", StateDraft).Set("updated_at = ?", s.now()).
			Where("id = ?", id).Where("state = ?", StatePublished).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("课程未发布")); err != nil {
			return err
		}
		c := cur.Course
		c.State = StateDraft
		return recordState(ctx, tx, &c, StatePublished)
	})
	if err != nil {
		return Detail{}, err
	}
	return s.Detail(ctx, id)
}

// MsgStudied refuses deleting a course someone has studied.
const MsgStudied = "已有学员学习并获得学时记录，不能删除；如不再使用请取消发布"

// Delete removes courses of the caller's scope (all or none: one out of
// the scope is a 404) that nobody was credited study time of; their
// files go after the commit.
func (s *Service) Delete(ctx context.Context, ids []int64) error {
	ids = uniq.Of(ids)
	if len(ids) == 0 {
		return httpx.BadRequest("请选择要删除的课程")
	}
	var files []int64
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for _, id := range ids {
			c, err := s.lock(ctx, tx, id)
			if err != nil {
				return err
			}
			studied, err := tx.NewSelect().Model((*Progress)(nil)).Where("p.course_id = ?", id).
				WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("p.watched > 0").WhereOr("p.done") }).Exists(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if studied {
				return httpx.Conflict("课程“%s”%s", c.Title, MsgStudied)
			}
			var fs []int64
			if err := tx.NewSelect().Model((*Item)(nil)).Column("file_id").Where("course_id = ?", id).Where("file_id IS NOT NULL").Scan(ctx, &fs); err != nil {
				return httpx.Internal(err)
			}
			if c.CoverFileID != nil {
				fs = append(fs, *c.CoverFileID)
			}
			files = append(files, fs...)
			before, err := s.trailView(ctx, c)
			if err != nil {
				return err
			}
			entries, err := trail.DeleteEntries(ctx, plainLabels, []record.Gone{{ID: c.ID, Name: c.Title, Anchor: c.OrgID, Before: before, Snapshot: c}})
			if err != nil {
				return err
			}
			if err := audit.InsertEntries(ctx, tx, entries); err != nil {
				return httpx.Internal(err)
			}
			for _, q := range []*bun.DeleteQuery{
				tx.NewDelete().Model((*Progress)(nil)).Where("course_id = ?", id),
				tx.NewDelete().Model((*Item)(nil)).Where("course_id = ?", id).Where("kind = ?", KindNode),
				tx.NewDelete().Model((*Item)(nil)).Where("course_id = ?", id),
				tx.NewDelete().Model((*Course)(nil)).Where("id = ?", id),
			} {
				if _, err := q.Exec(ctx); err != nil {
					return httpx.Internal(err)
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.dropFiles(ctx, files)
	return nil
}

// dropFiles removes files no row refers to any more; a failure leaves an
// orphan file for 文件管理, never a broken course.
func (s *Service) dropFiles(ctx context.Context, ids []int64) {
	if len(ids) > 0 {
		_ = s.sys.DeleteFiles(ctx, ids) //nolint:errcheck // best effort, see above
	}
}

// uploadCover stores the multipart "file" as the course's cover image.
func (s *Service) uploadCover(w http.ResponseWriter, r *http.Request, id int64) error {
	ctx := r.Context()
	if _, err := s.find(ctx, s.db, id); err != nil {
		return err
	}
	f, err := s.sys.SaveUpload(r, system.UploadOptions{Field: "file", Exts: CoverExts, MaxBytes: MaxCoverBytes, ModuleName: FileModuleName, Tag: "cover"})
	if err != nil {
		return err
	}
	var old *int64
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		c, err := s.lock(ctx, tx, id)
		if err != nil {
			return err
		}
		old = c.CoverFileID
		_, err = tx.NewUpdate().Model((*Course)(nil)).Set("cover_file_id = ?", f.ID).Set("updated_at = ?", s.now()).Where("id = ?", id).Exec(ctx)
		return err
	})
	if err != nil {
		s.dropFiles(ctx, []int64{f.ID})
		return httpx.AsError(err)
	}
	if old != nil {
		s.dropFiles(ctx, []int64{*old})
	}
	d, err := s.Detail(ctx, id)
	if err != nil {
		return err
	}
	return httpx.OK(w, d)
}

func (s *Service) staffCover(w http.ResponseWriter, r *http.Request, id int64) error {
	v, err := s.find(r.Context(), s.db, id)
	if err != nil {
		return err
	}
	if v.CoverFileID == nil {
		return httpx.NotFound("课程没有封面")
	}
	return s.sys.ServeFile(w, r, *v.CoverFileID, true)
}
