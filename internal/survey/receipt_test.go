package survey_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
	"zhdj/internal/survey"
)

// The meeting receipt's paper passes the designer's check: 满意度
// (required, the three satisfactions), 收获体会 and 意见建议 of at most
// 1000 characters. (The receipt's flow from CLOSE is tested from the
// meeting's side: internal/orglife/receipt_test.go.)
func TestMeetingReceiptPaper_IsAQuestionnaireOfTheDesigner(t *testing.T) {
	t.Parallel()
	p := survey.MeetingReceiptPaper()
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Validate([]ballot.Mark{{Item: "satisfaction", Choice: survey.Basic}, {Item: "gains", Text: "收获很大"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Validate([]ballot.Mark{{Item: "gains", Text: "x"}}); err == nil {
		t.Error("satisfaction is required")
	}
	keys, options := []string{}, []string{}
	for _, q := range p.Questions {
		keys = append(keys, q.Key)
	}
	for _, o := range p.Questions[0].Options {
		options = append(options, o.Key)
	}
	if !slices.Equal(keys, []string{"satisfaction", "gains", "suggestions"}) || !slices.Equal(options, survey.Satisfactions) ||
		p.Questions[1].MaxLen != survey.MaxReceiptText {
		t.Errorf("keys %v, options %v", keys, options)
	}
}

// Migration 2026120580 moves the receipts orglife kept into questionnaires:
// a closed meeting that asked for receipts gets one, its list the audience
// (the accounts the roll), each answer a named answer with its member, name,
// marks and time, counted in the results; a meeting already with its
// questionnaire, one not asking or not closed gets none, and a second run
// moves nothing again.
func TestMoveReceipts_MakesEachClosedMeetingsReceiptsAQuestionnaire(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := t.Context()
	closed := func(receipt bool) int64 {
		at := func(h int) string { return time.Date(2026, 3, 1, h, 0, 0, 0, time.UTC).Format(time.RFC3339) }
		v := apptest.DoJSON[orglife.MeetingView](t, w.e, 201, "POST", "/api/zzsh/meetings", w.e.AdminTK, map[string]any{"orgId": w.csb,
			"typeCode": orglife.TypeThemeDay, "topic": "学习党章", "startsAt": at(6), "endsAt": at(8), "place": "支部活动室", "host": "王书记"})
		apptest.DoJSON[orglife.Added](t, w.e, 200, "POST", fmt.Sprintf("/api/zzsh/meetings/%d/attendees", v.ID), w.e.AdminTK,
			map[string]any{"memberIds": []int64{w.a.member, w.b.member}})
		for _, a := range []string{"publish", "start", "close"} {
			apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "POST", fmt.Sprintf("/api/zzsh/meetings/%d/%s", v.ID, a), w.e.AdminTK, nil)
		}
		// As before the receipts were questionnaires: the flag set without CLOSE opening one.
		if _, err := w.e.DB.NewUpdate().Table("zzsh_meeting").Set("receipt = ?", receipt).Where("id = ?", v.ID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		return v.ID
	}
	asked, notAsked := closed(true), closed(false)
	answeredAt := time.Date(2026, 3, 2, 1, 2, 3, 0, time.UTC)
	err := db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		if err := db.DDL(ctx, tx, `CREATE TABLE zzsh_receipt (id {{pk}}, meeting_id BIGINT NOT NULL, member_id BIGINT NOT NULL,
			satisfaction VARCHAR(12) NOT NULL, gains VARCHAR(1000) NOT NULL DEFAULT '', suggestions VARCHAR(1000) NOT NULL DEFAULT '', {{stamps}})`); err != nil {
			return err
		}
		for _, row := range []map[string]any{
			{"meeting_id": asked, "member_id": w.a.member, "satisfaction": survey.Basic, "gains": "收获很大", "suggestions": "", "created_at": answeredAt, "updated_at": answeredAt},
			{"meeting_id": notAsked, "member_id": w.b.member, "satisfaction": survey.Satisfied, "gains": "", "suggestions": "", "created_at": answeredAt, "updated_at": answeredAt},
		} {
			if _, err := tx.NewInsert().Model(&row).TableExpr("zzsh_receipt").Exec(ctx); err != nil {
				return err
			}
		}
		if err := survey.MoveReceipts(ctx, tx, answeredAt); err != nil {
			return err
		}
		return survey.MoveReceipts(ctx, tx, answeredAt) // nothing again
	})
	if err != nil {
		t.Fatal(err)
	}
	list, n := apptest.GetPage[survey.View](t, w.e, w.csTK, "/api/wj", map[string][]string{"receipt": {"true"}})
	if n != 1 || list[0].MeetingID == nil || *list[0].MeetingID != asked || list[0].Title != "会议回执：学习党章" ||
		list[0].Audience != 2 || list[0].Answered != 1 || list[0].State != survey.StateShare || list[0].Link == "" {
		t.Fatalf("moved %d %+v", n, list)
	}
	r := apptest.DoJSON[survey.Results](t, w.e, 200, "GET", path(list[0].ID, "results"), w.csTK, nil)
	if r.Answers != 1 || r.Questions[0].Options[1].Count != 1 || r.Questions[1].Texts != 1 {
		t.Fatalf("results %+v", r)
	}
	rows, _ := apptest.GetPage[survey.AnswerRow](t, w.e, w.csTK, path(list[0].ID, "answers"), nil)
	if len(rows) != 1 || rows[0].Name != "王一" || !rows[0].CreatedAt.Equal(answeredAt) || rows[0].Cells[0] != "基本满意" || rows[0].Cells[1] != "收获很大" ||
		rows[0].Attendance != "" { // 问卷管理's list: no meeting's attendance

		t.Fatalf("answers %+v", rows)
	}
	// The member's page: the roll holds a (who answered) and b.
	if l := apptest.DoJSON[survey.ReceiptLink](t, w.e, 200, "GET", fmt.Sprintf("/api/wj/meeting/%d", asked), w.a.tk, nil); !l.Answered {
		t.Fatalf("a's receipt %+v", l)
	}
	if l := apptest.DoJSON[survey.ReceiptLink](t, w.e, 200, "GET", fmt.Sprintf("/api/wj/meeting/%d", asked), w.b.tk, nil); l.Answered || l.Link != list[0].Link {
		t.Fatalf("b's receipt %+v", l)
	}
}
