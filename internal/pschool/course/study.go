package course

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"net/http"
	"path/filepath"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/pschool/school"
	"zhdj/internal/system"
)

// The study rules (the server decides every second credited; the browser
// only reports where it is):
//
//   - A learner studies one node at a time. Start opens a session (a
//     token) for the node, replacing any earlier one: the newer page takes
//     over and the older page's heartbeats are refused (MsgTakenOver), so
//     two tabs, or two nodes at once, never earn twice.
//   - Each heartbeat is credited at most the time since the session's last
//     accepted heartbeat (the server's clock), capped at videoRecordTime +
//     Grace; a hidden page's heartbeat is credited nothing.
//   - A video's credited seconds are its contiguous span watched from 0
//     (the frontier, Progress.Watched): a heartbeat earns only when the
//     previous position was within Grace of the frontier, the position is
//     past it and advanced no faster than the real time elapsed (+ Grace),
//     and earns at most that time. Seeking ahead therefore earns nothing
//     for the span skipped: the heartbeat of a seek earns nothing, and
//     past Grace from the frontier nothing is earned until the learner
//     comes back to it; a seek shorter than Grace still earns only the
//     real time, so the node completes only when the span is watched.
//     Seeking back is free and earns nothing for re-watching.
//   - A document's or article's credited seconds are the visible time.
//   - A node is complete when its credited seconds reach its duration (a
//     video: within a second, the positions being whole seconds); its 学时
//     go into the ledger once per learner and node (a unique index, and a
//     conditional update of the progress).
//
// Concurrent heartbeats of one session are serialised by a conditional
// update of the session's last heartbeat: one of them is credited, the
// others answer the progress with nothing credited.

// Grace is the slack of the rules above, in seconds: the network's delay
// on the cap, a position's rounding and the player's timers on contiguity.
const Grace = 5

// MsgTakenOver refuses a heartbeat of a session replaced by a newer start.
const MsgTakenOver = "您已在其他页面或设备开始学习，本页面已停止计时；如需在本页继续学习，请刷新页面"

// LearnerView is a published course as the study centre lists it, with
// the caller's progress.
type LearnerView struct {
	Course     `bun:",extend"`
	OrgName    string  `bun:"org_name,scanonly" json:"orgName"`
	Hours      float64 `bun:"-" json:"hours"`
	DoneNodes  int     `bun:"done_nodes,scanonly" json:"doneNodes"`
	DoneTenths int     `bun:"done_tenths,scanonly" json:"-"`
	DoneHours  float64 `bun:"-" json:"doneHours"`
}

// learnerSpec: a title, the organisation's subtree; the newest first.
var learnerSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"c.title"}, Match: httpx.Like},
		"orgId":  org.SubtreeFilter("c.org_id"),
	},
	Sorts:       map[string]string{"publishedAt": "c.published_at", "title": "c.title"},
	DefaultSort: "c.published_at DESC, c.id DESC",
	Key:         "c.id",
}

// user is the caller's account (the guard lets no anonymous caller here).
func user(ctx context.Context) (int64, error) {
	if id := rbac.UserID(ctx); id > 0 {
		return id, nil
	}
	return 0, httpx.E(http.StatusUnauthorized, "请先登录")
}

// LearnerCourses is a page of the published courses with the caller's
// progress (the nodes complete and the 学时 credited).
func (s *Service) LearnerCourses(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[LearnerView], error) {
	uid, err := user(ctx)
	if err != nil {
		return httpx.PageResult[LearnerView]{}, err
	}
	q := org.NameJoin("c.org_id")(s.db.NewSelect().Model((*LearnerView)(nil)).ColumnExpr("c.*")).
		ColumnExpr("(SELECT COUNT(*) FROM dx_study AS p WHERE p.course_id = c.id AND p.user_id = ? AND p.done) AS done_nodes", uid).
		ColumnExpr(`(SELECT COALESCE(SUM(h.tenths), 0) FROM dx_hours AS h JOIN dx_course_item AS i ON i.id = h.ref_id
			WHERE h.user_id = ? AND h.source = ? AND i.course_id = c.id) AS done_tenths`, uid, SourceNode).
		Where("c.state = ?", StatePublished)
	return httpx.PagedEach(ctx, q, learnerSpec, lq, func(v *LearnerView) {
		v.Hours, v.DoneHours = hours(v.Tenths), hours(v.DoneTenths)
	})
}

// published reads a published course (404 for a draft: learners never see one).
func (s *Service) published(ctx context.Context, id int64) (*View, error) {
	v := new(View)
	err := org.NameJoin("c.org_id")(s.db.NewSelect().Model(v).ColumnExpr("c.*")).Where("c.id = ?", id).
		Where("c.state = ?", StatePublished).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoCourse()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	show(v)
	return v, nil
}

// LearnerCourse is a published course with its nodes and the caller's progress.
func (s *Service) LearnerCourse(ctx context.Context, id int64) (Detail, error) {
	uid, err := user(ctx)
	if err != nil {
		return Detail{}, err
	}
	v, err := s.published(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	return s.tree(ctx, v, uid, false)
}

func (s *Service) learnerCover(w http.ResponseWriter, r *http.Request, id int64) error {
	v, err := s.published(r.Context(), id)
	if err != nil {
		return err
	}
	if v.CoverFileID == nil {
		return httpx.NotFound("课程没有封面")
	}
	return s.sys.ServeFile(w, r, *v.CoverFileID, true)
}

// publishedNode reads node id of a published course.
func (s *Service) publishedNode(ctx context.Context, idb bun.IDB, id int64, content bool) (*Item, error) {
	it := new(Item)
	q := idb.NewSelect().Model(it).Join("JOIN dx_course AS c ON c.id = i.course_id").
		Where("i.id = ?", id).Where("i.kind = ?", KindNode).Where("c.state = ?", StatePublished)
	if !content {
		q = q.ExcludeColumn("content")
	}
	if err := q.Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoNode()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return it, nil
}

// NodeStudy is a node opened by a learner: what the player shows, and
// the learner's progress.
type NodeStudy struct {
	NodeView
	CourseID    int64  `json:"courseId"`
	CourseTitle string `json:"courseTitle"`
	Position    int    `json:"position"`
	// Inline: the browser shows the document (a PDF); otherwise it is
	// offered as a download (Word, PowerPoint, Excel are not converted).
	Inline     bool   `json:"inline"`
	FileExt    string `json:"fileExt"`
	RecordTime int    `json:"recordTime"`
}

// LearnerNode is node id of a published course for the caller (an
// article with its HTML).
func (s *Service) LearnerNode(ctx context.Context, id int64) (NodeStudy, error) {
	uid, err := user(ctx)
	if err != nil {
		return NodeStudy{}, err
	}
	it, err := s.publishedNode(ctx, s.db, id, true)
	if err != nil {
		return NodeStudy{}, err
	}
	var title string
	if err := s.db.NewSelect().Model((*Course)(nil)).Column("title").Where("id = ?", it.CourseID).Scan(ctx, &title); err != nil {
		return NodeStudy{}, httpx.Internal(err)
	}
	var p Progress
	if err := s.db.NewSelect().Model(&p).Where("p.user_id = ?", uid).Where("p.node_id = ?", id).Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return NodeStudy{}, httpx.Internal(err)
	}
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(it.FileName)), ".")
	_, inline := system.InlineTypes[ext]
	return NodeStudy{NodeView: NodeView{ID: it.ID, Title: it.Title, NodeType: it.NodeType, NodeTypeName: NodeTypeNames[it.NodeType],
		FileName: it.FileName, Duration: it.Duration, Hours: hours(it.Tenths), Content: it.Content, Watched: p.Watched, Done: p.Done},
		CourseID: it.CourseID, CourseTitle: title, Position: p.Position, Inline: inline && it.NodeType == NodeDocument, FileExt: ext,
		RecordTime: s.recordTime(ctx)}, nil
}

// learnerNodeFile serves a published node's video or document with range
// requests (http.ServeContent): a PDF inline, anything else as a download.
func (s *Service) learnerNodeFile(w http.ResponseWriter, r *http.Request, id int64) error {
	it, err := s.publishedNode(r.Context(), s.db, id, false)
	if err != nil {
		return err
	}
	if it.FileID == nil {
		return errNoNode()
	}
	return serveNode(s.sys, w, r, it)
}

// serveNode streams a node's file: ranges for the player's seeking, a
// document inline when the browser can show it (system.InlineTypes: PDF).
// A video goes with its own content type; the <video> element ignores the
// attachment disposition the file service gives what it does not inline.
func serveNode(sys *system.Service, w http.ResponseWriter, r *http.Request, it *Item) error {
	return sys.ServeFile(w, r, *it.FileID, it.NodeType == NodeDocument)
}

// recordTime is the heartbeat interval: the setting videoRecordTime in
// seconds, kept within [5, 300].
func (s *Service) recordTime(ctx context.Context) int {
	return min(max(s.sys.SettingInt(ctx, CfgRecordTime, DefaultRecord), minRecord), maxRecord)
}

// Started answers a start: the session the heartbeats name, where to
// resume, how often to report.
type Started struct {
	Session    string `json:"session"`
	Position   int    `json:"position"`
	Watched    int    `json:"watched"`
	Duration   int    `json:"duration"`
	Done       bool   `json:"done"`
	RecordTime int    `json:"recordTime"`
}

// Start starts or resumes node id for the caller: a new session replacing
// any other of the caller's (the newer page takes over), timed from now.
func (s *Service) Start(ctx context.Context, id int64) (Started, error) {
	uid, err := user(ctx)
	if err != nil {
		return Started{}, err
	}
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil {
		return Started{}, httpx.Internal(err)
	}
	token := hex.EncodeToString(buf)
	var out Started
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		it, err := s.publishedNode(ctx, tx, id, false)
		if err != nil {
			return err
		}
		now := s.now()
		sess := &session{UserID: uid, NodeID: id, Token: token, BeatMS: now.UnixMilli()}
		if _, err := tx.NewInsert().Model(sess).On("CONFLICT (user_id) DO UPDATE").Set("node_id = EXCLUDED.node_id").
			Set("token = EXCLUDED.token").Set("beat_ms = EXCLUDED.beat_ms").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		p := &Progress{UserID: uid, NodeID: id, CourseID: it.CourseID, Stamps: db.StampsAt(now)}
		if _, err := tx.NewInsert().Model(p).On("CONFLICT (user_id, node_id) DO NOTHING").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		if err := tx.NewSelect().Model(p).Where("p.user_id = ?", uid).Where("p.node_id = ?", id).Scan(ctx); err != nil {
			return httpx.Internal(err)
		}
		out = Started{Session: token, Position: p.Position, Watched: p.Watched, Duration: it.Duration, Done: p.Done}
		return nil
	})
	out.RecordTime = s.recordTime(ctx)
	return out, err
}

// Beat is a heartbeat of the player: its session, its position (whole
// seconds; a document's is 0), the terminal, whether the page is visible.
type Beat struct {
	Session  string `json:"session"`
	Position int    `json:"position"`
	Terminal int    `json:"terminal"`
	Visible  bool   `json:"visible"`
}

// BeatResult is the progress after a heartbeat.
type BeatResult struct {
	Credited int  `json:"credited"` // seconds credited by this heartbeat
	Watched  int  `json:"watched"`
	Duration int  `json:"duration"`
	Position int  `json:"position"`
	Done     bool `json:"done"`
	// Completed: this heartbeat completed the node and credited its 学时.
	Completed bool    `json:"completed"`
	Hours     float64 `json:"hours"`
	// Behind: a video's position is past the frontier by more than Grace
	// (seeked ahead): nothing is credited until the learner goes back to Watched.
	Behind bool `json:"behind"`
}

// judge applies the rules to one accepted heartbeat: the progress before,
// the position reported, whether visible, the seconds elapsed since the
// last accepted heartbeat and the cap; it answers the new position and
// credited seconds, and what this heartbeat earned.
func judge(nodeType, duration int, prev Progress, pos int, visible bool, elapsed, limit int) (position, watched, credited int) {
	elapsed = max(elapsed, 0)
	if nodeType != NodeVideo {
		if visible && prev.Watched < duration {
			credited = min(elapsed, limit, duration-prev.Watched)
		}
		return 0, prev.Watched + credited, credited
	}
	pos = min(max(pos, 0), duration)
	// From within Grace of the frontier, past it, no faster than real time
	// (a seek ahead within the heartbeat advances faster: nothing).
	if visible && prev.Position <= prev.Watched+Grace && pos > prev.Watched && pos-prev.Position <= elapsed+Grace {
		credited = min(pos-prev.Watched, elapsed, limit)
	}
	return pos, prev.Watched + credited, credited
}

// complete reports whether credited seconds complete a node.
func complete(nodeType, duration, watched int) bool {
	if nodeType == NodeVideo {
		return watched+1 >= duration
	}
	return watched >= duration
}

// Beat records a heartbeat of the caller's session on node id and
// credits what the rules allow.
func (s *Service) Beat(ctx context.Context, id int64, in Beat) (BeatResult, error) {
	uid, err := user(ctx)
	if err != nil {
		return BeatResult{}, err
	}
	var c httpx.Checks
	if len(in.Session) != 32 {
		c.Add(httpx.Invalid("session", "学习会话无效，请刷新页面"))
	}
	if !school.ValidTerminal(in.Terminal) {
		c.Add(httpx.Invalid("terminal", "终端类型无效"))
	}
	if in.Position < 0 || in.Position > MaxDuration {
		c.Add(httpx.Invalid("position", "播放位置无效"))
	}
	if err := c.Err(); err != nil {
		return BeatResult{}, err
	}
	limit := s.recordTime(ctx) + Grace
	var out BeatResult
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		it, err := s.publishedNode(ctx, tx, id, false)
		if err != nil {
			return err
		}
		var sess session
		if err := tx.NewSelect().Model(&sess).Where("s.user_id = ?", uid).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
			return httpx.Conflict(MsgTakenOver)
		} else if err != nil {
			return httpx.Internal(err)
		}
		if sess.Token != in.Session || sess.NodeID != id {
			return httpx.Conflict(MsgTakenOver)
		}
		now := s.now()
		nowMS := now.UnixMilli()
		// One heartbeat per beat_ms: a concurrent one finds it changed and earns nothing.
		res, err := tx.NewUpdate().Model((*session)(nil)).Set("beat_ms = ?", nowMS).Where("user_id = ?", uid).
			Where("token = ?", in.Session).Where("beat_ms = ?", sess.BeatMS).Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		accepted, _ := res.RowsAffected()
		var p Progress
		if err := tx.NewSelect().Model(&p).Where("p.user_id = ?", uid).Where("p.node_id = ?", id).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
			return httpx.Conflict(MsgTakenOver) // no start of this node: the player starts again
		} else if err != nil {
			return httpx.Internal(err)
		}
		out = BeatResult{Watched: p.Watched, Duration: it.Duration, Position: p.Position, Done: p.Done, Hours: hours(it.Tenths)}
		if accepted != 1 {
			return nil
		}
		elapsed := int((nowMS - sess.BeatMS + 500) / 1000)
		position, watched, credited := judge(it.NodeType, it.Duration, p, in.Position, in.Visible, elapsed, limit)
		if _, err := tx.NewUpdate().Model((*Progress)(nil)).Set("position = ?", position).Set("watched = ?", watched).
			Set("terminal = ?", in.Terminal).Set("updated_at = ?", now).Where("user_id = ?", uid).Where("node_id = ?", id).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		out.Credited, out.Watched, out.Position = credited, watched, position
		out.Behind = it.NodeType == NodeVideo && position > watched+Grace
		if p.Done || !complete(it.NodeType, it.Duration, watched) {
			return nil
		}
		done, err := tx.NewUpdate().Model((*Progress)(nil)).Set("done = ?", true).Set("done_at = ?", now).
			Where("user_id = ?", uid).Where("node_id = ?", id).Where("done = ?", false).Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n, _ := done.RowsAffected(); n != 1 {
			return nil
		}
		day := date.Of(now.In(date.China))
		c := &Credit{UserID: uid, Source: SourceNode, RefID: id, Tenths: it.Tenths, CreditedOn: day,
			Year: now.In(date.China).Year(), CreatedAt: now}
		written, err := credit(ctx, tx, c)
		if err != nil {
			return err
		}
		if written {
			if err := s.publishCredited(ctx, tx, it, c); err != nil {
				return err
			}
		}
		out.Done, out.Completed = true, true
		return nil
	})
	return out, err
}
