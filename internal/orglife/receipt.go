package orglife

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// The meeting receipt (会议回执, docs/orglife.md "Receipt"): when the host
// asks for one (a meeting's receipt), CLOSE publishes ReceiptAsked in its
// transaction. 问卷管理 (internal/survey) answers it with a questionnaire of
// its designer sent to the members on the meeting's list, who answer it at
// its public link until ReceiptAsked.ClosesAt; the host reads its results in
// the meeting's 回执 tab. This package keeps no answer.

// CfgReceiptDays is the setting of how many days after CLOSE a receipt may
// be answered.
const (
	CfgReceiptDays     = "orglife.receiptDays"
	DefaultReceiptDays = 30
)

// ReceiptAsked is published in the transaction that closes a meeting whose
// host asked for a receipt: the questionnaire opens with the close, or the
// close fails.
type ReceiptAsked struct {
	MeetingID int64
	OrgID     int64
	Topic     string
	// Facts describe the meeting in one line for the questionnaire's
	// introduction: organisation, type, time, place, host.
	Facts string
	// Members are the member records on the meeting's list (guests answer none).
	Members []int64
	// ClosedAt is the moment of CLOSE; ClosesAt the moment answers stop.
	ClosedAt, ClosesAt time.Time
}

// ReceiptClosesAt is when the receipt of a meeting closed at closedAt stops
// taking answers: at the end of the China day days after it (closed on
// 1 March with 30 days: answers all through 31 March).
func ReceiptClosesAt(closedAt time.Time, days int) time.Time {
	y, m, d := closedAt.In(date.China).Date()
	return time.Date(y, m, d+days+1, 0, 0, 0, 0, date.China).UTC()
}

// migrateReceipt adds the receipts and the setting of the days to answer.
// The answers moved to 问卷管理 in 2026120580 and the table went in
// 2026120581 (migrateReceiptGone).
func migrateReceipt(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE zzsh_receipt (
			id {{pk}},
			meeting_id BIGINT NOT NULL REFERENCES zzsh_meeting(id) ON DELETE CASCADE,
			member_id BIGINT NOT NULL REFERENCES dyjbxx(id),
			satisfaction VARCHAR(12) NOT NULL,
			gains VARCHAR(1000) NOT NULL DEFAULT '',
			suggestions VARCHAR(1000) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE UNIQUE INDEX uq_zzsh_receipt_member ON zzsh_receipt(meeting_id, member_id)`,
		`CREATE INDEX idx_zzsh_receipt_member ON zzsh_receipt(member_id)`)
	if err != nil {
		return err
	}
	return system.InsertSetting(ctx, tx, CfgReceiptDays, strconv.Itoa(DefaultReceiptDays), "会议回执填写天数", "orglife", system.KindInt,
		"会议结束后多少天内参会党员可以填写会议回执（默认30天）")
}

// migrateReceiptGone drops zzsh_receipt: its answers are questionnaires'
// answers of 问卷管理 since 2026120580.
func migrateReceiptGone(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx, `DROP TABLE zzsh_receipt`)
}

// askReceipt publishes ReceiptAsked for meeting m closed at closedAt, in
// the close's transaction.
func (s *Service) askReceipt(ctx context.Context, tx bun.Tx, m *Meeting, closedAt time.Time) error {
	var members []int64
	if err := tx.NewSelect().Model((*Attendee)(nil)).Column("a.member_id").Where("a.meeting_id = ?", m.ID).
		Where("a.member_id IS NOT NULL").OrderExpr("a.id").Scan(ctx, &members); err != nil {
		return err
	}
	names, err := s.orgs.Names(ctx, []int64{m.OrgID})
	if err != nil {
		return err
	}
	facts := []string{names[m.OrgID], s.typeName(ctx, m.TypeCode), when(m.StartsAt, m.EndsAt)}
	if p := placeOf(m); p != "" {
		facts = append(facts, "地点："+p)
	}
	if m.Host != "" {
		facts = append(facts, "主持人："+m.Host)
	}
	return s.bus.Publish(ctx, tx, ReceiptAsked{MeetingID: m.ID, OrgID: m.OrgID, Topic: m.Topic, Facts: strings.Join(facts, "，"),
		Members: members, ClosedAt: closedAt, ClosesAt: ReceiptClosesAt(closedAt, s.sys.SettingInt(ctx, CfgReceiptDays, DefaultReceiptDays))})
}

// placeOf is where meeting m is held as its attendees read it.
func placeOf(m *Meeting) string {
	if m.Online {
		return strings.TrimSpace("线上 " + m.Place)
	}
	return m.Place
}
