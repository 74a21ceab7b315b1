package letter

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/seq"
	"zhdj/internal/system"
)

// Statuses of a letter. Expired is computed (statusExpr): a letter past its
// validity without its receipt, neither received nor voided; no job sets it.
const (
	StatusIssued   = "issued"   // 已开具: valid, the receipt not back
	StatusAccepted = "accepted" // 已接收: the receiving side took the member in, the receipt not back
	StatusReceived = "received" // 已回执
	StatusExpired  = "expired"  // 已过期
	StatusVoided   = "voided"   // 已作废
)

// Record is a letter as stored: what it prints, copied at issue.
type Record struct {
	bun.BaseModel `bun:"table:zzgx_letter,alias:l"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	TransferID    int64     `bun:"transfer_id" json:"transferId"`
	MemberID      int64     `bun:"member_id" json:"memberId"`
	Kind          string    `bun:"kind" json:"kind"`
	Reach         string    `bun:"reach" json:"reach"`
	Year          int       `bun:"year" json:"year"`
	Seq           int       `bun:"seq" json:"seq"`
	Number        string    `bun:"number" json:"number"`
	FromOrgID     int64     `bun:"from_org_id" json:"fromOrgId"`
	ToOrgID       *int64    `bun:"to_org_id" json:"toOrgId"`
	FromOrgName   string    `bun:"from_org_name" json:"fromOrgName"`
	ToOrgName     string    `bun:"to_org_name" json:"toOrgName"`
	MemberName    string    `bun:"member_name" json:"memberName"`
	Gender        string    `bun:"gender" json:"gender"`                // the label, as printed
	BirthDate     date.Date `bun:"birth_date" json:"birthDate"`         // the age is counted from it on the issue day
	Ethnicity     string    `bun:"ethnicity" json:"ethnicity"`          // the label
	PartyStatus   string    `bun:"party_status" json:"partyStatus"`     // 正式党员 / 预备党员
	IDNumberEnc   string    `bun:"id_number_enc" json:"-"`              // the member's, encrypted as the member base keeps it
	FeesPaidUpTo  string    `bun:"fees_paid_up_to" json:"feesPaidUpTo"` // YYYY-MM
	Contact       string    `bun:"contact" json:"contact"`
	IssuedOn      date.Date `bun:"issued_on" json:"issuedOn"`
	ValidDays     int       `bun:"valid_days" json:"validDays"`
	ValidUntil    date.Date `bun:"valid_until" json:"validUntil"`
	// AcceptedOn is the day the receiving side took the member in: the
	// receipt is due one month later (介绍信 第三联).
	AcceptedOn date.Date `bun:"accepted_on" json:"acceptedOn"`
	ReceivedOn date.Date `bun:"received_on" json:"receivedOn"`
	VoidedOn   date.Date `bun:"voided_on" json:"voidedOn"`
	VoidReason string    `bun:"void_reason" json:"voidReason"`
	ReissueOf  *int64    `bun:"reissue_of" json:"reissueOf"`
	IssuedBy   int64     `bun:"issued_by" json:"issuedBy"`
	CreatedAt  time.Time `bun:"created_at" json:"createdAt"`
	UpdatedAt  time.Time `bun:"updated_at" json:"updatedAt"`
}

// View is a letter as the API shows it: its computed status, the masked ID
// number, the age on the issue day and the receipt's due date.
type View struct {
	Record       `bun:",extend"`
	Status       string    `bun:"status,scanonly" json:"status"`
	IDNumber     string    `bun:"-" json:"idNumber"` // masked; the print view shows it whole
	Age          int       `bun:"-" json:"age"`
	ReceiptDueOn date.Date `bun:"-" json:"receiptDueOn"` // ReceiptDue: empty (null) while the member is not taken in
}

// Letter is the contract's view of a record.
func (r *View) Letter() Letter {
	return Letter{ID: r.ID, TransferID: r.TransferID, Year: r.Year, Number: r.Number, ValidUntil: r.ValidUntil, Status: r.Status}
}

// Service is the letters of introduction.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	cipher  *crypto.FieldCipher
	now     func() time.Time
}

// New builds the service; members gives what a letter copies of its member
// (member.Profile), cipher is the member base's field cipher (the ID number
// is copied encrypted and opened only to print).
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, cipher *crypto.FieldCipher) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, members: members, cipher: cipher, now: func() time.Time { return time.Now().UTC() }}
}

// SetClock replaces the clock (tests move the day).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Module describes the letters to internal/app; it works on a nil service.
func (s *Service) Module() module.Module {
	return module.Module{Name: "transfer-letter", Migrations: Migrations(), Routes: s.Routes, Menus: menus(),
		Reminders: s.reminders(), Encrypted: encrypted()}
}

// today is the day in China.
func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

// statusExpr computes a letter's status on the day given as its argument.
const statusExpr = `CASE WHEN l.voided_on IS NOT NULL THEN 'voided' WHEN l.received_on IS NOT NULL THEN 'received'
	WHEN l.accepted_on IS NOT NULL THEN 'accepted' WHEN l.valid_until < ? THEN 'expired' ELSE 'issued' END`

// selectViews selects letters with their status on today.
func (s *Service) selectViews(idb bun.IDB, rows any, today date.Date) *bun.SelectQuery {
	return idb.NewSelect().Model(rows).ColumnExpr("l.*").ColumnExpr(statusExpr+" AS status", today)
}

// fill completes the views' computed fields.
func (s *Service) fill(st Settings, rows []View) {
	for i := range rows {
		r := &rows[i]
		if r.IDNumberEnc != "" {
			if v, err := s.cipher.Decrypt(r.IDNumberEnc); err == nil {
				r.IDNumber = crypto.MaskIDNumber(v)
			}
		}
		r.Age = r.BirthDate.AgeOn(r.IssuedOn)
		r.ReceiptDueOn = ReceiptDue(r.AcceptedOn, st.ReceiptMonths)
	}
}

var reaches = map[string]string{ReachCity: "市内", ReachProvince: "省内", ReachNation: "省外"}

const (
	maxOrgName = 200
	maxKind    = 32
	maxReason  = 200
)

// checkIssue refuses a request the caller built wrong, naming the field.
func checkIssue(in *Issue) error {
	in.ToOrgName, in.Kind, in.FeesPaidUpTo = strings.TrimSpace(in.ToOrgName), strings.TrimSpace(in.Kind), strings.TrimSpace(in.FeesPaidUpTo)
	var c httpx.Checks
	if in.TransferID <= 0 {
		c.Add(httpx.Invalid("transferId", "缺少组织关系转接记录"))
	}
	if in.MemberID <= 0 {
		c.Add(httpx.Invalid("memberId", "请选择党员"))
	}
	if in.FromOrgID <= 0 {
		c.Add(httpx.Invalid("fromOrgId", "请选择转出党组织"))
	}
	if in.ToOrgName == "" && in.ToOrgID == nil {
		c.Add(httpx.Invalid("toOrgName", "请填写接收党组织"))
	} else if utf8.RuneCountInString(in.ToOrgName) > maxOrgName {
		c.Add(httpx.Invalid("toOrgName", "接收党组织名称不能超过%d个字", maxOrgName))
	}
	if in.Kind == "" || len(in.Kind) > maxKind {
		c.Add(httpx.Invalid("kind", "转接类型无效"))
	}
	if _, ok := reaches[in.Reach]; !ok {
		c.Add(httpx.Invalid("reach", "请选择介绍信的去向范围（市内、省内或省外）"))
	}
	if _, ok := date.ParseMonth(in.FeesPaidUpTo); in.FeesPaidUpTo != "" && !ok {
		c.Add(httpx.Invalid("feesPaidUpTo", "党费缴纳至须为年月（如 2026-03）"))
	}
	return c.Err()
}

// IssueTx issues the letter of an approved transfer inside tx (the
// approval's transaction): the next number of the year, the validity of
// its reach from the settings, and what it prints copied from the member
// and the organisations. A transfer has one live letter: asked again (the
// approval redone after a return), a valid or received letter is answered
// as it is, and an expired one is reissued (voided, the next number).
func (s *Service) IssueTx(ctx context.Context, tx bun.Tx, in Issue) (Letter, error) {
	if err := checkIssue(&in); err != nil {
		return Letter{}, err
	}
	var live []View
	if err := s.selectViews(tx, &live, s.today()).Where("l.transfer_id = ?", in.TransferID).Where("l.voided_on IS NULL").
		Scan(ctx); err != nil {
		return Letter{}, httpx.Internal(err)
	}
	if len(live) == 1 {
		if live[0].Status != StatusExpired {
			return live[0].Letter(), nil
		}
		r, err := s.reissueTx(ctx, tx, &live[0], in.IssuedBy)
		if err != nil {
			return Letter{}, err
		}
		return Letter{ID: r.ID, TransferID: r.TransferID, Year: r.Year, Number: r.Number, ValidUntil: r.ValidUntil, Status: StatusIssued}, nil
	}
	st, err := s.Settings(ctx, tx)
	if err != nil {
		return Letter{}, err
	}
	m, err := s.members.ProfileOf(ctx, tx, in.MemberID)
	if err != nil {
		return Letter{}, err
	} else if m == nil {
		return Letter{}, httpx.Invalid("memberId", "党员不存在")
	}
	ids := []int64{in.FromOrgID}
	if in.ToOrgID != nil {
		ids = append(ids, *in.ToOrgID)
	}
	names, err := s.orgs.Names(ctx, ids)
	if err != nil {
		return Letter{}, httpx.Internal(err)
	}
	if names[in.FromOrgID] == "" {
		return Letter{}, httpx.Invalid("fromOrgId", "转出党组织不存在")
	}
	if in.ToOrgID != nil {
		if names[*in.ToOrgID] == "" {
			return Letter{}, httpx.Invalid("toOrgId", "接收党组织不存在")
		}
		if in.ToOrgName == "" {
			in.ToOrgName = names[*in.ToOrgID]
		}
	}
	today := s.today()
	r := Record{TransferID: in.TransferID, MemberID: in.MemberID, Kind: in.Kind, Reach: in.Reach,
		FromOrgID: in.FromOrgID, ToOrgID: in.ToOrgID, FromOrgName: names[in.FromOrgID], ToOrgName: in.ToOrgName,
		MemberName: m.Name, Gender: m.Gender, BirthDate: m.BirthDate, Ethnicity: m.Ethnicity, PartyStatus: m.PartyStatus,
		IDNumberEnc: m.IDNumberEnc, FeesPaidUpTo: in.FeesPaidUpTo, Contact: st.Contact, IssuedBy: in.IssuedBy}
	if err := s.insert(ctx, tx, &r, today, st.Days(in.Reach)); err != nil {
		return Letter{}, err
	}
	return Letter{ID: r.ID, TransferID: r.TransferID, Year: r.Year, Number: r.Number, ValidUntil: r.ValidUntil, Status: StatusIssued}, nil
}

// insert numbers r, dates it on day with days of validity and stores it.
func (s *Service) insert(ctx context.Context, tx bun.Tx, r *Record, day date.Date, days int) error {
	year := day.Time().Year()
	n, err := seq.Next(ctx, tx, seqKey, year)
	if err != nil {
		return httpx.Internal(err)
	}
	now := s.now()
	r.Year, r.Seq, r.Number = year, int(n), FormatNumber(year, int(n))
	r.IssuedOn, r.ValidDays, r.ValidUntil = day, days, validUntil(day, days)
	r.CreatedAt, r.UpdatedAt = now, now
	if _, err := tx.NewInsert().Model(r).Returning("id").Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return httpx.Conflict("该组织关系转接已开具介绍信（%s），如已过期请补开", r.Number)
		}
		return httpx.Internal(err)
	}
	return nil
}

// ReceiveTx records inside tx that the receipt of the transfer's live
// letter came back today (the receiving side accepted the member: 校内转接).
// A letter received already stays as it is; an expired one must be
// reissued first, and a transfer without a letter is refused.
func (s *Service) ReceiveTx(ctx context.Context, tx bun.Tx, transferID int64) error {
	today := s.today()
	var ids []int64
	err := tx.NewRaw(`UPDATE zzgx_letter SET received_on = ?, accepted_on = COALESCE(accepted_on, ?), updated_at = ?
		WHERE transfer_id = ? AND voided_on IS NULL AND received_on IS NULL AND valid_until >= ? RETURNING id`,
		today, today, s.now(), transferID, today).Scan(ctx, &ids)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return httpx.Internal(err)
	}
	if len(ids) == 1 {
		return nil
	}
	var live []View
	if err := s.selectViews(tx, &live, today).Where("l.transfer_id = ?", transferID).Where("l.voided_on IS NULL").Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	switch {
	case len(live) == 0:
		return httpx.BadRequest("该组织关系转接没有有效的介绍信")
	case live[0].Status == StatusReceived:
		return nil
	default:
		return httpx.BadRequest("介绍信 %s 已于 %s 过期，请补开介绍信后再办理接收", live[0].Number, live[0].ValidUntil)
	}
}

// OfTransfer lists the letters of a transfer, the newest first (voided ones
// included: a reissue keeps its history).
func (s *Service) OfTransfer(ctx context.Context, idb bun.IDB, transferID int64) ([]Letter, error) {
	var rows []View
	if err := s.selectViews(idb, &rows, s.today()).Where("l.transfer_id = ?", transferID).OrderExpr("l.id DESC").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]Letter, len(rows))
	for i := range rows {
		out[i] = rows[i].Letter()
	}
	return out, nil
}

// scoped restricts a select of letters to the caller's scope: the sending
// or the receiving organisation lies in it.
func (s *Service) scoped(ctx context.Context, q *bun.SelectQuery) (*bun.SelectQuery, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.AsError(err)
	}
	return sc.ApplyAny(q, "l.from_org_id", "l.to_org_id"), nil
}

func errNoLetter() *httpx.Error { return httpx.NotFound("介绍信不存在") }

// find reads letter id of the caller's scope through idb (404 outside it).
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*View, error) {
	v := new(View)
	q, err := s.scoped(ctx, s.selectViews(idb, v, s.today()).Where("l.id = ?", id))
	if err != nil {
		return nil, err
	}
	if err := q.Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoLetter()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	st, err := s.Settings(ctx, idb)
	if err != nil {
		return nil, err
	}
	rows := []View{*v}
	s.fill(st, rows)
	return &rows[0], nil
}

// Detail is one letter of the scope.
func (s *Service) Detail(ctx context.Context, id int64) (*View, error) { return s.find(ctx, s.db, id) }
