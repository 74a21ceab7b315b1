package develop

import (
	"context"
	"database/sql"
	"errors"
	"slices"

	"github.com/uptrace/bun"

	"zhdj/internal/home"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// PermMine is the party member's home (dy:home): the member follows their
// own development record there (我的发展). It takes no id.
const PermMine = home.PermMemberHome

// MyStep is a step of the member's own development as they see it: its
// number of 细则, its name and when it was done (or is due).
type MyStep struct {
	No   int       `json:"no"`
	Key  string    `json:"key"`
	Name string    `json:"name"`
	On   date.Date `json:"on"`
}

// MyDevelopment is 我的发展: the caller's own development record, read
// through the member link (dev_record.member_id = the member record linked
// to the caller's account), never through an id a request names.
type MyDevelopment struct {
	// Linked is false when the account has no member record or the member
	// record has no development record (a member who joined before the
	// system, or came by transfer): the page says so, it shows no zeros.
	Linked     bool   `json:"linked"`
	Stage      string `json:"stage"`
	StageLabel string `json:"stageLabel"`
	OrgName    string `json:"orgName"`
	// The probation: from the branch meeting (⑮) to its end (after an
	// extension, the extended end), and 转正 when approved (㉔).
	ProbationFrom date.Date `json:"probationFrom"`
	ProbationTo   date.Date `json:"probationTo"`
	Extensions    int       `json:"extensions"`
	FullOn        date.Date `json:"fullOn"`
	// FullStatus says where 转正 stands, in one sentence.
	FullStatus string    `json:"fullStatus"`
	EndedOn    date.Date `json:"endedOn"`
	// Done are the steps done, in order (① is the application); Next the
	// step the record waits at (nil once done or ended), with its due date.
	Done []MyStep `json:"done"`
	Next *MyStep  `json:"next"`
}

// Mine reads the caller's own development record.
func (s *Service) Mine(ctx context.Context) (*MyDevelopment, error) {
	out := &MyDevelopment{Done: []MyStep{}}
	own, err := s.members.Own(ctx)
	if err != nil {
		return nil, err
	}
	if own == nil {
		return out, nil
	}
	r := new(Record)
	err = s.db.NewSelect().Model(r).Where("r.member_id = ?", own.ID).OrderExpr("r.id DESC").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return out, nil
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	out.Linked, out.Stage, out.StageLabel, out.OrgName = true, r.Stage, StageNames[r.Stage], own.OrgName
	out.ProbationFrom, out.ProbationTo, out.Extensions, out.FullOn, out.EndedOn =
		r.AdmittedOn, r.ProbationEndsOn, r.Extensions, r.FullOn, r.EndedOn
	var rows []StepRow
	if err := s.db.NewSelect().Model(&rows).Column("step", "done_on").Where("ds.record_id = ?", r.ID).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	out.Done = append(out.Done, MyStep{No: 1, Key: StepApply, Name: Steps[0].Name, On: r.AppliedOn})
	for _, row := range rows {
		if d := stepDef(row.Step); d != nil && d.Key != StepApply {
			out.Done = append(out.Done, MyStep{No: d.No, Key: d.Key, Name: d.Name, On: row.DoneOn})
		}
	}
	slices.SortStableFunc(out.Done, func(a, b MyStep) int { return a.No - b.No })
	if d := stepDef(r.Step); d != nil && r.Stage != StageFull && r.Stage != StageEnded {
		out.Next = &MyStep{No: d.No, Key: d.Key, Name: d.Name, On: r.DueOn}
	}
	out.FullStatus = fullStatus(r)
	return out, nil
}

// fullStatus says where the member's 转正 stands.
func fullStatus(r *Record) string {
	switch {
	case r.Stage == StageEnded:
		return "发展记录已终止"
	case !r.FullOn.IsZero():
		return "已于 " + string(r.FullOn) + " 转为正式党员"
	case r.Stage == StageFull:
		return "已转为正式党员"
	case r.Stage != StageProbationary:
		return "尚未接收为预备党员"
	case r.ProbationEndsOn.IsZero():
		return "预备期进行中，待转正"
	case r.Extensions > 0:
		return "预备期已延长，至 " + string(r.ProbationEndsOn) + " 期满，待转正"
	default:
		return "预备期至 " + string(r.ProbationEndsOn) + " 期满，待转正"
	}
}

func (s *Service) mineRoutes(rs *httpx.Routes) {
	rs.Get("/api/fzdy/mine", PermMine, "查看我的发展", httpx.Read(s.Mine))
	rs.Get("/api/fzdy/member/{id}", Perms.List, "查看党员的发展记录", httpx.ReadOn(func() *httpx.Error { return httpx.NotFound("党员不存在") }, s.MemberRecords))
}

// MemberRecords is GET /api/fzdy/member/{id} (fzdy:list): the development
// records of member id for the administrator's member detail, newest
// first. The member must be in the caller's scope (the member domain's
// Detail decides, else 404) and only records of branches in the scope are
// answered.
func (s *Service) MemberRecords(ctx context.Context, memberID int64) ([]RecordView, error) {
	if _, err := s.members.Detail(ctx, memberID, false); err != nil {
		return nil, err
	}
	return s.records().Where(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("r.member_id = ?", memberID).OrderExpr("r.id DESC").Limit(maxMemberRecords)
	})
}

// maxMemberRecords bounds the member detail's list (a person has one
// record, or a few after an ended one).
const maxMemberRecords = 10
