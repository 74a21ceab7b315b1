package aid

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
)

// Record kinds.
const (
	KindVisit = "visit" // 走访慰问
	KindMoney = "money" // 帮扶金 (from the fee funds, approved)
	KindGoods = "goods" // 实物帮扶
)

// KindNames are the record kinds as users read them.
var KindNames = map[string]string{KindVisit: "走访慰问", KindMoney: "帮扶金", KindGoods: "实物帮扶"}

// Visit occasions (a visit tagged for the yearly lists).
const (
	OccasionJuly   = "qiyi"    // 七一
	OccasionSpring = "chunjie" // 春节
)

// OccasionNames are the occasions as users read them.
var OccasionNames = map[string]string{OccasionJuly: "七一", OccasionSpring: "春节"}

// Record states: a visit or in-kind help is done when registered; money
// waits for its approval.
const (
	StateDone     = "done"
	StatePending  = "pending"
	StateApproved = "approved"
	StateRejected = "rejected"
)

// StateNames are the record states as users read them.
var StateNames = map[string]string{StateDone: "已登记", StatePending: "待审批", StateApproved: "已批准", StateRejected: "未批准"}

// countedStates are the states a record counts in the totals with.
var countedStates = []string{StateDone, StateApproved}

// maxFen bounds one money record (100,000.00 元).
const maxFen = 10_000_000

// Record is an aid record (aid_record).
type Record struct {
	bun.BaseModel `bun:"table:aid_record,alias:r"`
	ID            int64      `bun:"id,pk,autoincrement" json:"id"`
	MemberID      int64      `bun:"member_id" json:"memberId"`
	MemberName    string     `bun:"member_name" json:"memberName"`
	OrgID         int64      `bun:"org_id" json:"orgId"`
	CommitteeID   *int64     `bun:"committee_id" json:"committeeId"`
	Kind          string     `bun:"kind" json:"kind"`
	Occasion      string     `bun:"occasion" json:"occasion"`
	Year          int        `bun:"year" json:"year"`
	AidOn         date.Date  `bun:"aid_on" json:"aidOn"`
	Fen           money.Fen  `bun:"fen" json:"fen"`
	Visitors      string     `bun:"visitors" json:"visitors"`
	Note          string     `bun:"note" json:"note"`
	State         string     `bun:"state" json:"state"`
	NeedsSchool   bool       `bun:"needs_school" json:"needsSchool"`
	ProposedBy    string     `bun:"proposed_by" json:"proposedBy"`
	ProposerID    *int64     `bun:"proposer_id" json:"-"`
	ProposerOrgID *int64     `bun:"proposer_org_id" json:"-"`
	DecidedBy     string     `bun:"decided_by" json:"decidedBy"`
	DecidedAt     *time.Time `bun:"decided_at" json:"decidedAt"`
	Remark        string     `bun:"remark" json:"remark"`
	db.Stamps
}

// RecordView is a record as the list shows it.
type RecordView struct {
	Record       `bun:",extend"`
	OrgName      string `bun:"org_name,scanonly" json:"orgName"`
	Amount       string `bun:"-" json:"amount"` // 元, grouped ("" when no money)
	KindName     string `bun:"-" json:"kindName"`
	OccasionName string `bun:"-" json:"occasionName"`
	StateName    string `bun:"-" json:"stateName"`
}

// RecordInput is the body of registering an aid record; Amount (元) only
// for money, Occasion only for a visit.
type RecordInput struct {
	MemberID int64     `json:"memberId"`
	Kind     string    `json:"kind"`
	Occasion string    `json:"occasion"`
	AidOn    date.Date `json:"aidOn"`
	Amount   string    `json:"amount"`
	Visitors string    `json:"visitors"`
	Note     string    `json:"note"`
}

// Decision is the body of deciding a money record.
type Decision struct {
	Approve bool   `json:"approve"`
	Remark  string `json:"remark"`
}

func errNoRecord() *httpx.Error { return httpx.NotFound("帮扶记录不存在") }

var recordSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"kind":       {Columns: []string{"r.kind"}, Match: httpx.In},
		"state":      {Columns: []string{"r.state"}, Match: httpx.In},
		"occasion":   {Columns: []string{"r.occasion"}, Match: httpx.In},
		"year":       {Columns: []string{"r.year"}, Kind: httpx.Int},
		"memberId":   {Columns: []string{"r.member_id"}, Kind: httpx.Int},
		"memberName": {Columns: []string{"r.member_name"}, Match: httpx.Like},
		"orgId":      org.SubtreeFilter("r.org_id"),
	},
	Sorts:       map[string]string{"aidOn": "r.aid_on", "createTime": "r.created_at"},
	DefaultSort: "r.aid_on DESC, r.id DESC",
	Key:         "r.id",
}

func (s *Service) records(ctx context.Context) (*bun.SelectQuery, error) {
	scoped, err := s.orgs.Scoped("r.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	return scoped(org.NameJoin("r.org_id")(s.db.NewSelect().Model((*RecordView)(nil)).ColumnExpr("r.*"))), nil
}

func named(v *RecordView) {
	v.KindName, v.OccasionName, v.StateName = KindNames[v.Kind], OccasionNames[v.Occasion], StateNames[v.State]
	if v.Kind == KindMoney {
		v.Amount = v.Fen.Grouped()
	}
}

// Records is GET /api/dybf/records: the aid records of the caller's scope.
func (s *Service) Records(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[RecordView], error) {
	q, err := s.records(ctx)
	if err != nil {
		return httpx.PageResult[RecordView]{}, err
	}
	return httpx.PagedEach(ctx, q, recordSpec, lq, named)
}

func (s *Service) record(ctx context.Context, id int64) (RecordView, error) {
	q, err := s.records(ctx)
	if err != nil {
		return RecordView{}, err
	}
	var v RecordView
	if err := q.Where("r.id = ?", id).Limit(1).Scan(ctx, &v); errors.Is(err, sql.ErrNoRows) {
		return RecordView{}, errNoRecord()
	} else if err != nil {
		return RecordView{}, httpx.Internal(err)
	}
	named(&v)
	return v, nil
}

// checkRecord checks a record's fields (the member aside) and its day (not
// in the future).
func (s *Service) checkRecord(in RecordInput) (RecordInput, money.Fen, date.Date, error) {
	in.Visitors, in.Note = strings.TrimSpace(in.Visitors), strings.TrimSpace(in.Note)
	var c httpx.Checks
	if in.MemberID <= 0 {
		c.Add(httpx.Invalid("memberId", "请选择党员"))
	}
	var fen money.Fen
	switch in.Kind {
	case KindVisit:
		if in.Occasion != "" && OccasionNames[in.Occasion] == "" {
			c.Add(httpx.Invalid("occasion", "请选择慰问节点（七一或春节，可不选）"))
		}
		c.Add(record.Required("visitors", "走访人员", in.Visitors, 200))
	case KindMoney:
		f, ok := money.Parse(in.Amount)
		if !ok || f <= 0 || f > maxFen {
			c.Add(httpx.Invalid("amount", "请输入帮扶金额（0.01 至 %s 元）", money.Fen(maxFen).Grouped()))
		}
		fen = f
		in.Occasion = ""
	case KindGoods:
		in.Occasion = ""
		c.Add(record.Required("note", "帮扶物品", in.Note, 1000))
	default:
		c.Add(httpx.Invalid("kind", "请选择帮扶方式"))
	}
	c.Add(record.MaxLen("visitors", "走访人员", in.Visitors, 200))
	c.Add(record.MaxLen("note", "备注", in.Note, 1000))
	if err := c.Err(); err != nil {
		return in, 0, "", err
	}
	day, err := s.pastDate("aidOn", "帮扶日期", in.AidOn)
	return in, fen, day, err
}

// AddRecord is POST /api/dybf/records: a visit or in-kind help registered
// for a member of the caller's scope, or money proposed, waiting for the
// 二级党委 (at or below the threshold) or the 组织部 (above it).
func (s *Service) AddRecord(ctx context.Context, in RecordInput) (RecordView, error) {
	in, fen, day, err := s.checkRecord(in)
	if err != nil {
		return RecordView{}, err
	}
	m, err := s.members.Facts(ctx, s.db, in.MemberID) // the caller's scope, else 党员不存在
	if err != nil {
		return RecordView{}, err
	}
	places, err := s.orgs.Placements(ctx, s.db, []int64{m.OrgID})
	if err != nil {
		return RecordView{}, httpx.Internal(err)
	}
	p := rbac.From(ctx)
	row := Record{MemberID: m.ID, MemberName: m.Name, OrgID: m.OrgID, CommitteeID: places[m.OrgID].Committee, Kind: in.Kind,
		Occasion: in.Occasion, Year: yearOf(day), AidOn: day, Fen: fen, Visitors: in.Visitors, Note: in.Note, State: StateDone,
		ProposedBy: p.AccountName(), ProposerID: p.AccountID(), ProposerOrgID: p.OrgID, Stamps: db.StampsAt(s.now())}
	if in.Kind == KindMoney {
		threshold, err := s.threshold(ctx)
		if err != nil {
			return RecordView{}, err
		}
		row.State, row.NeedsSchool = StatePending, fen > threshold
	}
	if _, err := s.db.NewInsert().Model(&row).Returning("id").Exec(ctx); err != nil {
		return RecordView{}, httpx.Internal(err)
	}
	return s.record(ctx, row.ID)
}

func yearOf(d date.Date) int {
	var y int
	_, _ = fmt.Sscanf(d.String(), "%d", &y)
	return y
}

// Decide is POST /api/dybf/records/{id}/decide: a pending money record of
// the caller's scope approved or rejected. The refusals below are rules of
// the record, not a missing permission: they answer 409 with the reason
// (the web shows it where the user is; a 403 would send them to the 401
// page). Never by its proposer (the same
// account or its organisation), never by a branch, never above the
// caller's level: an amount above the threshold is the 组织部's (the school
// committee, or an administrator). The transition is one conditional
// UPDATE, so of two parallel decisions one wins and the other is a 409.
func (s *Service) Decide(ctx context.Context, id int64, in Decision) (RecordView, error) {
	in.Remark = strings.TrimSpace(in.Remark)
	if err := record.MaxLen("remark", "审批意见", in.Remark, 500); err != nil {
		return RecordView{}, err
	}
	if !in.Approve && in.Remark == "" {
		return RecordView{}, httpx.Invalid("remark", "不批准时请填写审批意见")
	}
	cur, err := s.record(ctx, id)
	if err != nil {
		return RecordView{}, err
	}
	if cur.Kind != KindMoney {
		return RecordView{}, httpx.Conflict("只有帮扶金需要审批")
	}
	p := rbac.From(ctx)
	if (cur.ProposerID != nil && *cur.ProposerID == p.UserID) || (p.OrgID != nil && cur.ProposerOrgID != nil && *p.OrgID == *cur.ProposerOrgID) {
		return RecordView{}, httpx.Conflict("不能审批本单位申报的帮扶金，请由上级党委审批")
	}
	level, err := s.levelOf(ctx, p)
	if err != nil {
		return RecordView{}, err
	}
	switch {
	case level < levelCommittee:
		return RecordView{}, httpx.Conflict("党支部无权审批帮扶金，请由二级党委审批")
	case cur.NeedsSchool && level < levelSchool:
		return RecordView{}, httpx.Conflict("该笔帮扶金超过二级党委审批额度，须由组织部审批")
	}
	state := StateRejected
	if in.Approve {
		state = StateApproved
	}
	now := s.now()
	res, err := s.db.NewUpdate().Model((*Record)(nil)).Set("state = ?", state).Set("decided_by = ?", p.AccountName()).
		Set("decided_at = ?", now).Set("remark = ?", in.Remark).Set("updated_at = ?", now).
		Where("id = ?", id).Where("state = ?", StatePending).Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.Conflict("该笔帮扶金已审批")); err != nil {
		return RecordView{}, err
	}
	return s.record(ctx, id)
}

// Approval levels: where the caller's organisation stands.
const (
	levelBranch    = 1 // 党支部, 直属党支部, 党小组
	levelCommittee = 2 // 二级党委, 党总支
	levelSchool    = 3 // 党委 (组织部), or an administrator
)

func (s *Service) levelOf(ctx context.Context, p *rbac.Principal) (int, error) {
	if p.OrgID == nil {
		if p.IsAdmin() {
			return levelSchool, nil
		}
		return 0, nil
	}
	o, err := s.orgs.Brief(ctx, *p.OrgID)
	if err != nil {
		return 0, httpx.Internal(err)
	}
	if o == nil {
		return 0, nil
	}
	switch o.Type {
	case org.TypeCommittee:
		return levelSchool, nil
	case org.TypeSecondaryCommittee, org.TypeGeneralBranch:
		return levelCommittee, nil
	}
	return levelBranch, nil
}

// exportRecords is GET /api/dybf/records/export: the list's filters, all
// rows, streamed.
func (s *Service) exportRecords(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	q, err := s.records(ctx)
	if err != nil {
		return err
	}
	if q, err = recordSpec.Query(q, lq); err != nil {
		return err
	}
	headers := []string{"序号", "党员", "党组织", "帮扶方式", "慰问节点", "帮扶日期", "金额（元）", "走访人员", "备注", "状态"}
	widths := []float64{6, 12, 28, 10, 10, 12, 12, 20, 40, 10}
	n, err := excel.Export(ctx, w, s.db, q, headers, widths, "党员帮扶记录-"+date.Of(s.now()).Compact()+".xlsx", func(n int, v *RecordView) []any {
		var amount any = ""
		if v.Kind == KindMoney {
			amount = v.Fen.Float()
		}
		return []any{n, v.MemberName, v.OrgName, KindNames[v.Kind], OccasionNames[v.Occasion], v.AidOn.String(), amount, v.Visitors, v.Note,
			StateNames[v.State]}
	})
	if err == nil {
		s.sys.LogAccess(ctx, r, fmt.Sprintf("导出党员帮扶记录（%d条）", n))
	}
	return err
}

// Kinds, Occasions and States are the record vocabulary in the page's order.
var (
	Kinds     = []string{KindVisit, KindMoney, KindGoods}
	Occasions = []string{OccasionJuly, OccasionSpring}
	States    = []string{StateDone, StatePending, StateApproved, StateRejected}
)

// UpdateRecord is PUT /api/dybf/records/{id}: a record of the caller's
// scope corrected, its member and kind kept (another member or kind is a
// new record). Decided money is fixed: an approved amount has been paid
// from the fee funds, a rejected one was decided as it stands (409). A
// pending amount changed is weighed against the threshold again. The
// update is conditional on the state read, so a decision in between wins.
func (s *Service) UpdateRecord(ctx context.Context, id int64, in RecordInput) (RecordView, error) {
	cur, err := s.record(ctx, id)
	if err != nil {
		return RecordView{}, err
	}
	if err := decidedMoney(cur, "修改"); err != nil {
		return RecordView{}, err
	}
	if in.MemberID != 0 && in.MemberID != cur.MemberID {
		return RecordView{}, httpx.Invalid("memberId", "帮扶记录的党员不能修改，请删除后重新登记")
	}
	if in.Kind != cur.Kind {
		return RecordView{}, httpx.Invalid("kind", "帮扶方式不能修改，请删除后重新登记")
	}
	in.MemberID = cur.MemberID
	in, fen, day, err := s.checkRecord(in)
	if err != nil {
		return RecordView{}, err
	}
	needsSchool := cur.NeedsSchool
	if cur.Kind == KindMoney {
		threshold, err := s.threshold(ctx)
		if err != nil {
			return RecordView{}, err
		}
		needsSchool = fen > threshold
	}
	res, err := s.db.NewUpdate().Model((*Record)(nil)).Set("occasion = ?", in.Occasion).Set("year = ?", yearOf(day)).
		Set("aid_on = ?", day).Set("fen = ?", fen).Set("visitors = ?", in.Visitors).Set("note = ?", in.Note).
		Set("needs_school = ?", needsSchool).Set("updated_at = ?", s.now()).
		Where("id = ?", id).Where("state = ?", cur.State).Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.Conflict("该笔帮扶金已审批，不能修改")); err != nil {
		return RecordView{}, err
	}
	return s.record(ctx, id)
}

// DeleteRecord is DELETE /api/dybf/records/{id}: a record of the caller's
// scope removed with its photos and papers (their files once the delete has
// committed). Decided money stays (409): an approved amount was paid from
// the fee funds and counts in the totals; a rejected one is the record of
// the decision. The delete is conditional on the state read.
func (s *Service) DeleteRecord(ctx context.Context, id int64) error {
	cur, err := s.record(ctx, id)
	if err != nil {
		return err
	}
	if err := decidedMoney(cur, "删除"); err != nil {
		return err
	}
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewDelete().Model((*Record)(nil)).Where("id = ?", id).Where("state = ?", cur.State).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("该笔帮扶金已审批，不能删除")); err != nil {
			return err
		}
		return s.sys.DropAttachments(ctx, tx, attachModule, []int64{id})
	})
}

// decidedMoney refuses a change (what) of money already decided.
func decidedMoney(cur RecordView, what string) error {
	switch {
	case cur.Kind != KindMoney || cur.State == StatePending:
		return nil
	case cur.State == StateApproved:
		return httpx.Conflict("已批准的帮扶金已从党费中支出，不能%s", what)
	}
	return httpx.Conflict("未批准的帮扶金须保留审批记录，不能%s", what)
}
