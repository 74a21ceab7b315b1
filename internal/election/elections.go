package election

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"time"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
)

// Record is an election as lists, details and the workflow read it: the
// organisation's and the higher committee's names.
type Record struct {
	Election   `bun:",extend"`
	OrgName    string `bun:"org_name,scanonly" json:"orgName"`
	ParentName string `bun:"parent_name,scanonly" json:"parentName"`
	StateName  string `bun:"-" json:"stateName"`
	MethodName string `bun:"-" json:"methodName"`
}

// Detail is an election with its candidates, votes and the people elected
// so far, and what the caller may do.
type Detail struct {
	Record
	Candidates []Candidate `json:"candidates"`
	Votes      []VoteView  `json:"votes"`
	// Elected are the people elected by the counted votes, most votes first;
	// SeatsLeft the seats still to fill (a tie, a shortfall).
	Elected   []Count `json:"elected"`
	SeatsLeft int     `json:"seatsLeft"`
	// Secretary is who the meeting elected secretary directly ("" none).
	DirectSecretary string `json:"directSecretary"`
	// CanVote: the caller holds hjxj:vote for the organisation and the plan
	// is approved (a vote may be opened or closed).
	CanVote bool `json:"canVote"`
	// NextVote says what another vote would be for ("" when none is due).
	NextVote string `json:"nextVote"`
}

// PlanInput is the body of a plan (发起换届) and of its resubmission.
type PlanInput struct {
	OrgID      int64            `json:"orgId"`
	Title      string           `json:"title"`
	Seats      int              `json:"seats"`
	Secretary  bool             `json:"secretary"`
	Method     string           `json:"method"`
	MeetingOn  date.Date        `json:"meetingOn"`
	Note       string           `json:"note"`
	Candidates []CandidateInput `json:"candidates"`
}

// CandidateInput is a candidate of a plan: a member of the organisation
// with the right to be elected.
type CandidateInput struct {
	MemberID     int64 `json:"memberId"`
	ForSecretary bool  `json:"forSecretary"`
}

var listSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"state": {Columns: []string{"x.state"}, Match: httpx.In},
		"orgId": org.SubtreeFilter("x.org_id"),
		// orgIds: the elections of these organisations themselves (任期即将届满's page of them).
		"orgIds": {Columns: []string{"x.org_id"}, Match: httpx.In, Kind: httpx.Int},
		"blurry": {Columns: []string{"x.title"}, Match: httpx.Like},
		"id":     {Columns: []string{"x.id"}, Kind: httpx.Int},
	},
	Sorts:       map[string]string{"meetingOn": "x.meeting_on", "createTime": "x.created_at"},
	DefaultSort: "x.created_at DESC, x.id DESC",
	Key:         "x.id",
}

// selectRecords selects the elections with their names (no scope).
func (s *Service) selectRecords(idb bun.IDB) *bun.SelectQuery {
	q := idb.NewSelect().Model((*Record)(nil)).ColumnExpr("x.*")
	q = org.NameJoin("x.org_id")(q)
	return org.NameLeftJoinAs("x.parent_id", "pz", "parent_name")(q)
}

func show(r *Record) {
	r.StateName, r.MethodName = StateNames[r.State], MethodNames[r.Method]
}

// List is a page of the elections of the caller's scope.
func (s *Service) List(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Record], error) {
	scope, err := s.orgs.Scoped("x.org_id")(ctx)
	if err != nil {
		return httpx.PageResult[Record]{}, httpx.AsError(err)
	}
	return httpx.PagedEach(ctx, scope(s.selectRecords(s.db)), listSpec, lq, show)
}

// find reads election id of the caller's scope through idb (404 outside).
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*Record, error) {
	scope, err := s.orgs.Scoped("x.org_id")(ctx)
	if err != nil {
		return nil, httpx.AsError(err)
	}
	r := new(Record)
	if err := scope(s.selectRecords(idb).Where("x.id = ?", id)).Scan(ctx, r); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoElection()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	show(r)
	return r, nil
}

// Detail is election id with its candidates, votes and result so far.
func (s *Service) Detail(ctx context.Context, id int64) (Detail, error) {
	r, err := s.find(ctx, s.db, id)
	if err != nil {
		return Detail{}, err
	}
	d := Detail{Record: *r, Candidates: []Candidate{}}
	if err := s.db.NewSelect().Model(&d.Candidates).Where("election_id = ?", id).OrderExpr("sort, id").Scan(ctx); err != nil {
		return Detail{}, httpx.Internal(err)
	}
	if d.Votes, err = s.votesOf(ctx, OwnerElection, id); err != nil {
		return Detail{}, err
	}
	d.Elected, d.SeatsLeft, d.DirectSecretary = tallyUp(r.Seats, d.Votes)
	d.NextVote = nextVote(&r.Election, d.Votes, d.SeatsLeft)
	d.CanVote = r.State == StateApproved && rbac.From(ctx).Has(PermVote)
	return d, nil
}

// tallyUp sums the counted votes: the elected people (most votes first),
// the seats left and the secretary elected directly (by the first vote).
func tallyUp(seats int, votes []VoteView) (elected []Count, left int, secretary string) {
	elected = []Count{}
	for _, v := range votes {
		if v.State != VoteCounted || v.Result == nil || !v.Result.Valid {
			continue
		}
		for _, c := range v.Result.Counts {
			if c.Elected {
				elected = append(elected, c)
			}
		}
		if sec := v.Result.Secretary; sec != nil && sec.Valid && secretary == "" {
			for _, c := range sec.Counts {
				if c.Elected {
					secretary = c.Name
				}
			}
		}
	}
	slices.SortStableFunc(elected, func(a, b Count) int { return b.Votes - a.Votes })
	if secretary != "" && !slices.ContainsFunc(elected, func(c Count) bool { return c.Name == secretary }) {
		secretary = "" // the secretary is elected among the committee
	}
	return elected, max(seats-len(elected), 0), secretary
}

// nextVote says why another vote is due ("" when none): the last counted
// vote left a tie, or seats no one took.
func nextVote(e *Election, votes []VoteView, left int) string {
	if e.State != StateApproved || left == 0 || len(votes) == 0 {
		return ""
	}
	last := votes[len(votes)-1]
	switch {
	case last.State != VoteCounted || last.Result == nil:
		return ""
	case !last.Result.Valid:
		return fmt.Sprintf("第%d次投票收回的选票多于实到人数，选举无效，应重新投票", last.Seq)
	case last.Result.TiedSeats > 0:
		return fmt.Sprintf("最后%d个名额出现票数相等，应就票数相等的被选举人再次投票", last.Result.TiedSeats)
	}
	return fmt.Sprintf("尚有%d个名额无人获得过半数赞成票，可另行选举", left)
}

// plan checks a plan and reads its organisation and candidates.
func (s *Service) plan(ctx context.Context, idb bun.IDB, in PlanInput) (*org.Org, []Candidate, error) {
	in.Title, in.Note = strings.TrimSpace(in.Title), strings.TrimSpace(in.Note)
	var checks httpx.Checks
	var o *org.Org
	var err error
	if in.OrgID <= 0 {
		checks.Add(httpx.Invalid("orgId", "请选择换届的党组织"))
	} else if o, err = s.orgs.BriefInScope(ctx, in.OrgID); err != nil {
		return nil, nil, httpx.Internal(err)
	} else if o == nil {
		checks.Add(httpx.Invalid("orgId", "所选党组织不存在"))
	} else if !o.Live() {
		checks.Add(httpx.Invalid("orgId", "%s已撤销", o.Name))
	} else if o.Type == org.TypeGroup {
		checks.Add(httpx.Invalid("orgId", "党小组不进行换届选举"))
	} else if o.PID == nil {
		checks.Add(httpx.Invalid("orgId", "%s的换届由上级党组织审批，不在本系统办理", o.Name))
	}
	if in.Title == "" || utf8.RuneCountInString(in.Title) > MaxTitle {
		checks.Add(httpx.Invalid("title", "请输入选举名称（不超过%d个字）", MaxTitle))
	}
	if in.Seats < 1 || in.Seats > MaxSeats {
		checks.Add(httpx.Invalid("seats", "应选委员人数应为1到%d名", MaxSeats))
	}
	if !slices.Contains(Methods, in.Method) {
		checks.Add(httpx.Invalid("method", "请选择差额选举或等额选举"))
	}
	if in.MeetingOn.IsZero() {
		checks.Add(httpx.Invalid("meetingOn", "请选择选举大会日期"))
	} else if _, ok := date.Parse(string(in.MeetingOn)); !ok {
		checks.Add(httpx.Invalid("meetingOn", "选举大会日期格式应为 YYYY-MM-DD"))
	}
	checks.Add(record.MaxLen("note", "说明", in.Note, MaxNote))
	if err := checks.Err(); err != nil {
		return nil, nil, err
	}
	if len(in.Candidates) > MaxCandidates {
		return nil, nil, httpx.Invalid("candidates", "候选人不能超过%d名", MaxCandidates)
	}
	// Candidates: members of the organisation (or those below it) with the
	// right to be elected (正式党员, not under 留党察看: 条例 第五条), each once.
	voters, err := s.votersOf(ctx, idb, o.ID)
	if err != nil {
		return nil, nil, err
	}
	byID := map[int64]member.Voter{}
	for _, v := range voters {
		byID[v.ID] = v
	}
	out := make([]Candidate, 0, len(in.Candidates))
	seen := map[int64]bool{}
	secretaries := 0
	for i, c := range in.Candidates {
		v, ok := byID[c.MemberID]
		if !ok {
			return nil, nil, httpx.Invalid("candidates", "第%d名候选人不是%s有选举权和被选举权的正式党员", i+1, o.Name)
		}
		if seen[c.MemberID] {
			return nil, nil, httpx.Invalid("candidates", "候选人%s重复", v.Name)
		}
		seen[c.MemberID] = true
		if c.ForSecretary && in.Secretary {
			secretaries++
		}
		out = append(out, Candidate{MemberID: v.ID, Name: db.Clip(v.Name, 50), Sort: i + 1, ForSecretary: c.ForSecretary && in.Secretary})
	}
	if why := CheckCandidates(in.Method, in.Seats, len(out)); why != "" {
		return nil, nil, httpx.Invalid("candidates", "%s", why)
	}
	if in.Secretary && secretaries == 0 {
		return nil, nil, httpx.Invalid("candidates", "直接选举书记时，请在委员候选人中指定书记候选人")
	}
	return o, out, nil
}

// votersOf lists the members with a vote of organisation id and those below it, today.
func (s *Service) votersOf(ctx context.Context, idb bun.IDB, id int64) ([]member.Voter, error) {
	ids, err := s.orgs.Subtree(ctx, []int64{id})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	voters, err := s.members.VotersIn(ctx, idb, ids, date.Of(s.now().In(date.China)))
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return voters, nil
}

// Create writes a plan and submits it to the higher committee, in one
// transaction. An organisation has one election under way at a time.
func (s *Service) Create(ctx context.Context, in PlanInput) (Detail, error) {
	var id int64
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		o, cands, err := s.plan(ctx, tx, in)
		if err != nil {
			return err
		}
		busy, err := tx.NewSelect().Model((*Election)(nil)).Where("org_id = ?", o.ID).
			Where("state IN (?)", bun.List(StatesUnderWay)).Exists(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if busy {
			return httpx.Conflict("%s有正在进行的换届选举", o.Name)
		}
		now := s.now()
		e := &Election{OrgID: o.ID, ParentID: *o.PID, Title: strings.TrimSpace(in.Title), Seats: in.Seats, Secretary: in.Secretary,
			Method: in.Method, MeetingOn: in.MeetingOn, Note: strings.TrimSpace(in.Note), State: StateReview,
			CreatedBy: db.Clip(rbac.From(ctx).AccountName(), 50)}
		e.CreatedAt, e.UpdatedAt = now, now
		if _, err := tx.NewInsert().Model(e).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		id = e.ID
		if err := s.putCandidates(ctx, tx, id, cands); err != nil {
			return err
		}
		return s.wf.StartAt(ctx, tx, id, StepApprove, flow.Note{Comment: e.Note})
	})
	if err != nil {
		return Detail{}, httpx.AsError(err)
	}
	return s.Detail(ctx, id)
}

func (s *Service) putCandidates(ctx context.Context, tx bun.Tx, id int64, cands []Candidate) error {
	if _, err := tx.NewDelete().Model((*Candidate)(nil)).Where("election_id = ?", id).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	for i := range cands {
		cands[i].ElectionID = id
	}
	if len(cands) > 0 {
		if _, err := tx.NewInsert().Model(&cands).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
	}
	return nil
}

// setState moves election id from state from to state to (set: more
// columns); an election no longer in from changed meanwhile (409).
func (s *Service) setState(ctx context.Context, tx bun.IDB, id int64, from, to string, set ...func(*bun.UpdateQuery) *bun.UpdateQuery) error {
	q := tx.NewUpdate().Model((*Election)(nil)).Set("state = ?", to).Set("updated_at = ?", s.now()).Where("id = ?", id).Where("state = ?", from)
	for _, f := range set {
		q = f(q)
	}
	res, err := q.Exec(ctx)
	return record.Conditional(res, err, 1, httpx.Conflict("该换届选举已被他人处理，请刷新后查看"))
}

// ReportInput is the report step's form: the secretary and deputy the new
// committee elected (when the meeting did not elect the secretary directly).
type ReportInput struct {
	SecretaryName string `json:"secretaryName"`
	DeputyName    string `json:"deputyName"`
}

// workflow declares the election's approval: the plan approved by the
// higher committee, the result reported by the organiser and confirmed by
// the higher committee, who write the new committee to the organisation.
func (s *Service) workflow() *flow.Workflow[Record] {
	moved := func(ctx context.Context, tx bun.Tx, a *flow.Act[Record]) error {
		return s.setState(ctx, tx, a.ID, a.Step.State, a.State)
	}
	return &flow.Workflow[Record]{DB: s.db, Key: FlowKey, Noun: "换届选举", States: flow.StatesOf(States, StateNames),
		Done: StateDone, Rejected: StateRejected,
		Steps: []flow.Step[Record]{
			{Key: StepResubmit, Name: "修改方案后重新报批", State: StateReturned, Perm: PermAdd, Results: []flow.Result{flow.Approve},
				After: s.resubmitted},
			{Key: StepApprove, Name: "上级党委审批选举方案", State: StateReview, Perm: PermApprove,
				Results: []flow.Result{flow.Approve, flow.Reject, flow.Return}, After: moved},
			{Key: StepReport, Name: "报送选举结果", State: StateApproved, Perm: PermVote, Results: []flow.Result{flow.Approve},
				Rules: []flow.Rule[Record]{{Name: "选举结果已确定", Check: s.resultReady}}, After: s.reported},
			{Key: StepConfirm, Name: "上级党委确认选举结果", State: StateConfirming, Perm: PermApprove,
				Results: []flow.Result{flow.Approve, flow.Return}, After: s.confirmed},
		},
		Find:  s.find,
		OrgOf: func(r *Record) int64 { return r.OrgID },
		// The higher committee acts above the electing organisation: a
		// committee never approves its own plan or result.
		OrgAt: func(r *Record, step string) int64 {
			if step == StepApprove || step == StepConfirm {
				return r.ParentID
			}
			return 0
		},
		NameOf: func(r *Record) string { return r.Title },
		Link:   link,
		Orgs:   s.orgs, Todos: s.sys, Files: s.sys, Now: func() time.Time { return s.now() }}
}

// resubmitted is the organiser's step after 退回修改: the plan as the
// action's form changes it (checked as a new one; the organisation stays),
// or as it was, goes back to the higher committee.
func (s *Service) resubmitted(ctx context.Context, tx bun.Tx, a *flow.Act[Record]) error {
	set := []func(*bun.UpdateQuery) *bun.UpdateQuery{}
	if len(a.Form) > 0 && string(a.Form) != "null" {
		var in PlanInput
		if err := json.Unmarshal(a.Form, &in); err != nil {
			return httpx.BadRequest("选举方案格式错误")
		}
		in.OrgID = a.Record.OrgID
		_, cands, err := s.plan(ctx, tx, in)
		if err != nil {
			return err
		}
		if err := s.putCandidates(ctx, tx, a.ID, cands); err != nil {
			return err
		}
		set = append(set, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("title = ?, seats = ?, secretary = ?, method = ?, meeting_on = ?, note = ?", strings.TrimSpace(in.Title), in.Seats,
				in.Secretary, in.Method, in.MeetingOn, strings.TrimSpace(in.Note))
		})
	}
	return s.setState(ctx, tx, a.ID, StateReturned, a.State, set...)
}

// resultReady is the report's rule: a vote counted, none open, no tie left
// to vote again, someone elected.
func (s *Service) resultReady(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (string, error) {
	votes, err := s.votesIn(ctx, idb, OwnerElection, a.ID)
	if err != nil {
		return "", err
	}
	if len(votes) == 0 {
		return "尚未投票", nil
	}
	last := votes[len(votes)-1]
	switch {
	case last.State == VoteOpen:
		return "投票尚未结束", nil
	case last.Result == nil || !last.Result.Valid:
		return "最后一次投票无效，应重新投票", nil
	case last.Result.TiedSeats > 0:
		return "票数相等的被选举人应再次投票", nil
	}
	views := make([]VoteView, len(votes))
	for i, v := range votes {
		views[i] = VoteView{Vote: v}
	}
	if elected, _, _ := tallyUp(a.Record.Seats, views); len(elected) == 0 {
		return "没有当选的委员", nil
	}
	return "", nil
}

// reported keeps the posts the new committee elected: the secretary must
// be elected (unless the meeting elected one directly), the deputy too.
func (s *Service) reported(ctx context.Context, tx bun.Tx, a *flow.Act[Record]) error {
	var in ReportInput
	if len(a.Form) > 0 && string(a.Form) != "null" {
		if err := json.Unmarshal(a.Form, &in); err != nil {
			return httpx.BadRequest("选举结果格式错误")
		}
	}
	in.SecretaryName, in.DeputyName = strings.TrimSpace(in.SecretaryName), strings.TrimSpace(in.DeputyName)
	votes, err := s.votesIn(ctx, tx, OwnerElection, a.ID)
	if err != nil {
		return err
	}
	views := make([]VoteView, len(votes))
	for i, v := range votes {
		views[i] = VoteView{Vote: v}
	}
	elected, _, direct := tallyUp(a.Record.Seats, views)
	isElected := func(name string) bool {
		return slices.ContainsFunc(elected, func(c Count) bool { return c.Name == name })
	}
	if direct != "" {
		in.SecretaryName = direct
	}
	switch {
	case in.SecretaryName == "":
		return httpx.Invalid("secretaryName", "请填写新一届委员会选举产生的书记")
	case !isElected(in.SecretaryName):
		return httpx.Invalid("secretaryName", "书记应为当选委员")
	case in.DeputyName != "" && (!isElected(in.DeputyName) || in.DeputyName == in.SecretaryName):
		return httpx.Invalid("deputyName", "副书记应为书记以外的当选委员")
	}
	return s.setState(ctx, tx, a.ID, StateApproved, a.State, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("secretary_name = ?, deputy_name = ?", in.SecretaryName, in.DeputyName)
	})
}

// confirmed is the higher committee's confirmation: the new committee
// (secretary and members, in the order of their votes) is written to the
// organisation with its term, from the day of the first vote, of the
// organisation type's length (RULES.md §4: 3 years a branch or general
// branch, 5 a committee), in the organisation's change trail. A return
// sends the result back to the vote.
func (s *Service) confirmed(ctx context.Context, tx bun.Tx, a *flow.Act[Record]) error {
	if a.Result != flow.Approve {
		return s.setState(ctx, tx, a.ID, StateConfirming, a.State)
	}
	votes, err := s.votesIn(ctx, tx, OwnerElection, a.ID)
	if err != nil {
		return err
	}
	views := make([]VoteView, len(votes))
	for i, v := range votes {
		views[i] = VoteView{Vote: v}
	}
	elected, _, _ := tallyUp(a.Record.Seats, views)
	// Write-in names take the member of that name among those with a vote, when one alone has it.
	voters, err := s.votersOf(ctx, tx, a.Record.OrgID)
	if err != nil {
		return err
	}
	named := map[string][]int64{}
	for _, v := range voters {
		named[v.Name] = append(named[v.Name], v.ID)
	}
	l := org.Leaders{SecretaryName: a.Record.SecretaryName, Committee: []string{}}
	ids, all := []int64{}, true
	for _, c := range elected {
		id := c.MemberID
		if id == 0 && len(named[c.Name]) == 1 {
			id = named[c.Name][0]
		}
		l.Committee = append(l.Committee, c.Name)
		if id == 0 {
			all = false
		} else {
			ids = append(ids, id)
		}
		if c.Name == a.Record.SecretaryName && id > 0 {
			l.SecretaryID = &id
		}
	}
	if all {
		l.CommitteeIDs = ids
	}
	o, err := s.orgs.Brief(ctx, a.Record.OrgID)
	if err != nil || o == nil {
		return httpx.Internal(fmt.Errorf("election %d: organisation %d: %w", a.ID, a.Record.OrgID, err))
	}
	start := date.Of(votes[0].OpenedAt.In(date.China))
	l.Term = &org.Term{Start: start, Years: org.DefaultTermYears(o.Type)}
	if _, err := s.orgs.SetLeadersTx(ctx, tx, a.Record.OrgID, l); err != nil {
		return err
	}
	return s.setState(ctx, tx, a.ID, StateConfirming, a.State, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("term_start = ?, term_end = ?", start, start.AddYears(l.Term.Years))
	})
}
