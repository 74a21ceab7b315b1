package election

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/report"
)

// 党代表选举: a congress convened by a committee (the school's 党委 for its
// 党员代表大会), its constituencies (选举单位, usually the 二级党委) each with
// a quota, the names the branches nominate in each constituency, one vote
// per constituency on the same engine (差额 at least 20% more nominees than
// the quota), and the representatives elected.

// CongressView is a congress in a list: its convener's name and its counts.
type CongressView struct {
	Congress    `bun:",extend"`
	OrgName     string `bun:"org_name,scanonly" json:"orgName"`
	UnitCount   int    `bun:"units,scanonly" json:"unitCount"`
	Quota       int    `bun:"quota,scanonly" json:"quota"`
	Nominations int    `bun:"nominations,scanonly" json:"nominations"`
}

// UnitView is a constituency with its nominations, votes and elected.
type UnitView struct {
	Unit
	OrgName     string      `json:"orgName"`
	MethodName  string      `json:"methodName"`
	Nominations []Nominated `json:"nominations"`
	Votes       []VoteView  `json:"votes"`
	Elected     []Count     `json:"elected"`
	SeatsLeft   int         `json:"seatsLeft"`
	NextVote    string      `json:"nextVote"`
	// CanVote: the caller holds ddbxj:vote for the constituency.
	CanVote bool `json:"canVote"`
	// CanNominate: the caller holds ddbxj:nominate and a branch of the
	// constituency lies in its scope, and no vote has started.
	CanNominate bool `json:"canNominate"`
}

// Nominated is a nomination with its branch's name.
type Nominated struct {
	Nomination `bun:",extend"`
	BranchName string `bun:"branch_name,scanonly" json:"branchName"`
	// Mine: the caller may withdraw it (the branch lies in its scope).
	Mine bool `bun:"-" json:"mine"`
}

// CongressDetail is a congress with its constituencies.
type CongressDetail struct {
	CongressView
	Units []UnitView `json:"units"`
}

// CongressInput is the body of a new congress.
type CongressInput struct {
	OrgID      int64       `json:"orgId"`
	Title      string      `json:"title"`
	NominateBy date.Date   `json:"nominateBy"`
	Note       string      `json:"note"`
	Units      []UnitInput `json:"units"`
}

// UnitInput is a constituency and its quota.
type UnitInput struct {
	OrgID  int64  `json:"orgId"`
	Quota  int    `json:"quota"`
	Method string `json:"method"`
}

// NominationInput is a branch's nomination.
type NominationInput struct {
	BranchID int64  `json:"branchId"`
	MemberID int64  `json:"memberId"`
	Reason   string `json:"reason"`
}

// Representative is an elected representative, as the list and the workbook show them.
type Representative struct {
	UnitName string `json:"unitName"`
	Name     string `json:"name"`
	MemberID int64  `json:"memberId"`
	Votes    int    `json:"votes"`
	Present  int    `json:"present"`
	WriteIn  bool   `json:"writeIn"`
}

var congressSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"g.title"}, Match: httpx.Like},
		"id":     {Columns: []string{"g.id"}, Kind: httpx.Int},
	},
	Sorts:       map[string]string{"createTime": "g.created_at"},
	DefaultSort: "g.created_at DESC, g.id DESC",
	Key:         "g.id",
}

// congressesSeen restricts a select of xj_congress AS g to those the
// caller sees: convened in its scope, or with a constituency in it, or a
// constituency above one of its organisations (a branch nominates).
func (s *Service) congressesSeen(ctx context.Context, q *bun.SelectQuery) (*bun.SelectQuery, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.AsError(err)
	}
	if sc.All {
		return q, nil
	}
	units, err := s.unitsSeen(ctx, sc)
	if err != nil {
		return nil, err
	}
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		g = g.Where("1 = 0")
		if len(sc.OrgIDs) > 0 {
			g = g.WhereOr("g.org_id IN (?)", bun.List(sc.OrgIDs))
		}
		if len(units) > 0 {
			g = g.WhereOr("g.id IN (SELECT u.congress_id FROM xj_unit AS u WHERE u.id IN (?))", bun.List(units))
		}
		return g
	}), nil
}

// unitsSeen are the constituencies whose organisation lies in the scope,
// or above one of its organisations.
func (s *Service) unitsSeen(ctx context.Context, sc org.Scope) ([]int64, error) {
	var rows []struct {
		ID    int64 `bun:"id"`
		OrgID int64 `bun:"org_id"`
	}
	if err := s.db.NewSelect().Model((*Unit)(nil)).Column("u.id", "u.org_id").Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	var out []int64
	for _, r := range rows {
		ok, err := s.reaches(ctx, sc, r.OrgID)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, r.ID)
		}
	}
	return out, nil
}

// reaches tells whether the scope holds organisation id or one below it.
func (s *Service) reaches(ctx context.Context, sc org.Scope, id int64) (bool, error) {
	if sc.Has(id) {
		return true, nil
	}
	below, err := s.orgs.Subtree(ctx, []int64{id})
	if err != nil {
		return false, httpx.Internal(err)
	}
	return slices.ContainsFunc(below, sc.Has), nil
}

func (s *Service) selectCongresses() *bun.SelectQuery {
	q := s.db.NewSelect().Model((*CongressView)(nil)).ColumnExpr("g.*").
		ColumnExpr("(SELECT COUNT(*) FROM xj_unit AS u WHERE u.congress_id = g.id) AS units").
		ColumnExpr("(SELECT COALESCE(SUM(u.quota), 0) FROM xj_unit AS u WHERE u.congress_id = g.id) AS quota").
		ColumnExpr("(SELECT COUNT(*) FROM xj_nomination AS n JOIN xj_unit AS u ON u.id = n.unit_id WHERE u.congress_id = g.id) AS nominations")
	return org.NameJoin("g.org_id")(q)
}

// ListCongresses is a page of the congresses the caller sees.
func (s *Service) ListCongresses(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[CongressView], error) {
	q, err := s.congressesSeen(ctx, s.selectCongresses())
	if err != nil {
		return httpx.PageResult[CongressView]{}, err
	}
	return httpx.Paged[CongressView](ctx, q, congressSpec, lq)
}

func (s *Service) congress(ctx context.Context, id int64) (*CongressView, error) {
	q, err := s.congressesSeen(ctx, s.selectCongresses().Where("g.id = ?", id))
	if err != nil {
		return nil, err
	}
	v := new(CongressView)
	if err := q.Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoCongress()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return v, nil
}

// CreateCongress sets a congress up with its constituencies: the convener
// in the caller's scope, each constituency an organisation below it, once.
func (s *Service) CreateCongress(ctx context.Context, in CongressInput) (CongressDetail, error) {
	in.Title, in.Note = strings.TrimSpace(in.Title), strings.TrimSpace(in.Note)
	var checks httpx.Checks
	var convener *org.Org
	var err error
	if in.OrgID <= 0 {
		checks.Add(httpx.Invalid("orgId", "请选择召开代表大会的党组织"))
	} else if convener, err = s.orgs.BriefInScope(ctx, in.OrgID); err != nil {
		return CongressDetail{}, httpx.Internal(err)
	} else if convener == nil || !convener.Live() {
		checks.Add(httpx.Invalid("orgId", "所选党组织不存在"))
	} else if convener.Type != org.TypeCommittee && convener.Type != org.TypeSecondaryCommittee {
		checks.Add(httpx.Invalid("orgId", "党员代表大会由党委召开"))
	}
	if in.Title == "" || utf8.RuneCountInString(in.Title) > MaxTitle {
		checks.Add(httpx.Invalid("title", "请输入选举名称（不超过%d个字）", MaxTitle))
	}
	if _, ok := date.Parse(string(in.NominateBy)); !ok {
		checks.Add(httpx.Invalid("nominateBy", "请选择提名截止日期"))
	}
	checks.Add(record.MaxLen("note", "说明", in.Note, MaxNote))
	if len(in.Units) == 0 || len(in.Units) > MaxUnits {
		checks.Add(httpx.Invalid("units", "请设置选举单位（1到%d个）", MaxUnits))
	}
	if err := checks.Err(); err != nil {
		return CongressDetail{}, err
	}
	seen := map[int64]bool{}
	for i, u := range in.Units {
		o, err := s.orgs.Brief(ctx, u.OrgID)
		if err != nil {
			return CongressDetail{}, httpx.Internal(err)
		}
		switch {
		case o == nil || !o.Live() || o.ID == convener.ID || !strings.HasPrefix(o.Path, convener.Path):
			return CongressDetail{}, httpx.Invalid("units", "第%d个选举单位应为%s下属的党组织", i+1, convener.Name)
		case seen[o.ID]:
			return CongressDetail{}, httpx.Invalid("units", "选举单位%s重复", o.Name)
		case u.Quota < 1 || u.Quota > MaxQuota:
			return CongressDetail{}, httpx.Invalid("units", "%s的代表名额应为1到%d名", o.Name, MaxQuota)
		case !slices.Contains(Methods, u.Method):
			return CongressDetail{}, httpx.Invalid("units", "请选择%s的选举方式", o.Name)
		}
		seen[o.ID] = true
	}
	var id int64
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		now := s.now()
		g := &Congress{OrgID: convener.ID, Title: in.Title, NominateBy: in.NominateBy, Note: in.Note,
			CreatedBy: db.Clip(rbac.From(ctx).AccountName(), 50)}
		g.CreatedAt, g.UpdatedAt = now, now
		if _, err := tx.NewInsert().Model(g).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		id = g.ID
		units := make([]Unit, len(in.Units))
		for i, u := range in.Units {
			units[i] = Unit{CongressID: g.ID, OrgID: u.OrgID, Quota: u.Quota, Method: u.Method}
		}
		if _, err := tx.NewInsert().Model(&units).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		return nil
	})
	if err != nil {
		return CongressDetail{}, err
	}
	return s.CongressDetail(ctx, id)
}

// CongressDetail is congress id with the constituencies the caller sees
// (all of them when it sees the convener).
func (s *Service) CongressDetail(ctx context.Context, id int64) (CongressDetail, error) {
	g, err := s.congress(ctx, id)
	if err != nil {
		return CongressDetail{}, err
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return CongressDetail{}, httpx.AsError(err)
	}
	var units []Unit
	if err := s.db.NewSelect().Model(&units).Where("congress_id = ?", id).OrderExpr("id").Scan(ctx); err != nil {
		return CongressDetail{}, httpx.Internal(err)
	}
	d := CongressDetail{CongressView: *g, Units: []UnitView{}}
	for _, u := range units {
		ok, err := s.reaches(ctx, sc, u.OrgID)
		if err != nil {
			return CongressDetail{}, err
		}
		if !sc.Has(g.OrgID) && !ok {
			continue
		}
		v, err := s.unitView(ctx, sc, u)
		if err != nil {
			return CongressDetail{}, err
		}
		d.Units = append(d.Units, v)
	}
	return d, nil
}

func (s *Service) unitView(ctx context.Context, sc org.Scope, u Unit) (UnitView, error) {
	v := UnitView{Unit: u, MethodName: MethodNames[u.Method], Nominations: []Nominated{}}
	names, err := s.orgs.Names(ctx, []int64{u.OrgID})
	if err != nil {
		return v, httpx.Internal(err)
	}
	v.OrgName = names[u.OrgID]
	q := s.db.NewSelect().Model(&v.Nominations).ColumnExpr("n.*").Where("n.unit_id = ?", u.ID).OrderExpr("n.id")
	if err := org.NameLeftJoinAs("n.branch_id", "bz", "branch_name")(q).Scan(ctx); err != nil {
		return v, httpx.Internal(err)
	}
	p := rbac.From(ctx)
	for i := range v.Nominations {
		v.Nominations[i].Mine = p.Has(PermNominate) && sc.Has(v.Nominations[i].BranchID)
	}
	if v.Votes, err = s.votesOf(ctx, OwnerUnit, u.ID); err != nil {
		return v, err
	}
	v.Elected, v.SeatsLeft, _ = tallyUp(u.Quota, v.Votes)
	if len(v.Votes) > 0 {
		v.NextVote = nextVote(&Election{State: StateApproved}, v.Votes, v.SeatsLeft)
	}
	v.CanVote = p.Has(PermCongressVote) && sc.Has(u.OrgID)
	reach, err := s.reaches(ctx, sc, u.OrgID)
	if err != nil {
		return v, err
	}
	v.CanNominate = p.Has(PermNominate) && reach && len(v.Votes) == 0
	return v, nil
}

// unit reads constituency id of a congress the caller sees.
func (s *Service) unit(ctx context.Context, id int64) (*Unit, error) {
	u := new(Unit)
	if err := s.db.NewSelect().Model(u).Where("u.id = ?", id).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoUnit()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	g, err := s.congress(ctx, u.CongressID)
	if err != nil {
		return nil, errNoUnit()
	}
	// Seen by the convener's scope, or by a scope reaching the constituency.
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.AsError(err)
	}
	if !sc.Has(g.OrgID) {
		if ok, err := s.reaches(ctx, sc, u.OrgID); err != nil {
			return nil, err
		} else if !ok {
			return nil, errNoUnit()
		}
	}
	return u, nil
}

// Nominate records a branch's nomination in constituency id: the branch
// in the caller's scope and within the constituency, the member a member
// with a vote of the constituency (被选举权), once, before the vote.
func (s *Service) Nominate(ctx context.Context, id int64, in NominationInput) (Nominated, error) {
	u, err := s.unit(ctx, id)
	if err != nil {
		return Nominated{}, err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	branch, err := s.orgs.BriefInScope(ctx, in.BranchID)
	if err != nil {
		return Nominated{}, httpx.Internal(err)
	}
	unitOrg, err := s.orgs.Brief(ctx, u.OrgID)
	if err != nil || unitOrg == nil {
		return Nominated{}, httpx.Internal(fmt.Errorf("unit %d: organisation: %w", u.ID, err))
	}
	if branch == nil || !branch.Live() || !strings.HasPrefix(branch.Path, unitOrg.Path) {
		return Nominated{}, httpx.Invalid("branchId", "请选择%s下属的、您管理范围内的党组织", unitOrg.Name)
	}
	if err := record.MaxLen("reason", "推荐理由", in.Reason, MaxNote); err != nil {
		return Nominated{}, err
	}
	var out Nominated
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		started, err := tx.NewSelect().Model((*Vote)(nil)).Where("owner_kind = ?", OwnerUnit).Where("owner_id = ?", u.ID).Exists(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if started {
			return httpx.Conflict("%s已开始投票，不能再提名", unitOrg.Name)
		}
		voters, err := s.votersOf(ctx, tx, u.OrgID)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(voters, func(v member.Voter) bool { return v.ID == in.MemberID })
		if i < 0 {
			return httpx.Invalid("memberId", "被提名人应为%s有选举权和被选举权的正式党员", unitOrg.Name)
		}
		n := Nomination{UnitID: u.ID, BranchID: branch.ID, MemberID: in.MemberID, Name: db.Clip(voters[i].Name, 50), Reason: in.Reason,
			CreatedBy: db.Clip(rbac.From(ctx).AccountName(), 50), CreatedAt: s.now()}
		if _, err := tx.NewInsert().Model(&n).Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return httpx.Conflict("%s已被提名", n.Name)
			}
			return httpx.Internal(err)
		}
		out = Nominated{Nomination: n, BranchName: branch.Name, Mine: true}
		return nil
	})
	return out, err
}

// Withdraw removes nomination id of a branch of the caller's scope, before the vote.
func (s *Service) Withdraw(ctx context.Context, id int64) error {
	var n Nomination
	if err := s.db.NewSelect().Model(&n).Where("n.id = ?", id).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return errNoNomination()
	} else if err != nil {
		return httpx.Internal(err)
	}
	if ok, err := s.scopeHas(ctx, n.BranchID); err != nil || !ok {
		return errors.Join(err, errNoNomination())
	}
	res, err := s.db.NewDelete().Model((*Nomination)(nil)).Where("id = ?", id).
		Where("NOT EXISTS (SELECT 1 FROM xj_vote AS v WHERE v.owner_kind = ? AND v.owner_id = ?)", OwnerUnit, n.UnitID).Exec(ctx)
	return record.Conditional(res, err, 1, httpx.Conflict("已开始投票，不能撤回提名"))
}

// unitPlan is constituency u's next vote: the nominees first (差额 at least
// 20% more than the quota, or as many for 等额), then as an election's.
func (s *Service) unitPlan(ctx context.Context, u *Unit, title string) (ballotPlan, error) {
	p := ballotPlan{kind: OwnerUnit, title: title, owner: u.ID, orgID: u.OrgID}
	votes, err := s.votesIn(ctx, s.db, OwnerUnit, u.ID)
	if err != nil {
		return p, err
	}
	var noms []Nomination
	if err := s.db.NewSelect().Model(&noms).Where("unit_id = ?", u.ID).OrderExpr("id").Scan(ctx); err != nil {
		return p, httpx.Internal(err)
	}
	if len(votes) == 0 {
		if why := CheckCandidates(u.Method, u.Quota, len(noms)); why != "" {
			return p, httpx.BadRequest("%s", why)
		}
		for _, n := range noms {
			p.options = append(p.options, Option{Key: optionKey("m", n.MemberID), Name: n.Name, MemberID: n.MemberID})
		}
		p.seats = u.Quota
		return p, nil
	}
	// Further votes follow the election's rules (tie, shortfall, void).
	cands := make([]Candidate, len(noms))
	for i, n := range noms {
		cands[i] = Candidate{MemberID: n.MemberID, Name: n.Name}
	}
	e := &Record{Election: Election{State: StateApproved, Title: title, Seats: u.Quota, OrgID: u.OrgID}}
	e.ID = u.ID
	return s.nextPlanOf(e, cands, votes, OwnerUnit, "m")
}

// voteUnit reads constituency id for its vote: the caller's scope holds its organisation.
func (s *Service) voteUnit(ctx context.Context, id int64) (*Unit, string, error) {
	u, err := s.unit(ctx, id)
	if err != nil {
		return nil, "", err
	}
	ok, err := s.scopeHas(ctx, u.OrgID)
	if err != nil {
		return nil, "", err
	}
	if !ok {
		return nil, "", httpx.Forbidden("只有选举单位可以组织本单位的投票")
	}
	g, err := s.congress(ctx, u.CongressID)
	if err != nil {
		return nil, "", err
	}
	names, err := s.orgs.Names(ctx, []int64{u.OrgID})
	if err != nil {
		return nil, "", httpx.Internal(err)
	}
	return u, g.Title + "·" + names[u.OrgID], nil
}

// UnitVoters is the roll of constituency id's next vote.
func (s *Service) UnitVoters(ctx context.Context, id int64) (Roll, error) {
	u, title, err := s.voteUnit(ctx, id)
	if err != nil {
		return Roll{}, err
	}
	p, err := s.unitPlan(ctx, u, title)
	if err != nil {
		return Roll{}, err
	}
	return s.roll(ctx, u.OrgID, p)
}

// OpenUnitVote opens constituency id's next vote for the members present.
func (s *Service) OpenUnitVote(ctx context.Context, id int64, in VoteInput) (Opened, error) {
	u, title, err := s.voteUnit(ctx, id)
	if err != nil {
		return Opened{}, err
	}
	p, err := s.unitPlan(ctx, u, title)
	if err != nil {
		return Opened{}, err
	}
	return s.open(ctx, p, in)
}

// CloseUnitVote ends vote id of a constituency and counts it.
func (s *Service) CloseUnitVote(ctx context.Context, id int64) (VoteView, error) {
	v, err := s.vote(ctx, OwnerUnit, id)
	if err != nil {
		return VoteView{}, err
	}
	if _, _, err := s.voteUnit(ctx, v.OwnerID); err != nil {
		return VoteView{}, err
	}
	return s.close(ctx, v)
}

// Representatives are congress id's elected representatives, by constituency.
func (s *Service) Representatives(ctx context.Context, id int64) ([]Representative, error) {
	d, err := s.CongressDetail(ctx, id)
	if err != nil {
		return nil, err
	}
	out := []Representative{}
	for _, u := range d.Units {
		for _, c := range u.Elected {
			present := 0
			for _, v := range u.Votes {
				if v.Result != nil && slices.ContainsFunc(v.Result.Counts, func(x Count) bool { return x.Elected && x.Name == c.Name }) {
					present = v.Present
				}
			}
			out = append(out, Representative{UnitName: u.OrgName, Name: c.Name, MemberID: c.MemberID, Votes: c.Votes, Present: present, WriteIn: c.WriteIn})
		}
	}
	return out, nil
}

var repSheet = report.Sheet[Representative]{Name: "当选代表名单", Columns: []report.Column[Representative]{
	{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *Representative) any { return n }},
	{Title: "选举单位", Width: 30, Lead: true, Cell: func(_ int, r *Representative) any { return r.UnitName }},
	{Title: "姓名", Width: 12, Cell: func(_ int, r *Representative) any { return r.Name }},
	{Title: "得票数", Width: 10, Cell: func(_ int, r *Representative) any { return r.Votes }},
	{Title: "实到人数", Width: 10, Cell: func(_ int, r *Representative) any { return r.Present }},
	{Title: "另选他人", Width: 10, Cell: func(_ int, r *Representative) any {
		if r.WriteIn {
			return "是"
		}
		return ""
	}},
}}

// exportRepresentatives sends congress id's representatives as a workbook.
func (s *Service) exportRepresentatives(w http.ResponseWriter, r *http.Request, id int64) error {
	ctx := r.Context()
	g, err := s.congress(ctx, id)
	if err != nil {
		return err
	}
	reps, err := s.Representatives(ctx, id)
	if err != nil {
		return err
	}
	sheet := repSheet
	sheet.Title = g.Title + "当选代表名单"
	out, err := sheet.Start()
	if err != nil {
		return err
	}
	for i := range reps {
		if err := out.Row(&reps[i]); err != nil {
			return err
		}
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出%s当选代表名单（%d人）", g.Title, len(reps)))
	return out.Send(w, g.Title+"当选代表名单.xlsx")
}
