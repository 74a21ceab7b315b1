package survey

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/orglife"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
)

// migrateReceipts ties questionnaires to meetings and moves the receipts
// orglife kept (zzsh_receipt, dropped by orglife's next migration) into
// questionnaires of MeetingReceiptPaper.
func migrateReceipts(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `ALTER TABLE wj_questionnaire ADD COLUMN meeting_id BIGINT NULL`,
		// One receipt per meeting.
		`CREATE UNIQUE INDEX uq_wj_questionnaire_meeting ON wj_questionnaire(meeting_id)`)
	if err != nil {
		return err
	}
	return moveReceipts(ctx, tx, time.Now().UTC())
}

// movedMeeting is a closed meeting that asked for receipts, as the move
// reads it.
type movedMeeting struct {
	ID       int64     `bun:"id"`
	OrgID    int64     `bun:"org_id"`
	Topic    string    `bun:"topic"`
	ClosedAt time.Time `bun:"closed_at"`
}

// movedReceipt is a row of zzsh_receipt with the member's name on the list
// and account.
type movedReceipt struct {
	MemberID     int64     `bun:"member_id"`
	AccountID    *int64    `bun:"user_id"`
	Name         string    `bun:"name"`
	Satisfaction string    `bun:"satisfaction"`
	Gains        string    `bun:"gains"`
	Suggestions  string    `bun:"suggestions"`
	CreatedAt    time.Time `bun:"created_at"`
}

// moveReceipts gives every closed meeting that asked for receipts and has
// no receipt questionnaire yet its questionnaire: the members on its list
// as the audience (their accounts the roll), collecting until the deadline
// of today's rule (orglife.ReceiptClosesAt: to the end of the day the
// setting's days after CLOSE, a little later than the old rule's moment),
// published at CLOSE, and each zzsh_receipt row as a named answer with its
// time. The tables are read with SQL here, once, because the answers leave
// them; the inserts name their columns so that a later column of our
// structs cannot break an old database's upgrade.
func moveReceipts(ctx context.Context, tx bun.Tx, now time.Time) error {
	days := orglife.DefaultReceiptDays
	var setting string
	if err := tx.NewSelect().Table("sys_config").Column("config_value").Where("config_key = ?", orglife.CfgReceiptDays).
		Scan(ctx, &setting); err == nil {
		if n, err := strconv.Atoi(setting); err == nil && n > 0 {
			days = n
		}
	}
	var meetings []movedMeeting
	err := tx.NewSelect().TableExpr("zzsh_meeting AS m").Column("m.id", "m.org_id", "m.topic", "m.closed_at").
		Where("m.receipt = ?", true).Where("m.state = ?", orglife.StateClosed).Where("m.cancelled_at IS NULL").
		Where("m.closed_at IS NOT NULL").
		Where("NOT EXISTS (SELECT 1 FROM wj_questionnaire AS q WHERE q.meeting_id = m.id)").OrderExpr("m.id").Scan(ctx, &meetings)
	if err != nil {
		return fmt.Errorf("survey: receipts: %w", err)
	}
	for _, m := range meetings {
		if err := moveReceiptsOf(ctx, tx, m, days, now); err != nil {
			return fmt.Errorf("survey: receipts of meeting %d: %w", m.ID, err)
		}
	}
	return nil
}

func moveReceiptsOf(ctx context.Context, tx bun.Tx, m movedMeeting, days int, now time.Time) error {
	var members []int64
	if err := tx.NewSelect().Table("zzsh_attendee").Column("member_id").Where("meeting_id = ?", m.ID).
		Where("member_id IS NOT NULL").OrderExpr("id").Scan(ctx, &members); err != nil {
		return err
	}
	members = uniqIDs(members)
	var accounts []int64
	if len(members) > 0 {
		if err := tx.NewSelect().Table("dyjbxx").Column("user_id").Where("id IN (?)", bun.In(members)).
			Where("user_id IS NOT NULL").OrderExpr("user_id").Scan(ctx, &accounts); err != nil {
			return err
		}
	}
	var receipts []movedReceipt
	err := tx.NewSelect().TableExpr("zzsh_receipt AS r").
		ColumnExpr("r.member_id, d.user_id, a.name, r.satisfaction, r.gains, r.suggestions, r.created_at").
		Join("JOIN zzsh_attendee AS a ON a.meeting_id = r.meeting_id AND a.member_id = r.member_id").
		Join("JOIN dyjbxx AS d ON d.id = r.member_id").
		Where("r.meeting_id = ?", m.ID).OrderExpr("r.id").Scan(ctx, &receipts)
	if err != nil {
		return err
	}
	// The migrated ones have no introduction: the meeting's facts were the old page's.
	q, err := receiptQuestionnaire(m.OrgID, m.ID, m.Topic, "", members, m.ClosedAt, orglife.ReceiptClosesAt(m.ClosedAt, days), now)
	if err != nil {
		return err
	}
	q.Audience, q.Answered = len(accounts), len(receipts)
	_, err = tx.NewInsert().Model(q).Column("org_id", "title", "paper", "anonymous", "share_type", "targets", "state", "closes_at",
		"link_token", "audience", "codes", "answered", "created_by", "published_at", "meeting_id", "created_at", "updated_at").
		Returning("id").Exec(ctx)
	if err != nil {
		return err
	}
	if err := addRoll(ctx, tx, q.ID, accounts); err != nil {
		return err
	}
	for _, r := range receipts {
		marks := []ballot.Mark{{Item: "satisfaction", Choice: r.Satisfaction}}
		if r.Gains != "" {
			marks = append(marks, ballot.Mark{Item: "gains", Text: r.Gains})
		}
		if r.Suggestions != "" {
			marks = append(marks, ballot.Mark{Item: "suggestions", Text: r.Suggestions})
		}
		raw, err := json.Marshal(marks)
		if err != nil {
			return err
		}
		a := &Answer{QuestionnaireID: q.ID, AccountID: r.AccountID, MemberID: &r.MemberID, Name: db.Clip(r.Name, 50), Marks: string(raw), CreatedAt: r.CreatedAt}
		if _, err := tx.NewInsert().Model(a).Column("questionnaire_id", "account_id", "member_id", "name", "marks", "created_at").
			Returning("id").Exec(ctx); err != nil {
			return err
		}
		if err := insertMarks(ctx, tx, marksOf(a, marks)); err != nil {
			return err
		}
	}
	return nil
}
