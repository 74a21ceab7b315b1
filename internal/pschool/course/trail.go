package course

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// TrailModule is the courses' module in the change trail (the question
// bank is 80, the schools, batches, papers and exams 91 to 94).
const TrailModule = 95

// trail declares a course's change trail: its form (the organisation by
// name) and its state, which publishing and taking back change.
var trail = &record.Decl{Module: TrailModule, Noun: "课程", Fields: []record.Field{
	record.Text("title", "课程名称"),
	record.Text("org", "开课党组织"),
	record.Text("intro", "课程简介"),
	record.Text("state", "状态"),
}}

// plainLabels: the course's fields are texts already; the entries' types
// and origins are labelled by the web from the trail dictionaries.
func plainLabels(string, string) string { return "" }

// trailView is the raw trail view of course c.
func (s *Service) trailView(ctx context.Context, c *Course) (map[string]string, error) {
	names, err := s.orgs.Names(ctx, []int64{c.OrgID})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return map[string]string{"title": c.Title, "org": names[c.OrgID], "intro": c.Intro, "state": StateNames[c.State]}, nil
}

// save writes course c through the trail's pipeline inside tx (before nil:
// a new course, an ADD entry).
func (s *Service) save(ctx context.Context, tx bun.IDB, before map[string]string, c *Course, write func(ctx context.Context) (int64, error)) error {
	after, err := s.trailView(ctx, c)
	if err != nil {
		return err
	}
	origin := audit.OriginUserUpdate
	if before == nil {
		origin = audit.OriginUserCreate
	}
	_, err = trail.Save(ctx, tx, plainLabels, record.Save{Origin: origin, Before: before, After: after, Write: write, Snapshot: c})
	return err
}

// recordState writes the trail entry of course c's state moving from old.
func recordState(ctx context.Context, tx bun.IDB, c *Course, old int) error {
	return trail.Record(ctx, tx, c.ID, []audit.Change{trail.Change("state", StateNames[old], StateNames[c.State])}, c)
}

// trailOf is the courses' trail as its routes serve it: a course of the
// caller's scope, the trail across it, deleted courses by organisation.
func (s *Service) trailOf() record.Trail {
	return record.Trail{Decl: trail, DB: s.db, Find: record.FindIn(s.db, s.find),
		Labels: func(context.Context) (audit.Labeller, error) { return plainLabels, nil },
		Join:   "JOIN dx_course AS c ON c.id = ct.record_id", Name: "c.title",
		Scope: s.orgs.Scoped("c.org_id"), Gone: s.orgs.Scoped("ct.anchor_id")}
}

// describeItem is a chapter or node as the trail names it: 章“第一章”,
// 节点“第一讲”（视频，100秒，1学时）.
func describeItem(it *Item) string {
	if it.Kind == KindChapter {
		return "章“" + it.Title + "”"
	}
	return fmt.Sprintf("节点“%s”（%s，%d秒，%g学时）", it.Title, NodeTypeNames[it.NodeType], it.Duration, hours(it.Tenths))
}

// recordItem writes the trail entry of course c for a change of its
// chapters and nodes (what was, what is: "" for none) inside tx.
func recordItem(ctx context.Context, tx bun.IDB, c *Course, old, new string) error {
	if old == new {
		return nil
	}
	return trail.Record(ctx, tx, c.ID, []audit.Change{record.Note("items", "章节", old, new)}, c)
}
