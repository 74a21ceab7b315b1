package course

import (
	"context"
	"time"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
)

// MyCourse is a course the caller has started (a node of it opened at
// least once), with their progress and the node to resume: the node of
// the course they studied last (the latest heartbeat, or the start of a
// node never reported on).
type MyCourse struct {
	LearnerView `bun:",extend"`
	// Percent is the share of the course's nodes the caller completed.
	Percent   int       `bun:"-" json:"percent"`
	StudiedAt time.Time `bun:"studied_at,scanonly" json:"studiedAt"`
	// The node to resume (its type decides the study page: video or document/article).
	ResumeNodeID    int64  `bun:"resume_node_id,scanonly" json:"resumeNodeId"`
	ResumeNodeType  int    `bun:"resume_node_type,scanonly" json:"resumeNodeType"`
	ResumeNodeTitle string `bun:"resume_node_title,scanonly" json:"resumeNodeTitle"`
}

// myCoursesSpec: the course studied last first.
var myCoursesSpec = httpx.ListSpec{
	Sorts:       map[string]string{"studiedAt": "studied_at", "title": "c.title"},
	DefaultSort: "studied_at DESC, c.id DESC",
	Key:         "c.id",
}

// MyCourses is a page of the published courses the caller has started
// (the personal home's 我的课程), with the nodes complete and where to
// resume. Only the caller's own study rows are read. A course unpublished
// after the caller started it is left out: its nodes cannot be opened.
func (s *Service) MyCourses(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[MyCourse], error) {
	uid, err := user(ctx)
	if err != nil {
		return httpx.PageResult[MyCourse]{}, err
	}
	// The last node studied: the latest updated study row of the course
	// (dx_study's primary key and idx_dx_study_course serve it).
	const last = `(SELECT p.node_id FROM dx_study AS p WHERE p.user_id = ? AND p.course_id = c.id
		ORDER BY p.updated_at DESC, p.node_id DESC LIMIT 1)`
	q := org.NameJoin("c.org_id")(s.db.NewSelect().Model((*MyCourse)(nil)).ColumnExpr("c.*")).
		ColumnExpr("(SELECT COUNT(*) FROM dx_study AS p WHERE p.course_id = c.id AND p.user_id = ? AND p.done) AS done_nodes", uid).
		ColumnExpr(`(SELECT COALESCE(SUM(h.tenths), 0) FROM dx_hours AS h JOIN dx_course_item AS i ON i.id = h.ref_id
			WHERE h.user_id = ? AND h.source = ? AND i.course_id = c.id) AS done_tenths`, uid, SourceNode).
		ColumnExpr("(SELECT MAX(p.updated_at) FROM dx_study AS p WHERE p.course_id = c.id AND p.user_id = ?) AS studied_at", uid).
		ColumnExpr("r.id AS resume_node_id, r.node_type AS resume_node_type, r.title AS resume_node_title").
		Join("LEFT JOIN dx_course_item AS r ON r.id = "+last, uid).
		Where("c.state = ?", StatePublished).
		// Driven by the caller's own study rows (dx_study's primary key starts with user_id),
		// not by every published course.
		Where("c.id IN (SELECT p.course_id FROM dx_study AS p WHERE p.user_id = ?)", uid)
	return httpx.PagedEach(ctx, q, myCoursesSpec, lq, func(v *MyCourse) {
		v.Hours, v.DoneHours = hours(v.Tenths), hours(v.DoneTenths)
		if v.Nodes > 0 {
			v.Percent = min(100, v.DoneNodes*100/v.Nodes)
		}
	})
}
