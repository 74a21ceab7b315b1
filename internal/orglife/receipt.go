package orglife

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/report"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// The meeting receipt (会议回执, docs/orglife.md "Receipt"): when the host
// asks for one (a meeting's receipt), the members on its list are told at
// CLOSE with a link to the public page ReceiptPath, where each answers once
// — satisfaction, what they took from it, suggestions — from CLOSE until
// CfgReceiptDays after. The host reads the answers and their summary in the
// meeting's 回执 tab and exports them.

// ReceiptPath is the web page of a meeting's receipt (?id=<meeting>): a
// sub-path of /questionnaire, where the ballots issue's questionnaires come
// later.
const ReceiptPath = "/questionnaire/meeting"

// Satisfaction with a meeting.
const (
	Satisfied   = "satisfied"   // 满意
	Basic       = "basic"       // 基本满意
	Unsatisfied = "unsatisfied" // 不满意
)

// Satisfactions are the answers in the form's order; SatisfactionNames as users read them.
var (
	Satisfactions     = []string{Satisfied, Basic, Unsatisfied}
	SatisfactionNames = map[string]string{Satisfied: "满意", Basic: "基本满意", Unsatisfied: "不满意"}
)

// MaxReceiptText bounds 收获体会 and 意见建议 (characters; the columns' size).
const MaxReceiptText = 1000

// CfgReceiptDays is the setting of how many days after CLOSE a receipt may
// be answered.
const (
	CfgReceiptDays     = "orglife.receiptDays"
	DefaultReceiptDays = 30
)

// Where a caller's receipt stands (ReceiptForm.Status).
const (
	ReceiptNotYet   = "notYet"   // the meeting has not closed
	ReceiptOpen     = "open"     // may be answered now
	ReceiptOver     = "over"     // the days to answer have passed
	ReceiptAnswered = "answered" // answered (Answer holds it)
)

// msgNoReceipt answers alike whatever the reason (no such meeting, no
// receipt asked, the caller not on its list), so the route tells a signed-in
// caller nothing about meetings not theirs.
const msgNoReceipt = "没有找到需要您填写的会议回执"

func errNoReceipt() *httpx.Error { return httpx.NotFound(msgNoReceipt) }

// Receipt is one member's answer (a row of zzsh_receipt): one per meeting
// and member.
type Receipt struct {
	bun.BaseModel `bun:"table:zzsh_receipt,alias:r"`
	resource.Base

	MeetingID    int64  `bun:"meeting_id" json:"meetingId"`
	MemberID     int64  `bun:"member_id" json:"memberId"`
	Satisfaction string `bun:"satisfaction" json:"satisfaction"`
	Gains        string `bun:"gains" json:"gains"`             // 收获体会
	Suggestions  string `bun:"suggestions" json:"suggestions"` // 意见建议
}

// ReceiptInput is the body of answering a receipt.
type ReceiptInput struct {
	Satisfaction string `json:"satisfaction"`
	Gains        string `json:"gains"`
	Suggestions  string `json:"suggestions"`
}

// ReceiptForm is what the receipt page shows the caller: the meeting,
// the days to answer, and where their receipt stands.
type ReceiptForm struct {
	MeetingID int64      `json:"meetingId"`
	Topic     string     `json:"topic"`
	OrgName   string     `json:"orgName"`
	TypeName  string     `json:"typeName"`
	StartsAt  time.Time  `json:"startsAt"`
	EndsAt    time.Time  `json:"endsAt"`
	Place     string     `json:"place"`
	Host      string     `json:"host"`
	ClosedAt  *time.Time `json:"closedAt"`
	Deadline  *time.Time `json:"deadline"` // the last moment to answer (nil before CLOSE)
	Status    string     `json:"status"`
	Answer    *Receipt   `json:"answer"` // the caller's, once answered
}

// ReceiptRow is one answer as the host reads it: who, their attendance.
type ReceiptRow struct {
	Receipt          `bun:",extend"`
	Name             string `bun:"name,scanonly" json:"name"`
	Attendance       string `bun:"attendance,scanonly" json:"attendance"`
	SatisfactionName string `bun:"-" json:"satisfactionName"`
}

// ReceiptCount is how many answered with one satisfaction.
type ReceiptCount struct {
	Satisfaction string `json:"satisfaction"`
	Name         string `json:"name"`
	Count        int    `json:"count"`
}

// ReceiptSummary is a meeting's receipts for its host: how many of the
// members on its list answered, the counts per satisfaction and the answers
// (latest first; a meeting's list bounds them).
type ReceiptSummary struct {
	Receipt   bool           `json:"receipt"` // the host asked for receipts
	Members   int            `json:"members"` // members on the list (guests answer none)
	Answered  int            `json:"answered"`
	Deadline  *time.Time     `json:"deadline"`
	Counts    []ReceiptCount `json:"counts"`
	Answers   []ReceiptRow   `json:"answers"`
	MeetingID int64          `json:"meetingId"`
}

// migrateReceipt adds the receipts and the setting of the days to answer.
func migrateReceipt(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE zzsh_receipt (
			id {{pk}},
			meeting_id BIGINT NOT NULL REFERENCES zzsh_meeting(id) ON DELETE CASCADE,
			member_id BIGINT NOT NULL REFERENCES dyjbxx(id),
			satisfaction VARCHAR(12) NOT NULL,
			gains VARCHAR(1000) NOT NULL DEFAULT '',
			suggestions VARCHAR(1000) NOT NULL DEFAULT '',
			{{stamps}})`,
		// One answer per member and meeting: of parallel submits one row stays.
		`CREATE UNIQUE INDEX uq_zzsh_receipt_member ON zzsh_receipt(meeting_id, member_id)`,
		`CREATE INDEX idx_zzsh_receipt_member ON zzsh_receipt(member_id)`)
	if err != nil {
		return err
	}
	return system.InsertSetting(ctx, tx, CfgReceiptDays, strconv.Itoa(DefaultReceiptDays), "会议回执填写天数", "orglife", system.KindInt,
		"会议结束后多少天内参会党员可以填写会议回执（默认30天）")
}

// receiptRoutes registers the member's receipt (signed in: any account,
// checked against the meeting's list) and the host's view and export.
func (s *Service) receiptRoutes(rs *httpx.Routes) {
	r := rs.In("会议回执")
	r.Get("/api/zzsh/receipt/{id}", httpx.SignedIn, "查看会议回执", httpx.ReadOn(errNoReceipt, s.ReceiptOf))
	r.Post("/api/zzsh/receipt/{id}", httpx.SignedIn, "填写会议回执", httpx.CreateUnder(errNoReceipt, s.AnswerReceipt))
	r.Get("/api/zzsh/meetings/{id}/receipts", Perms.List, "查看会议回执统计", httpx.ReadOn(errNoMeeting, s.Receipts))
	r.Get("/api/zzsh/meetings/{id}/receipts/export", Perms.Export, "导出会议回执", httpx.WriteID(errNoMeeting, s.exportReceipts))
}

// receiptMeeting is the meeting id whose receipt the caller may see, with
// the caller's member id: a meeting asking for receipts, not cancelled,
// with the caller's member record on its list; else 404.
func (s *Service) receiptMeeting(ctx context.Context, id int64) (*Meeting, int64, error) {
	me, err := s.members.OwnFacts(ctx)
	if err != nil {
		return nil, 0, err
	}
	if me == nil {
		return nil, 0, errNoReceipt()
	}
	m := new(Meeting)
	err = s.db.NewSelect().Model(m).Where("m.id = ?", id).Where("m.receipt = ?", true).Where("m.cancelled_at IS NULL").
		Where("EXISTS (SELECT 1 FROM zzsh_attendee AS a WHERE a.meeting_id = m.id AND a.member_id = ?)", me.ID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, errNoReceipt()
	} else if err != nil {
		return nil, 0, httpx.Internal(err)
	}
	return m, me.ID, nil
}

// receiptDeadline is the last moment meeting m's receipt may be answered
// (nil before CLOSE).
func (s *Service) receiptDeadline(ctx context.Context, m *Meeting) *time.Time {
	if m.State != StateClosed || m.ClosedAt == nil {
		return nil
	}
	end := m.ClosedAt.AddDate(0, 0, s.sys.SettingInt(ctx, CfgReceiptDays, DefaultReceiptDays))
	return &end
}

// receiptStatus is where a receipt not yet answered stands at now; the
// deadline itself still takes an answer.
func receiptStatus(deadline *time.Time, now time.Time) string {
	switch {
	case deadline == nil:
		return ReceiptNotYet
	case now.After(*deadline):
		return ReceiptOver
	}
	return ReceiptOpen
}

// ReceiptOf answers the caller's receipt of meeting id (404 unless they are
// on its list and it asks for one).
func (s *Service) ReceiptOf(ctx context.Context, id int64) (ReceiptForm, error) {
	m, memberID, err := s.receiptMeeting(ctx, id)
	if err != nil {
		return ReceiptForm{}, err
	}
	return s.receiptForm(ctx, m, memberID)
}

func (s *Service) receiptForm(ctx context.Context, m *Meeting, memberID int64) (ReceiptForm, error) {
	names, err := s.orgs.Names(ctx, []int64{m.OrgID})
	if err != nil {
		return ReceiptForm{}, httpx.Internal(err)
	}
	out := ReceiptForm{MeetingID: m.ID, Topic: m.Topic, OrgName: names[m.OrgID], TypeName: s.typeName(ctx, m.TypeCode),
		StartsAt: m.StartsAt, EndsAt: m.EndsAt, Place: placeOf(m), Host: m.Host, ClosedAt: m.ClosedAt, Deadline: s.receiptDeadline(ctx, m)}
	answer := new(Receipt)
	err = s.db.NewSelect().Model(answer).Where("r.meeting_id = ?", m.ID).Where("r.member_id = ?", memberID).Scan(ctx)
	switch {
	case err == nil:
		out.Status, out.Answer = ReceiptAnswered, answer
	case errors.Is(err, sql.ErrNoRows):
		out.Status = receiptStatus(out.Deadline, s.now())
	default:
		return ReceiptForm{}, httpx.Internal(err)
	}
	return out, nil
}

// placeOf is where meeting m is held as its attendees read it.
func placeOf(m *Meeting) string {
	if m.Online {
		return strings.TrimSpace("线上 " + m.Place)
	}
	return m.Place
}

// AnswerReceipt stores the caller's answer to meeting id's receipt: only a
// member on its list (else 404), from CLOSE until the deadline (else 400),
// once — one INSERT … ON CONFLICT DO NOTHING on the unique (meeting,
// member), so of parallel submits one row is written and the others are 409.
func (s *Service) AnswerReceipt(ctx context.Context, id int64, in ReceiptInput) (ReceiptForm, error) {
	m, memberID, err := s.receiptMeeting(ctx, id)
	if err != nil {
		return ReceiptForm{}, err
	}
	now := s.now()
	switch receiptStatus(s.receiptDeadline(ctx, m), now) {
	case ReceiptNotYet:
		return ReceiptForm{}, httpx.BadRequest("会议结束后才能填写回执")
	case ReceiptOver:
		return ReceiptForm{}, httpx.BadRequest("回执填写已截止")
	}
	r := Receipt{MeetingID: m.ID, MemberID: memberID, Satisfaction: strings.TrimSpace(in.Satisfaction),
		Gains: strings.TrimSpace(in.Gains), Suggestions: strings.TrimSpace(in.Suggestions)}
	var c httpx.Checks
	if _, ok := SatisfactionNames[r.Satisfaction]; !ok {
		c.Add(httpx.Invalid("satisfaction", "请选择满意度"))
	}
	c.Add(record.MaxLen("gains", "收获体会", r.Gains, MaxReceiptText), record.MaxLen("suggestions", "意见建议", r.Suggestions, MaxReceiptText))
	if err := c.Err(); err != nil {
		return ReceiptForm{}, err
	}
	r.CreatedAt, r.UpdatedAt = now, now
	res, err := s.db.NewInsert().Model(&r).On("CONFLICT (meeting_id, member_id) DO NOTHING").Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.Conflict("您已提交回执")); err != nil {
		return ReceiptForm{}, err
	}
	return s.receiptForm(ctx, m, memberID)
}

// askReceipts tells the members on meeting m's list, once the close
// commits, where to answer its receipt and until when.
func (s *Service) askReceipts(ctx context.Context, tx bun.Tx, m *Meeting, closedAt time.Time) error {
	deadline := closedAt.AddDate(0, 0, s.sys.SettingInt(ctx, CfgReceiptDays, DefaultReceiptDays))
	content := fmt.Sprintf("%s已结束，请于%s前填写会议回执（满意度、收获体会和意见建议）。", m.Topic, date.Of(deadline.In(date.China)).Chinese())
	return s.tellAt(ctx, tx, m, "会议回执："+m.Topic, content, fmt.Sprintf("%s?id=%d", ReceiptPath, m.ID))
}

// Receipts answers meeting id's receipts for its host (the caller's scope, else 404).
func (s *Service) Receipts(ctx context.Context, id int64) (ReceiptSummary, error) {
	m, err := s.findMeeting(ctx, s.db, id)
	if err != nil {
		return ReceiptSummary{}, err
	}
	out := ReceiptSummary{MeetingID: m.ID, Receipt: m.Receipt, Deadline: s.receiptDeadline(ctx, m), Answers: []ReceiptRow{}}
	members, err := s.db.NewSelect().Model((*Attendee)(nil)).Where("a.meeting_id = ?", id).Where("a.member_id IS NOT NULL").Count(ctx)
	if err != nil {
		return ReceiptSummary{}, httpx.Internal(err)
	}
	out.Members = int(members)
	err = s.db.NewSelect().Model(&out.Answers).
		ColumnExpr("r.*").ColumnExpr("a.name AS name, a.status AS attendance").
		Join("JOIN zzsh_attendee AS a ON a.meeting_id = r.meeting_id AND a.member_id = r.member_id").
		Where("r.meeting_id = ?", id).OrderExpr("r.created_at DESC, r.id DESC").Scan(ctx)
	if err != nil {
		return ReceiptSummary{}, httpx.Internal(err)
	}
	counts := make(map[string]int, len(Satisfactions))
	for i := range out.Answers {
		a := &out.Answers[i]
		a.SatisfactionName = SatisfactionNames[a.Satisfaction]
		counts[a.Satisfaction]++
	}
	out.Answered = len(out.Answers)
	for _, v := range Satisfactions {
		out.Counts = append(out.Counts, ReceiptCount{Satisfaction: v, Name: SatisfactionNames[v], Count: counts[v]})
	}
	return out, nil
}

// exportReceipts sends meeting id's receipts as a workbook: a row per
// answer, the counts below.
func (s *Service) exportReceipts(w http.ResponseWriter, r *http.Request, id int64) error {
	ctx := r.Context()
	sum, err := s.Receipts(ctx, id)
	if err != nil {
		return err
	}
	v, err := s.meetings.Detail(ctx, id)
	if err != nil {
		return err
	}
	sheet := report.Sheet[ReceiptRow]{Name: "会议回执", Title: fmt.Sprintf("%s%s会议回执（%s）", v.OrgName, v.Topic, v.HeldOn.Chinese()),
		Columns: []report.Column[ReceiptRow]{
			{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *ReceiptRow) any { return n }},
			{Title: "姓名", Width: 12, Lead: true, Cell: func(_ int, a *ReceiptRow) any { return a.Name }},
			{Title: "出勤", Width: 10, Cell: func(_ int, a *ReceiptRow) any { return AttendNames[a.Attendance] }},
			{Title: "满意度", Width: 10, Cell: func(_ int, a *ReceiptRow) any { return a.SatisfactionName }},
			{Title: "收获体会", Width: 50, Cell: func(_ int, a *ReceiptRow) any { return a.Gains }},
			{Title: "意见建议", Width: 50, Cell: func(_ int, a *ReceiptRow) any { return a.Suggestions }},
			{Title: "提交时间", Width: 18, Cell: func(_ int, a *ReceiptRow) any { return a.CreatedAt.In(date.China).Format("2006-01-02 15:04") }},
		}}
	out, err := sheet.Start()
	if err != nil {
		return err
	}
	for i := range sum.Answers {
		if err := out.Row(&sum.Answers[i]); err != nil {
			return err
		}
	}
	line := fmt.Sprintf("参会党员%d人，已提交%d人", sum.Members, sum.Answered)
	for _, c := range sum.Counts {
		line += fmt.Sprintf("，%s%d人", c.Name, c.Count)
	}
	if err := out.Line(); err != nil {
		return err
	}
	if err := out.Line("", line); err != nil {
		return err
	}
	return out.Send(w, fmt.Sprintf("%s会议回执-%s.xlsx", v.Topic, v.HeldOn.Compact()))
}
