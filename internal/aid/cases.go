package aid

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"

	feestandard "zhdj/internal/fee/standard"

	"github.com/uptrace/bun"
)

// Case states.
const (
	CaseAiding   = "aiding"
	CaseResolved = "resolved"
)

// CaseStateNames are the case states as users read them.
var CaseStateNames = map[string]string{CaseAiding: "帮扶中", CaseResolved: "已脱困"}

// Case is a member in difficulty (aid_case).
type Case struct {
	bun.BaseModel `bun:"table:aid_case,alias:c"`
	ID            int64      `bun:"id,pk,autoincrement" json:"id"`
	MemberID      int64      `bun:"member_id" json:"memberId"`
	MemberName    string     `bun:"member_name" json:"memberName"`
	OrgID         int64      `bun:"org_id" json:"orgId"`
	Kind          string     `bun:"kind" json:"kind"`
	Description   string     `bun:"description" json:"description"`
	Since         date.Date  `bun:"since_on" json:"since"`
	Until         *date.Date `bun:"until_on" json:"until"`
	State         string     `bun:"state" json:"state"`
	CreatedBy     string     `bun:"created_by" json:"createdBy"`
	db.Stamps
}

// CaseView is a case as the list shows it, with the member's hardship
// reduction in force this month (from the fee module), if any.
type CaseView struct {
	Case      `bun:",extend"`
	OrgName   string                    `bun:"org_name,scanonly" json:"orgName"`
	KindName  string                    `bun:"-" json:"kindName"`
	StateName string                    `bun:"-" json:"stateName"`
	Hardship  *feestandard.HardshipNote `bun:"-" json:"hardship"`
}

// CaseInput is the body of registering a member in difficulty.
type CaseInput struct {
	MemberID    int64     `json:"memberId"`
	Kind        string    `json:"kind"`
	Description string    `json:"description"`
	Since       date.Date `json:"since"`
}

// ResolveInput is the body of marking a case resolved.
type ResolveInput struct {
	Until date.Date `json:"until"`
}

func errNoCase() *httpx.Error { return httpx.NotFound("帮扶对象不存在") }

var caseSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"state":      {Columns: []string{"c.state"}, Match: httpx.In},
		"kind":       {Columns: []string{"c.kind"}, Match: httpx.In},
		"memberName": {Columns: []string{"c.member_name"}, Match: httpx.Like},
		"orgId":      org.SubtreeFilter("c.org_id"),
	},
	Sorts:       map[string]string{"since": "c.since_on", "createTime": "c.created_at"},
	DefaultSort: "c.created_at DESC, c.id DESC",
	Key:         "c.id",
}

func (s *Service) cases(ctx context.Context) (*bun.SelectQuery, error) {
	scoped, err := s.orgs.Scoped("c.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	return scoped(org.NameJoin("c.org_id")(s.db.NewSelect().Model((*CaseView)(nil)).ColumnExpr("c.*"))), nil
}

// Cases is GET /api/dybf/cases: the members in difficulty of the caller's
// scope, each with the hardship reduction in force this month.
func (s *Service) Cases(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[CaseView], error) {
	q, err := s.cases(ctx)
	if err != nil {
		return httpx.PageResult[CaseView]{}, err
	}
	page, err := httpx.Paged[CaseView](ctx, q, caseSpec, lq)
	if err != nil {
		return page, err
	}
	return page, s.label(ctx, page.Content)
}

// label fills the names of a page of cases and their hardship reductions.
func (s *Service) label(ctx context.Context, rows []CaseView) error {
	labels, err := s.sys.DictLabels(ctx, DictKind)
	if err != nil {
		return httpx.Internal(err)
	}
	ids := make([]int64, len(rows))
	for i := range rows {
		ids[i] = rows[i].MemberID
	}
	notes, err := s.fees.HardshipsInForce(ctx, s.db, ids, date.MonthOf(s.now().In(date.China)))
	if err != nil {
		return err
	}
	for i := range rows {
		v := &rows[i]
		v.KindName, v.StateName = labels.Label(DictKind, v.Kind), CaseStateNames[v.State]
		if n, ok := notes[v.MemberID]; ok {
			v.Hardship = &n
		}
	}
	return nil
}

func (s *Service) oneCase(ctx context.Context, id int64) (CaseView, error) {
	q, err := s.cases(ctx)
	if err != nil {
		return CaseView{}, err
	}
	var v CaseView
	if err := q.Where("c.id = ?", id).Limit(1).Scan(ctx, &v); errors.Is(err, sql.ErrNoRows) {
		return CaseView{}, errNoCase()
	} else if err != nil {
		return CaseView{}, httpx.Internal(err)
	}
	rows := []CaseView{v}
	return rows[0], s.label(ctx, rows)
}

// AddCase is POST /api/dybf/cases: a member of the caller's scope
// registered as in difficulty (one open case per member).
func (s *Service) AddCase(ctx context.Context, in CaseInput) (CaseView, error) {
	in.Description = strings.TrimSpace(in.Description)
	var who error
	if in.MemberID <= 0 {
		who = httpx.Invalid("memberId", "请选择党员")
	}
	since, err := s.checkCase(ctx, in.Kind, in.Description, in.Since, who)
	if err != nil {
		return CaseView{}, err
	}
	m, err := s.members.Facts(ctx, s.db, in.MemberID) // the caller's scope, else 党员不存在
	if err != nil {
		return CaseView{}, err
	}
	open, err := s.db.NewSelect().Model((*Case)(nil)).Where("member_id = ?", m.ID).Where("state = ?", CaseAiding).Exists(ctx)
	if err != nil {
		return CaseView{}, httpx.Internal(err)
	}
	if open {
		return CaseView{}, httpx.Invalid("memberId", "该党员已在帮扶中")
	}
	row := Case{MemberID: m.ID, MemberName: m.Name, OrgID: m.OrgID, Kind: in.Kind, Description: in.Description, Since: since,
		State: CaseAiding, CreatedBy: rbac.From(ctx).AccountName(), Stamps: db.StampsAt(s.now())}
	if _, err := s.db.NewInsert().Model(&row).Returning("id").Exec(ctx); err != nil {
		return CaseView{}, httpx.Internal(err)
	}
	return s.oneCase(ctx, row.ID)
}

// Resolve is POST /api/dybf/cases/{id}/resolve: a case of the caller's
// scope closed as 已脱困 on a date (once: a second is a 409).
func (s *Service) Resolve(ctx context.Context, id int64, in ResolveInput) (CaseView, error) {
	cur, err := s.oneCase(ctx, id)
	if err != nil {
		return CaseView{}, err
	}
	until, err := s.pastDate("until", "脱困日期", in.Until)
	if err != nil {
		return CaseView{}, err
	}
	if until.String() < cur.Since.String() {
		return CaseView{}, httpx.Invalid("until", "脱困日期不能早于开始日期")
	}
	res, err := s.db.NewUpdate().Model((*Case)(nil)).Set("state = ?", CaseResolved).Set("until_on = ?", until).
		Set("updated_at = ?", s.now()).Where("id = ?", id).Where("state = ?", CaseAiding).Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.Conflict("该帮扶对象已脱困")); err != nil {
		return CaseView{}, err
	}
	return s.oneCase(ctx, id)
}

// checkCase checks what a new and a corrected case share, with the caller's
// own check (nil for none) reported beside them: the kind, the description
// and the start, not in the future.
func (s *Service) checkCase(ctx context.Context, kind, description string, since date.Date, own error) (date.Date, error) {
	labels, err := s.sys.DictLabels(ctx, DictKind)
	if err != nil {
		return "", httpx.Internal(err)
	}
	var c httpx.Checks
	c.Add(own)
	if !labels.Has(DictKind, kind) {
		c.Add(httpx.Invalid("kind", "请选择困难类别"))
	}
	c.Add(record.Required("description", "困难情况", description, 1000))
	if err := c.Err(); err != nil {
		return "", err
	}
	return s.pastDate("since", "开始日期", since)
}

// pastDate checks a required date field that cannot be in the future.
func (s *Service) pastDate(field, label string, d date.Date) (date.Date, error) {
	if d == "" {
		return "", httpx.Invalid(field, "请选择%s", label)
	}
	d, err := record.Date(field, label, d.String())
	if err != nil {
		return "", err
	}
	if d.String() > date.Of(s.now().In(date.China)).String() {
		return "", httpx.Invalid(field, "%s不能晚于今天", label)
	}
	return d, nil
}

// CaseStates are the case states in the page's order.
var CaseStates = []string{CaseAiding, CaseResolved}

// CaseChange is the body of correcting a case: the member stays (a case of
// another member is a new case).
type CaseChange struct {
	Kind        string    `json:"kind"`
	Description string    `json:"description"`
	Since       date.Date `json:"since"`
}

// UpdateCase is PUT /api/dybf/cases/{id}: a case of the caller's scope
// corrected (its kind, description and start; a resolved case's start not
// after its end).
func (s *Service) UpdateCase(ctx context.Context, id int64, in CaseChange) (CaseView, error) {
	cur, err := s.oneCase(ctx, id)
	if err != nil {
		return CaseView{}, err
	}
	in.Description = strings.TrimSpace(in.Description)
	since, err := s.checkCase(ctx, in.Kind, in.Description, in.Since, nil)
	if err != nil {
		return CaseView{}, err
	}
	if cur.Until != nil && cur.Until.String() < since.String() {
		return CaseView{}, httpx.Invalid("since", "开始日期不能晚于脱困日期（%s）", cur.Until.String())
	}
	if _, err := s.db.NewUpdate().Model((*Case)(nil)).Set("kind = ?", in.Kind).Set("description = ?", in.Description).
		Set("since_on = ?", since).Set("updated_at = ?", s.now()).Where("id = ?", id).Exec(ctx); err != nil {
		return CaseView{}, httpx.Internal(err)
	}
	return s.oneCase(ctx, id)
}

// DeleteCase is DELETE /api/dybf/cases/{id}: a case of the caller's scope
// removed (registered by mistake). The member's aid records are their own
// rows and stay.
func (s *Service) DeleteCase(ctx context.Context, id int64) error {
	if _, err := s.oneCase(ctx, id); err != nil {
		return err
	}
	res, err := s.db.NewDelete().Model((*Case)(nil)).Where("id = ?", id).Exec(ctx)
	return record.Conditional(res, err, 1, errNoCase())
}
