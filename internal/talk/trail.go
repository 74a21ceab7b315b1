package talk

import (
	"context"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// TrailModule is the talk's module id in the change trail (change_trail.module).
const TrailModule = 40

// trail declares the talk trail: the fields it reports, in the form's order.
var trail = &record.Decl{Module: TrailModule, Noun: "谈话记录", Fields: []record.Field{
	record.Text("org", "党组织"),
	record.Text("talkDate", "谈话日期"),
	record.Dict("type", "谈话类型", DictType),
	record.Text("talker", "谈话人"),
	record.Text("interviewees", "谈话对象"),
	record.Text("place", "谈话地点"),
	record.Text("content", "谈话内容摘要"),
	record.Text("remark", "备注"),
}}

// trailView is a talk's raw trail view, its organisation shown by name.
func trailView(t Talk, orgName string) map[string]string {
	return map[string]string{"org": orgName, "talkDate": string(t.TalkDate), "type": t.Type, "talker": t.Talker,
		"interviewees": t.Interviewees, "place": t.Place, "content": t.Content, "remark": t.Remark}
}

// Trail is the change trail of a talk of the caller's scope, newest first.
func (s *Service) Trail(r *http.Request, id int64) (httpx.PageResult[audit.Labelled], error) {
	if _, err := s.find(r.Context(), s.db, id); err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	l, err := s.labels(r.Context())
	if err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	return trail.Page(r, s.db, id, l.Label)
}

// RestoreInput is the body of a trail restore.
type RestoreInput struct {
	TrailID int64 `json:"trailId"`
}

// RestoreTrail puts a talk back as a trail entry's snapshot left it,
// checked like an edit (ORIGIN USER_RESTORE).
func (s *Service) RestoreTrail(ctx context.Context, in RestoreInput) (View, error) {
	var snap Talk
	e, err := trail.Snapshot(ctx, s.db, in.TrailID, &snap)
	if err != nil {
		return View{}, err
	}
	cur, err := s.find(ctx, s.db, e.RecordID)
	if err != nil {
		return View{}, audit.ErrNoEntry()
	}
	return s.write(ctx, snap, cur, audit.OriginUserRestore, &e.ID)
}

// AllTrail is the trail of every talk of the caller's scope (filtered by
// the talker's name, type, origin and time), newest first.
func (s *Service) AllTrail(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[audit.NamedEntry], error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return httpx.PageResult[audit.NamedEntry]{}, httpx.Internal(err)
	}
	l, err := s.labels(ctx)
	if err != nil {
		return httpx.PageResult[audit.NamedEntry]{}, err
	}
	across := trail.Across("JOIN dzz_txth AS t ON t.id = ct.record_id", "t.talker",
		func(q *bun.SelectQuery) *bun.SelectQuery { return sc.Apply(q, "t.org_id") })
	return across.Page(ctx, s.db, lq, l.Label)
}
