package exam

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/pschool/question"
)

// PaperTrailModule is the papers' module in the change trail (the question
// bank is 80, the schools and batches 91 and 92).
const PaperTrailModule = 93

// paperTrail declares a paper's change trail: its form as people read it,
// the rules and questions each as one text (a recomposed paper shows which
// questions it dropped and took).
var paperTrail = &record.Decl{Module: PaperTrailModule, Noun: "试卷", Fields: []record.Field{
	record.Text("title", "试卷名称"),
	record.Text("org", "所属党组织"),
	record.Text("mode", "组卷方式"),
	record.Text("rules", "抽题规则"),
	record.Text("questions", "试题"),
	record.Text("total", "总分"),
	record.Text("passMark", "及格分"),
}}

// stemShown is how many characters of a stem the trail keeps.
const stemShown = 20

// paperView is the raw trail view of paper d (its rules and questions
// read), its organisation by name.
func (s *Service) paperView(ctx context.Context, d *PaperDetail) (map[string]string, error) {
	names, err := s.orgs.Names(ctx, []int64{d.OrgID})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	rules := make([]string, len(d.Rules))
	for i, r := range d.Rules {
		rules[i] = fmt.Sprintf("%s%d题×%d分", describeRule(r.Rule), r.Count, r.Points)
	}
	qs := make([]string, len(d.Questions))
	for i, q := range d.Questions {
		stem := []rune(q.Stem)
		if len(stem) > stemShown {
			stem = append(stem[:stemShown], '…')
		}
		qs[i] = fmt.Sprintf("%d. %s（%d分）", q.Seq, string(stem), q.Points)
	}
	return map[string]string{"title": d.Title, "org": names[d.OrgID], "mode": ModeNames[d.Mode],
		"rules": strings.Join(rules, "；"), "questions": strings.Join(qs, "；"),
		"total": strconv.Itoa(d.Total), "passMark": strconv.Itoa(d.PassMark)}, nil
}

// describeRule names a rule's conditions: "单选题、知识点“党史”、难度易".
func describeRule(r question.Rule) string {
	d := question.TypeNames[r.Type]
	if r.Tag != "" {
		d += "、知识点“" + r.Tag + "”"
	}
	if r.Difficulty != 0 {
		d += "、难度" + question.DifficultyNames[r.Difficulty]
	}
	return d
}

// savePaper writes paper d through the trail's pipeline inside tx: an ADD
// entry for a new paper (before nil), an UPDATE listing what changed for a
// recomposed one, nothing for a recompose that changes nothing. write
// stores the row and its questions and answers the paper's id.
func (s *Service) savePaper(ctx context.Context, tx bun.IDB, before map[string]string, d *PaperDetail, write func(ctx context.Context) (int64, error)) error {
	after, err := s.paperView(ctx, d)
	if err != nil {
		return err
	}
	origin := audit.OriginUserUpdate
	if before == nil {
		origin = audit.OriginUserCreate
	}
	_, err = paperTrail.Save(ctx, tx, plainLabels, record.Save{Origin: origin, Before: before, After: after, Write: write, Snapshot: &d.Paper})
	return err
}

// deletedPapers writes the DELETE entries of papers ps (their last state)
// inside tx, anchored to their organisation so the trail across the scope
// keeps them.
func (s *Service) deletedPapers(ctx context.Context, tx bun.IDB, ps []Paper) error {
	gone := make([]record.Gone, len(ps))
	for i := range ps {
		d, err := s.paperDetail(ctx, &ps[i])
		if err != nil {
			return err
		}
		before, err := s.paperView(ctx, &d)
		if err != nil {
			return err
		}
		gone[i] = record.Gone{ID: ps[i].ID, Name: ps[i].Title, Anchor: ps[i].OrgID, Before: before, Snapshot: ps[i]}
	}
	entries, err := paperTrail.DeleteEntries(ctx, plainLabels, gone)
	if err != nil {
		return err
	}
	if err := audit.InsertEntries(ctx, tx, entries); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// plainLabels: the paper's fields are texts already; the entries' types
// and origins are labelled by the web from the trail dictionaries.
func plainLabels(string, string) string { return "" }

// paperTrailOf is the papers' trail as its routes serve it: a paper of the
// caller's scope, the trail across it, deleted papers by their organisation.
func (s *Service) paperTrailOf() record.Trail {
	return record.Trail{Decl: paperTrail, DB: s.db, Find: record.FindIn(s.db, s.paper),
		Labels: func(context.Context) (audit.Labeller, error) { return plainLabels, nil },
		Join:   "JOIN ks_paper AS p ON p.id = ct.record_id", Name: "p.title",
		Scope: s.orgs.Scoped("p.org_id"), Gone: s.orgs.Scoped("ct.anchor_id")}
}

// ExamTrailModule is the exams' module in the change trail.
const ExamTrailModule = 94

// examTrail declares an exam's change trail: its form as people read it
// (times in China's time, the paper by title, yes/no by word) and its
// state, which publishing and finishing change.
var examTrail = &record.Decl{Module: ExamTrailModule, Noun: "考试", Fields: []record.Field{
	record.Text("title", "考试名称"),
	record.Text("org", "所属党组织"),
	record.Text("paper", "试卷"),
	record.Text("opensAt", "开始时间"),
	record.Text("closesAt", "截止时间"),
	record.Text("duration", "答题时长（分钟）"),
	record.Text("attempts", "可考次数"),
	record.Text("shuffleQuestions", "题目乱序"),
	record.Text("shuffleOptions", "选项乱序"),
	record.Text("passMark", "及格分"),
	record.Text("state", "状态"),
}}

var yesNo = map[bool]string{true: "是", false: "否"}

// examView is the raw trail view of exam x, its organisation and paper by
// name, read through idb.
func (s *Service) examView(ctx context.Context, idb bun.IDB, x *Exam) (map[string]string, error) {
	names, err := s.orgs.Names(ctx, []int64{x.OrgID})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	paper, err := record.NameOf(ctx, idb, "ks_paper", "title", &x.PaperID)
	if err != nil {
		return nil, err
	}
	at := func(t time.Time) string { return t.In(date.China).Format("2006-01-02 15:04") }
	return map[string]string{"title": x.Title, "org": names[x.OrgID], "paper": paper,
		"opensAt": at(x.OpensAt), "closesAt": at(x.ClosesAt), "duration": strconv.Itoa(x.Duration),
		"attempts": strconv.Itoa(x.Attempts), "shuffleQuestions": yesNo[x.ShuffleQuestions],
		"shuffleOptions": yesNo[x.ShuffleOptions], "passMark": strconv.Itoa(x.PassMark), "state": StateNames[x.State]}, nil
}

// saveExam writes exam x through the trail's pipeline inside tx (before
// nil: a new exam, an ADD entry).
func (s *Service) saveExam(ctx context.Context, tx bun.IDB, before map[string]string, x *Exam, write func(ctx context.Context) (int64, error)) error {
	after, err := s.examView(ctx, tx, x)
	if err != nil {
		return err
	}
	origin := audit.OriginUserUpdate
	if before == nil {
		origin = audit.OriginUserCreate
	}
	_, err = examTrail.Save(ctx, tx, plainLabels, record.Save{Origin: origin, Before: before, After: after, Write: write, Snapshot: x})
	return err
}

// examState writes the trail entry of exam x's state moving from old
// (publishing, finishing) inside tx.
func examState(ctx context.Context, tx bun.IDB, x *Exam, old int) error {
	return examTrail.Record(ctx, tx, x.ID, []audit.Change{examTrail.Change("state", StateNames[old], StateNames[x.State])}, x)
}

// deletedExams writes the DELETE entries of exams xs inside tx, anchored
// to their organisation.
func (s *Service) deletedExams(ctx context.Context, tx bun.IDB, xs []Exam) error {
	gone := make([]record.Gone, len(xs))
	for i := range xs {
		before, err := s.examView(ctx, tx, &xs[i])
		if err != nil {
			return err
		}
		gone[i] = record.Gone{ID: xs[i].ID, Name: xs[i].Title, Anchor: xs[i].OrgID, Before: before, Snapshot: xs[i]}
	}
	entries, err := examTrail.DeleteEntries(ctx, plainLabels, gone)
	if err != nil {
		return err
	}
	if err := audit.InsertEntries(ctx, tx, entries); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// examTrailOf is the exams' trail as its routes serve it.
func (s *Service) examTrailOf() record.Trail {
	return record.Trail{Decl: examTrail, DB: s.db, Find: record.FindIn(s.db, s.exam),
		Labels: func(context.Context) (audit.Labeller, error) { return plainLabels, nil },
		Join:   "JOIN ks_exam AS x ON x.id = ct.record_id", Name: "x.title",
		Scope: s.orgs.Scoped("x.org_id"), Gone: s.orgs.Scoped("ct.anchor_id")}
}
