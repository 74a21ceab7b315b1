package develop_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// The party school's Go API: the records of a stage under an organisation,
// ⑪'s minimum, and a training written once per (record, batch) that ⑪
// then counts.
func TestSchoolAPI(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	apptest.Expect(t, w.plan(t, w.cs, 2026, 10), 200)
	id := w.targetRecord(t, "李明") // a 发展对象 since 2026-10-12
	w.pass(t, id, develop.StepTargetFiling, "2026-10-13")
	w.pass(t, id, develop.StepSponsors, "2026-10-14", "sponsorIds", []int64{w.full[0], w.full[1]})
	w.pass(t, id, develop.StepPoliticalReview, "2026-10-15", "conclusion", "合格")
	var adminID int64
	if err := w.e.DB.NewSelect().Table("sys_user").Column("id").Where("username = ?", "admin").Scan(t.Context(), &adminID); err != nil {
		t.Fatal(err)
	}
	ctx := rbac.WithMemo(rbac.With(t.Context(), &rbac.Principal{UserID: adminID, Username: "admin", Perms: map[string]bool{rbac.Admin: true}}))
	dev := w.e.App.Develop

	page, err := dev.StageRecords(ctx, develop.StageQuery{Stage: develop.StageTarget, Under: w.cs, Page: httpx.Page{Size: 10}})
	if err != nil || page.TotalElements != 1 || page.Content[0].ID != id || page.Content[0].TargetOn != "2026-10-12" || page.Content[0].OrgName == "" {
		t.Fatalf("records of the stage under cs: %+v %v", page, err)
	}
	for name, q := range map[string]develop.StageQuery{
		"another committee": {Stage: develop.StageTarget, Under: w.math},
		"another stage":     {Stage: develop.StageActivist, Under: w.cs},
		"other ids":         {Stage: develop.StageTarget, IDs: []int64{id + 1000}},
		"other numbers":     {Stage: develop.StageTarget, PersonNos: []string{"none"}},
	} {
		q.Page = httpx.Page{Size: 10}
		if page, err := dev.StageRecords(ctx, q); err != nil || page.TotalElements != 0 {
			t.Errorf("%s: %+v %v", name, page, err)
		}
	}
	if _, err := dev.StageRecords(ctx, develop.StageQuery{Stage: "x"}); httpx.FieldOf(err) != "stage" {
		t.Fatalf("an unknown stage: %v", err)
	}
	if h, d, err := dev.TrainingMinimum(ctx); h != 24 || d != 3 || err != nil {
		t.Fatalf("minimum: %d %d %v", h, d, err)
	}

	day := date.MustParse("2026-10-16")
	why, err := dev.TrainingShortfall(ctx, id, day)
	if err != nil || !strings.HasPrefix(why, "发展对象集中培训不少于三天或二十四学时：") {
		t.Fatalf("shortfall before: %q %v", why, err)
	}
	in := develop.TrainingInput{BatchID: 7, BatchType: develop.BatchDevelop, Title: "发展对象培训班", StartOn: "2026-10-12",
		EndOn: "2026-10-14", Hours: 24, Days: 3, Passed: true, CertificateNo: "党校结业〔2026〕001"}
	for i, want := range []bool{true, false} {
		if written, err := dev.RecordTraining(ctx, w.e.DB, id, in); written != want || err != nil {
			t.Fatalf("write %d: %v %v", i+1, written, err)
		}
	}
	if d := w.detail(t, id); len(d.Trainings) != 1 || d.Trainings[0].SourceBatch == nil || *d.Trainings[0].SourceBatch != 7 {
		t.Fatalf("trainings: %+v", d.Trainings)
	}
	if why, err := dev.TrainingShortfall(ctx, id, day); why != "" || err != nil {
		t.Fatalf("shortfall after: %q %v", why, err)
	}
	// ⑪ accepts on the workflow.
	apptest.Expect(t, w.act(t, w.csTK, id, flow.Approve, form("2026-10-16")), 200)
	if _, err := dev.RecordTraining(ctx, w.e.DB, 999999, in); err == nil {
		t.Fatal("a missing record was written")
	}
}

// A training a batch's completion wrote (source_batch set) belongs to the
// batch: the record page can neither change nor remove it, not even among
// other ids, and a hand-typed training can neither claim a batch nor be
// refused; the 401 and out-of-scope answers stay as they are.
func TestSchoolWrittenTrainingIsRefusedToHandEdits(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	id := w.record(t, "结业人", "2025-06-02")
	dev := w.e.App.Develop
	in := develop.TrainingInput{BatchID: 9, BatchType: develop.BatchDevelop, Title: "发展对象培训班", StartOn: "2025-07-01",
		EndOn: "2025-07-03", Hours: 24, Days: 3, Passed: true, CertificateNo: "结业001"}
	if written, err := dev.RecordTraining(t.Context(), w.e.DB, id, in); !written || err != nil {
		t.Fatalf("write: %v %v", written, err)
	}
	tbase := fmt.Sprintf("/api/fzdy/%d/trainings", id)
	school := w.detail(t, id).Trainings[0]
	hand := apptest.DoJSON[develop.Training](t, w.e, 201, "POST", tbase, w.csTK,
		map[string]any{"batchType": 2, "title": "积极分子培训班", "startOn": "2025-07-05", "endOn": "2025-07-06", "hours": 8, "days": 2, "sourceBatch": 9})
	if hand.SourceBatch != nil {
		t.Fatalf("a hand-typed training claimed batch %d", *hand.SourceBatch)
	}
	const refused = "该培训记录由党校培训班结业写入，请在培训班中处理"
	edit := map[string]any{"id": school.ID, "batchType": 3, "title": "改过的名称", "startOn": "2025-07-01", "endOn": "2025-07-03", "hours": 24, "days": 3, "passed": false}
	for name, res := range map[string]*apptest.Response{
		"edit":             w.e.Do("PUT", tbase, w.csTK, edit),
		"delete":           w.e.Do("DELETE", tbase, w.csTK, []int64{school.ID}),
		"delete with hand": w.e.Do("DELETE", tbase, w.csTK, []int64{hand.ID, school.ID}),
	} {
		if msg, _ := res.Map(t)["message"].(string); res.Status != 400 || msg != refused {
			t.Errorf("%s: %d %s", name, res.Status, res.Body)
		}
	}
	if d := w.detail(t, id); len(d.Trainings) != 2 || d.Trainings[0].Title != "发展对象培训班" || !d.Trainings[0].Passed {
		t.Fatalf("after the refusals: %+v", d.Trainings)
	}
	apptest.Expect(t, w.e.Do("PUT", tbase, "", edit), 401)
	apptest.Expect(t, w.e.Do("DELETE", tbase, w.mathTK, []int64{school.ID}), 404) // another committee's record
	// The hand-typed one stays the record page's to change and remove.
	apptest.Expect(t, w.e.Do("PUT", tbase, w.csTK, apptest.With(edit, "id", hand.ID, "startOn", "2025-07-05", "endOn", "2025-07-06", "hours", 8, "days", 2)), 200)
	apptest.Expect(t, w.e.Do("DELETE", tbase, w.csTK, []int64{hand.ID}), 204)
}
