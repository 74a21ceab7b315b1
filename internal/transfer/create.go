package transfer

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/transfer/letter"
)

// Input starts a transfer. For 校外转入 and 流动党员流入 it carries the
// person (name, gender, ID number, phone, party status, joined date,
// person type) and the receiving branch (OrgID); for every other kind the
// member (MemberID, of the caller's scope).
type Input struct {
	Kind         string `json:"kind"`
	SubKind      string `json:"subKind"`
	MemberID     int64  `json:"memberId"`
	Name         string `json:"name"`
	Gender       string `json:"gender"`
	IDNumber     string `json:"idNumber"`
	Phone        string `json:"phone"`
	PartyStatus  string `json:"partyStatus"`
	JoinedOn     string `json:"joinedOn"`
	PersonType   string `json:"personType"`
	PersonCat    string `json:"personCategory"`
	OrgID        int64  `json:"orgId"`
	ToOrgID      int64  `json:"toOrgId"`
	OtherOrg     string `json:"otherOrg"`
	Reach        string `json:"reach"`
	FeesPaidUpTo string `json:"feesPaidUpTo"`
	HappenedOn   string `json:"happenedOn"`
	Reason       string `json:"reason"`
	Comment      string `json:"comment"`
	// At, from Go only (the demo, a paper transfer imported), starts the
	// transfer at a later step of its chain ("": 支部审核).
	At string `json:"-"`
}

// Limits of the input.
const (
	maxName     = 50
	maxOtherOrg = 100
	maxReason   = 500
)

// allowedStatus are the member statuses (DY_ZT) a kind starts from.
var allowedStatus = map[string][]string{
	KindOut: {member.StatusNormal}, KindInside: {member.StatusNormal}, KindAbroad: {member.StatusNormal},
	KindReturn:  {member.StatusNormal, member.StatusSuspended},
	KindFlowOut: {member.StatusNormal}, KindLost: {member.StatusNormal},
	KindSuspend: {member.StatusNormal, member.StatusLost},
	KindLeave:   {member.StatusNormal, member.StatusSuspended, member.StatusLost},
}

// otherOrgLabel names OtherOrg per kind (required for these kinds).
var otherOrgLabel = map[string]string{
	KindIn: "原所在党组织", KindOut: "转入党组织", KindAbroad: "前往国家（地区）",
	KindFlowOut: "流入地党组织", KindFlowIn: "流出地党组织",
}

// happenedLabel names HappenedOn per kind (required for these kinds).
var happenedLabel = map[string]string{
	KindAbroad: "出国（境）日期", KindReturn: "回国日期", KindSuspend: "停止党籍日期", KindLost: "失去联系日期", KindLeave: "出党日期",
}

// personal tells whether kind carries the person rather than a member.
func personal(kind string) bool { return kind == KindIn || kind == KindFlowIn }

// Create starts a transfer for the caller (an administrator, or a member
// for themselves through Mine): the record is written and put at 支部审核
// (or In.At) in one transaction.
func (s *Service) Create(ctx context.Context, in Input) (Transfer, error) {
	t, err := s.prepare(ctx, in)
	if err != nil {
		return Transfer{}, err
	}
	at := cmp.Or(in.At, StepBranch)
	st := s.flows[t.Kind]
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if err := s.fees(ctx, tx, t, in.FeesPaidUpTo); err != nil {
			return err
		}
		t.State = stateOf(st, at)
		t.CreatedAt = s.now()
		t.UpdatedAt = t.CreatedAt
		if _, err := tx.NewInsert().Model(t).Returning("id").Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return errOpen()
			}
			return httpx.Internal(err)
		}
		return st.StartAt(ctx, tx, t.ID, at, flow.Note{Comment: in.Comment})
	})
	if err != nil {
		return Transfer{}, err
	}
	return *t, nil
}

func errOpen() *httpx.Error {
	return httpx.Conflict("该党员有正在办理的组织关系转接，请办结或撤回后再申请")
}

// stateOf is the state of a record waiting at step of wf: the step's
// State as the workflow declares it.
func stateOf(wf *flow.Workflow[Transfer], step string) string {
	for _, st := range wf.Steps {
		if st.Key == step {
			return st.State
		}
	}
	return StateBranch
}

// prepare checks in (400 naming the field) and builds the row.
func (s *Service) prepare(ctx context.Context, in Input) (*Transfer, error) {
	if !slices.Contains(Kinds, in.Kind) {
		return nil, httpx.Invalid("kind", "请选择转接类型")
	}
	t := &Transfer{Kind: in.Kind}
	if subs := subKinds[in.Kind]; len(subs) > 0 {
		if !slices.Contains(subs, in.SubKind) && in.Kind == KindSuspend {
			return nil, httpx.Invalid("subKind", "请选择停止党籍的原因：失去联系满6个月或出国（境）学习研究超过5年（%s）", article)
		}
		if !slices.Contains(subs, in.SubKind) {
			return nil, httpx.Invalid("subKind", "请选择%s类别", KindNames[in.Kind])
		}
		t.SubKind = in.SubKind
	}
	today := date.Of(s.now().In(date.China))
	text := func(field, label, v string, max int, required bool) (string, error) {
		v = strings.TrimSpace(v)
		if v == "" && required {
			return "", httpx.Invalid(field, "请填写%s", label)
		}
		if utf8.RuneCountInString(v) > max {
			return "", httpx.Invalid(field, "%s不能超过 %d 个字", label, max)
		}
		return v, nil
	}
	var err error
	label, required := otherOrgLabel[in.Kind]
	if t.OtherOrg, err = text("otherOrg", cmp.Or(label, "对方党组织"), in.OtherOrg, maxOtherOrg, required); err != nil {
		return nil, err
	}
	if t.Reason, err = text("reason", "原因", in.Reason, maxReason, false); err != nil {
		return nil, err
	}
	if label, required := happenedLabel[in.Kind]; required || in.HappenedOn != "" {
		d, ok := date.Parse(strings.TrimSpace(in.HappenedOn))
		if !ok || d.IsZero() {
			return nil, httpx.Invalid("happenedOn", "请选择%s", cmp.Or(label, "日期"))
		}
		if d.After(today) && in.Kind != KindAbroad {
			return nil, httpx.Invalid("happenedOn", "%s不能晚于今天", cmp.Or(label, "日期"))
		}
		t.HappenedOn = d
	}
	if in.Kind == KindOut || in.Kind == KindInside {
		reach := in.Reach
		if reach == "" && in.Kind == KindInside {
			reach = letter.ReachCity
		}
		if reach != letter.ReachCity && reach != letter.ReachProvince && reach != letter.ReachNation {
			return nil, httpx.Invalid("reach", "请选择介绍信的去向范围")
		}
		t.Reach = reach
		if in.Kind == KindOut && in.SubKind == OutOutside && reach != letter.ReachNation {
			return nil, httpx.Invalid("reach", "省外转出的介绍信去向须为“省外”，不能选择“%s”", letter.ReachName(reach))
		}
		if m, ok := date.ParseMonth(in.FeesPaidUpTo); in.FeesPaidUpTo != "" && (!ok || m.After(today.Month())) {
			return nil, httpx.Invalid("feesPaidUpTo", "党费缴纳至须为不晚于本月的年月（如 2026-05）")
		}
	}
	if uid := rbac.UserID(ctx); uid != 0 {
		t.StartedBy = &uid
	}
	if personal(in.Kind) {
		return t, s.preparePerson(ctx, t, in, today)
	}
	return t, s.prepareMember(ctx, t, in)
}

// preparePerson checks the person of 校外转入 / 流动党员流入 and the
// receiving branch (of the caller's scope, holding members).
func (s *Service) preparePerson(ctx context.Context, t *Transfer, in Input, today date.Date) error {
	name := strings.TrimSpace(in.Name)
	if name == "" || utf8.RuneCountInString(name) > maxName {
		return httpx.Invalid("name", "请输入姓名（不超过%d个字）", maxName)
	}
	t.Name = name
	id, err := member.ParseIDNumber(strings.TrimSpace(in.IDNumber), s.now())
	if err != nil {
		return httpx.Invalid("idNumber", "请输入正确的身份证号码")
	}
	t.IDNumberEnc, t.IDNumberIdx, t.Gender = s.cipher.Encrypt(id.Number), s.members.IDIndex(id.Number), id.Gender
	if phone := strings.TrimSpace(in.Phone); phone != "" {
		if !member.IsMobilePhone(phone) {
			return httpx.Invalid("phone", "请输入正确的手机号码")
		}
		t.PhoneEnc = s.cipher.Encrypt(phone)
	}
	labels, err := s.sys.DictLabels(ctx, "DJ_DY_DJZTXX", "DJ_DY_RYLBXX", "DJ_DYJBXX_RYLX")
	if err != nil {
		return httpx.Internal(err)
	}
	for _, d := range []struct{ field, label, dict, value string }{
		{"partyStatus", "党籍状态", "DJ_DY_DJZTXX", in.PartyStatus},
		{"personCategory", "人员类别", "DJ_DY_RYLBXX", in.PersonCat},
	} {
		if !labels.Has(d.dict, d.value) {
			return httpx.Invalid(d.field, "请选择%s", d.label)
		}
	}
	if in.PersonType != "" && !labels.Has("DJ_DYJBXX_RYLX", in.PersonType) {
		return httpx.Invalid("personType", "人员类型取值无效")
	}
	t.PartyStatus, t.PersonCat, t.PersonType = in.PartyStatus, in.PersonCat, in.PersonType
	joined, ok := date.Parse(strings.TrimSpace(in.JoinedOn))
	if !ok || joined.IsZero() {
		return httpx.Invalid("joinedOn", "请选择入党日期")
	}
	if joined.After(today) {
		return httpx.Invalid("joinedOn", "入党日期不能晚于今天")
	}
	t.JoinedOn = joined
	if in.OrgID <= 0 {
		return httpx.Invalid("orgId", "请选择接收党组织")
	}
	if err := s.receiving(ctx, "orgId", in.OrgID, true); err != nil {
		return err
	}
	t.OrgID = in.OrgID
	if in.Kind == KindIn {
		m, err := s.members.ByIDNumber(ctx, s.db, id.Number)
		if err != nil {
			return err
		}
		if err := s.restorable(ctx, m); err != nil {
			return err
		}
		if m != nil {
			t.MemberID = &m.ID // restored at the last approval (no second record)
		}
	}
	return nil
}

// receiving checks a receiving organisation: it exists, holds members
// and (own) lies in the caller's scope.
func (s *Service) receiving(ctx context.Context, field string, id int64, own bool) error {
	if own {
		if err := s.orgs.Owns(ctx, field, id); err != nil {
			return err
		}
	}
	o, err := s.orgs.Brief(ctx, id)
	if err != nil {
		return httpx.Internal(err)
	}
	if o == nil || !o.Live() {
		return httpx.Invalid(field, "所选党组织不存在")
	}
	if !member.OrgTypeHoldsMembers(o.Type) {
		return httpx.Invalid(field, "请选择党支部（党委不直接管理党员）")
	}
	return nil
}

// prepareMember checks the member (of the caller's scope: 404 outside it)
// and copies what the transfer shows of them.
func (s *Service) prepareMember(ctx context.Context, t *Transfer, in Input) error {
	if in.MemberID <= 0 {
		return httpx.Invalid("memberId", "请选择党员")
	}
	m, err := s.members.Record(ctx, s.db, in.MemberID)
	if err != nil {
		return err
	}
	if !slices.Contains(allowedStatus[in.Kind], m.MemberStatus) {
		return httpx.Invalid("memberId", "该党员当前状态不能办理%s", KindNames[in.Kind])
	}
	t.MemberID = &m.ID
	if err := checkStanding(ctx, s.db, t, m.MemberStatus); err != nil {
		return err
	}
	t.MemberID, t.Name, t.Gender, t.PartyStatus, t.JoinedOn, t.PersonType = &m.ID, m.Name, m.Gender, m.PartyStatus, m.JoinedOn, m.PersonType
	t.PersonCat = m.PersonCategory
	t.IDNumberEnc, t.IDNumberIdx, t.PhoneEnc, t.OrgID = m.IDNumberEnc, m.IDNumberIdx, m.PhoneEnc, m.OrgID
	if p := rbac.From(ctx); p != nil && m.UserID != nil && *m.UserID == p.UserID {
		t.BySelf = true
	}
	if in.Kind == KindInside {
		if in.ToOrgID <= 0 {
			return httpx.Invalid("toOrgId", "请选择接收党支部")
		}
		if in.ToOrgID == m.OrgID {
			return httpx.Invalid("toOrgId", "接收党支部不能是党员当前所在的党支部")
		}
		if err := s.receiving(ctx, "toOrgId", in.ToOrgID, false); err != nil {
			return err
		}
		to := in.ToOrgID
		t.ToOrgID = &to
	}
	return nil
}

// fees records 党费缴纳至 on a transfer out (转出, 校内转接): the fee
// domain's month when it knows one, else the month entered (required): a
// program without the fee domain, or a member whose fees the fee records
// do not show paid (collected on paper before them), takes the entry.
func (s *Service) fees(ctx context.Context, tx bun.Tx, t *Transfer, entered string) error {
	if t.Kind != KindOut && t.Kind != KindInside {
		return nil
	}
	paid, ok, err := event.Ask[member.PaidUpTo](ctx, s.bus, tx, member.FeesPaidUpTo{MemberID: deref(t.MemberID)})
	if err != nil {
		return httpx.Internal(err)
	}
	if ok && paid.Month != "" {
		t.FeesPaidUpTo, t.FeesFrom = paid.Month, "fee"
		return nil
	}
	if entered == "" {
		return httpx.Invalid("feesPaidUpTo", "请填写党费缴纳至（年月）")
	}
	t.FeesPaidUpTo, t.FeesFrom = entered, "entered"
	return nil
}

// restorable refuses 校外转入 of a member record that cannot come back
// that way: one still in the school (正常, 停止党籍, 失联) or one who left
// the party or died. Only a member transferred out (已转出) is restored.
// The refusal names the member only when their organisation lies in the
// caller's scope: the ID number finds a member of the whole school, and
// would otherwise answer anyone's name.
func (s *Service) restorable(ctx context.Context, m *member.Member) error {
	if m == nil || m.MemberStatus == member.StatusTransferredOut {
		return nil
	}
	who := ""
	if sc, err := s.orgs.ScopeOf(ctx); err == nil && sc.Has(m.OrgID) {
		who = "（" + m.Name + "）"
	}
	switch m.MemberStatus {
	case member.StatusNormal, member.StatusSuspended, member.StatusLost:
		return httpx.Invalid("idNumber", "该身份证号码的党员%s仍在本校，不能办理校外转入", who)
	}
	return httpx.Invalid("idNumber", "该身份证号码的党员%s已出党或去世，不能办理校外转入", who)
}
