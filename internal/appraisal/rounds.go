package appraisal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
)

// roundTrail is what a round's history shows: the opening, each vote
// opened and closed with its turnout, and the decision.
var roundTrail = &record.Decl{Module: TrailModule, Noun: "民主评议", Fields: []record.Field{
	record.Text("state", "状态"), record.Text("members", "参评党员"), record.Text("meeting", "评议会议"),
	record.Text("vote", "投票"), record.Text("turnout", "投票情况"), record.Text("grades", "评定结果"),
	record.Text("changed", "与建议等次不同"), record.Text("decidedBy", "评定人"),
}}

// trailView is round r (with its members as) as its history shows it.
func trailView(r *Round, as []Appraisee, meeting string) map[string]string {
	v := map[string]string{"state": StateNames[r.State], "meeting": meeting, "decidedBy": r.DecidedBy}
	full, prob := 0, 0
	for _, a := range as {
		if !a.Active {
			continue
		}
		if a.Probation {
			prob++
		} else {
			full++
		}
	}
	v["members"] = fmt.Sprintf("正式党员%d名，预备党员%d名", full, prob)
	if r.Votes > 0 {
		v["vote"] = fmt.Sprintf("第%d次投票", r.Votes)
	}
	if r.ClosedAt != nil && r.State != StateVoting {
		result := "有效"
		if !VoteCounts(r.Cast, r.Issued) {
			result = "无效（投票人数未超过半数）"
		}
		v["turnout"] = fmt.Sprintf("应投%d票，实投%d票，%s", r.Issued, r.Cast, result)
	}
	if r.State == StateDecided {
		n := map[string]int{}
		var changed []string
		for _, a := range as {
			if a.Grade == "" {
				continue
			}
			n[a.Grade]++
			if a.Proposed != "" && a.Grade != a.Proposed {
				changed = append(changed, fmt.Sprintf("%s：%s（建议%s，理由：%s）", a.Name, GradeNames[a.Grade], GradeNames[a.Proposed], a.Reason))
			}
		}
		var parts []string
		for _, g := range Grades {
			parts = append(parts, fmt.Sprintf("%s%d名", GradeNames[g], n[g]))
		}
		v["grades"] = strings.Join(parts, "，")
		v["changed"] = strings.Join(changed, "；")
	}
	return v
}

func plainLabels(_, v string) string { return v }

// operator is the caller's name as a round records it.
func operator(ctx context.Context) string { return db.Clip(rbac.From(ctx).AccountName(), 50) }

// today is the day in China by the service's clock.
func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

// branchesUnder are the live branches (党支部, 直属党支部) of o's subtree (o
// itself when a branch) in the caller's scope, in tree order; all holds
// every organisation (their parents' names).
func (s *Service) branchesUnder(ctx context.Context, sc org.Scope, o *org.Org) (branches []org.Org, all map[int64]org.Org, err error) {
	rows, err := s.orgs.OfTypes(ctx, s.db)
	if err != nil {
		return nil, nil, httpx.Internal(err)
	}
	all = make(map[int64]org.Org, len(rows))
	for _, x := range rows {
		all[x.ID] = x
	}
	for _, x := range rows {
		if !org.IsBranch(x.Type) || !x.Live() || !sc.Has(x.ID) {
			continue
		}
		if o != nil && !strings.HasPrefix(x.Path, o.Path) {
			continue
		}
		branches = append(branches, x)
	}
	return branches, all, nil
}

// Open opens the rounds of a year for the branches of an organisation of
// the caller's scope (a branch: itself; a 二级党委 or the 党委: every live
// branch under it) that have none yet and hold members; each round lists
// the branch's full and probationary members for their summaries.
func (s *Service) Open(ctx context.Context, in OpenInput) (Opened, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return Opened{}, httpx.AsError(err)
	}
	if err := record.Year("year", "年度", in.Year); err != nil {
		return Opened{}, err
	}
	if in.OrgID <= 0 {
		return Opened{}, httpx.Invalid("orgId", "请选择开展评议的党组织")
	}
	o, err := s.orgs.BriefInScope(ctx, in.OrgID)
	if err != nil {
		return Opened{}, httpx.Internal(err)
	}
	if o == nil {
		return Opened{}, httpx.Invalid("orgId", "所选党组织不存在")
	}
	if !o.Live() {
		return Opened{}, httpx.Invalid("orgId", "%s已撤销", o.Name)
	}
	branches, _, err := s.branchesUnder(ctx, sc, o)
	if err != nil {
		return Opened{}, err
	}
	if len(branches) == 0 {
		return Opened{}, httpx.Invalid("orgId", "%s下没有党支部", o.Name)
	}
	out := Opened{IDs: []int64{}}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		ids := make([]int64, len(branches))
		for i, b := range branches {
			ids[i] = b.ID
		}
		var taken []int64
		if err := tx.NewSelect().TableExpr("mzpy_round AS r").Column("r.org_id").Where("r.year = ?", in.Year).
			Where("r.org_id IN (?)", bun.In(ids)).Scan(ctx, &taken); err != nil {
			return httpx.Internal(err)
		}
		now := s.now().Truncate(time.Second)
		who := operator(ctx)
		for _, b := range branches {
			if slices.Contains(taken, b.ID) {
				out.Skipped++
				continue
			}
			roster, err := s.members.Roster(ctx, tx, b.ID)
			if err != nil {
				return err
			}
			if len(roster) == 0 {
				out.Skipped++
				continue
			}
			r := &Round{Year: in.Year, OrgID: b.ID, State: StateSelf, OpenedBy: who}
			r.CreatedAt, r.UpdatedAt = now, now
			as := make([]Appraisee, len(roster))
			for i, m := range roster {
				as[i] = Appraisee{MemberID: m.ID, Name: db.Clip(m.Name, 50), Probation: m.Probation(), Active: true}
				as[i].CreatedAt, as[i].UpdatedAt = now, now
			}
			_, err = roundTrail.Save(ctx, tx, plainLabels, record.Save{Origin: audit.OriginUserCreate, After: trailView(r, as, ""), Snapshot: r,
				Write: func(ctx context.Context) (int64, error) {
					if _, err := tx.NewInsert().Model(r).Exec(ctx); err != nil {
						if db.IsUniqueViolation(err) {
							return 0, httpx.Conflict("%s%d年度民主评议已开展，请刷新后重试", b.Name, in.Year)
						}
						return 0, httpx.Internal(err)
					}
					for i := range as {
						as[i].RoundID = r.ID
					}
					if _, err := tx.NewInsert().Model(&as).Exec(ctx); err != nil {
						return 0, httpx.Internal(err)
					}
					return r.ID, nil
				}})
			if err != nil {
				return err
			}
			out.Opened++
			out.IDs = append(out.IDs, r.ID)
		}
		return nil
	})
	if err != nil {
		return Opened{}, httpx.AsError(err)
	}
	if out.Opened == 0 {
		return out, httpx.Invalid("orgId", "%s下的党支部%d年度均已开展民主评议或没有党员", o.Name, in.Year)
	}
	return out, nil
}

// roundCounts are RoundView's counts of the round's members.
var roundCounts = []struct{ column, where string }{
	{"n_members", "a.active = TRUE"},
	{"n_graded", "a.active = TRUE AND a.probation = FALSE"},
	{"n_submitted", "a.summary_state = 2"},
}

func (s *Service) roundsQuery(idb bun.IDB) *bun.SelectQuery {
	q := idb.NewSelect().Model((*RoundView)(nil)).ColumnExpr("r.*")
	q = org.NameJoin("r.org_id")(q)
	for _, c := range roundCounts {
		q = q.ColumnExpr("(SELECT COUNT(*) FROM mzpy_member AS a WHERE a.round_id = r.id AND "+c.where+") AS ?", bun.Ident(c.column))
	}
	return q
}

// roundView reads round id of the caller's scope (404 otherwise).
func (s *Service) roundView(ctx context.Context, id int64) (*RoundView, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.AsError(err)
	}
	v := new(RoundView)
	if err := s.roundsQuery(s.db).Where("r.id = ?", id).Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoRound()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	if !sc.Has(v.OrgID) {
		return nil, errNoRound()
	}
	if err := s.show(ctx, v); err != nil {
		return nil, err
	}
	return v, nil
}

// show fills a round's names, its live turnout, its cap and what the caller may do.
func (s *Service) show(ctx context.Context, v *RoundView) error {
	p := rbac.From(ctx)
	v.StateName = StateNames[v.State]
	v.ExcellentCap = s.share(ctx).ExcellentCap(v.Graded)
	v.CanVote = p.Has(PermVote)
	v.CanDecide = p.Has(PermDecide)
	if v.State == StateVoting && v.BallotID != nil {
		br, err := s.ballots.Rounds(ctx, []int64{*v.BallotID})
		if err != nil {
			return httpx.Internal(err)
		}
		if b := br[*v.BallotID]; b != nil {
			v.LiveIssued, v.LiveCast = b.Issued, b.Cast
		}
	}
	if v.MeetingID != nil {
		m, err := s.life.MeetingBriefs(ctx, s.db, []int64{*v.MeetingID})
		if err != nil {
			return err
		}
		if b, ok := m[*v.MeetingID]; ok {
			v.MeetingTopic, v.MeetingLink = b.Topic, b.Link()
		}
	}
	return nil
}

// appraisees reads round id's members through idb, in id order.
func appraisees(ctx context.Context, idb bun.IDB, id int64) ([]Appraisee, error) {
	var as []Appraisee
	if err := idb.NewSelect().Model(&as).Where("a.round_id = ?", id).OrderExpr("a.id").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	return as, nil
}

// Detail is round id with its members (their summaries' state and length,
// the counts, the proposal and the grade).
func (s *Service) Detail(ctx context.Context, id int64) (RoundDetail, error) {
	v, err := s.roundView(ctx, id)
	if err != nil {
		return RoundDetail{}, err
	}
	as, err := appraisees(ctx, s.db, id)
	if err != nil {
		return RoundDetail{}, err
	}
	out := RoundDetail{RoundView: *v, Appraisees: make([]AppraiseeView, 0, len(as))}
	for _, a := range as {
		out.Appraisees = append(out.Appraisees, AppraiseeView{Appraisee: a, SummaryWords: Words(a.Summary),
			GradeName: GradeNames[a.Grade], ProposedName: GradeNames[a.Proposed]})
	}
	return out, nil
}

// SummaryView is one member's summary as the branch reads it.
type SummaryView struct {
	AppraiseeView
	Summary string `json:"summary"`
	Year    int    `json:"year"`
	OrgName string `json:"orgName"`
}

// Appraisee is member row id of a round of the caller's scope, with the summary.
func (s *Service) Appraisee(ctx context.Context, id int64) (SummaryView, error) {
	a := new(Appraisee)
	if err := s.db.NewSelect().Model(a).Where("a.id = ?", id).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return SummaryView{}, errNoMember()
	} else if err != nil {
		return SummaryView{}, httpx.Internal(err)
	}
	r, err := s.roundView(ctx, a.RoundID)
	if err != nil {
		return SummaryView{}, errNoMember()
	}
	return SummaryView{AppraiseeView: AppraiseeView{Appraisee: *a, SummaryWords: Words(a.Summary), GradeName: GradeNames[a.Grade],
		ProposedName: GradeNames[a.Proposed]}, Summary: a.Summary, Year: r.Year, OrgName: r.OrgName}, nil
}

// Meetings are the meetings of round id's branch a vote may be held in:
// its 组织生活会 and 支部党员大会 of the round's year and the next January,
// not cancelled, newest first.
func (s *Service) Meetings(ctx context.Context, id int64) ([]orglife.MeetingBrief, error) {
	v, err := s.roundView(ctx, id)
	if err != nil {
		return nil, err
	}
	from := date.Date(strconv.Itoa(v.Year) + "-01-01")
	to := date.Date(strconv.Itoa(v.Year+1) + "-03-31")
	return s.life.MeetingsOf(ctx, s.db, v.OrgID, from, to, meetingTypes...)
}

// meetingTypes are the meetings an appraisal is held in.
var meetingTypes = []string{orglife.TypeLifeMeeting, orglife.TypeBranchGeneral}

// Trail is a page of round id's history, newest first.
func (s *Service) Trail(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[audit.Labelled], error) {
	if _, err := s.roundView(ctx, id); err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	l, err := s.sys.DictLabels(ctx, audit.DictOrigin, audit.DictType)
	if err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	return roundTrail.Page(ctx, s.db, id, lq, l.Label)
}
