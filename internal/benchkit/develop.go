package benchkit

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/develop"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// developStages are the stage lists the pages show, in turn.
var developStages = []string{develop.StageApplicant, develop.StageActivist, develop.StageTarget, develop.StageProbationary}

// DevelopStageList is a stage list of 发展党员 for the organisation
// department (the whole university), sorted by due date, page 20: each
// call the next stage, and every other one the second page.
func (w *World) DevelopStageList(tb testing.TB, i int) {
	q := url.Values{"stage": {developStages[i%len(developStages)]}, "sort": {"dueOn,asc"},
		"page": {strconv.Itoa(i / len(developStages) % 2)}, "size": {"20"}}
	w.get(tb, "/api/fzdy?"+q.Encode(), w.Env.AdminTK)
}

// batchSteps are steps whose approval needs no more than its date (no
// rule of their own but the date's): a batch of them measures the batch
// path itself, not refusals.
var batchSteps = []string{develop.StepActivistFiling, develop.StepTargetFiling, develop.StepPreReview,
	develop.StepDeptFiling, develop.StepOath, develop.StepProbationEducation, develop.StepFullApplication}

// DevelopBatch approves, in one batch request, up to n records waiting at
// steps that need only their date, dated today, and answers how long the
// request took, how many records it held and how many passed.
func (w *World) DevelopBatch(tb testing.TB, n int) (took time.Duration, size, passed int) {
	tb.Helper()
	var ids []int64
	err := w.Env.DB.NewSelect().Model((*develop.Record)(nil)).Column("r.id").Where("r.step IN (?)", bun.In(batchSteps)).
		OrderExpr("r.id").Limit(int64(n)).Scan(context.Background(), &ids)
	if err != nil {
		tb.Fatal(err)
	}
	body := map[string]any{"ids": ids, "result": "approve", "comment": "批量办理", "form": map[string]any{"date": date.Today()}}
	start := time.Now()
	res := w.Env.Do("POST", "/api/fzdy/batch", w.Env.AdminTK, body)
	took = time.Since(start)
	if res.Status != 200 {
		tb.Fatalf("batch: %d %s", res.Status, res.Body)
	}
	var rows []struct {
		OK      bool   `json:"ok"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(res.Body, &rows); err != nil {
		tb.Fatal(err)
	}
	for _, r := range rows {
		if r.OK {
			passed++
		}
	}
	return took, len(ids), passed
}

// DevelopReminders runs every reminder rule once (the 智能提醒 job over all
// records, the development's seven with the platform's) and answers how
// long it took and how many reminders are open after it.
func (w *World) DevelopReminders(tb testing.TB) (time.Duration, int) {
	tb.Helper()
	start := time.Now()
	if err := w.Env.App.Reminders.RunAll(context.Background()); err != nil {
		tb.Fatal(err)
	}
	took := time.Since(start)
	open, err := w.Env.DB.NewSelect().Model((*remind.Reminder)(nil)).Where("closed_at IS NULL").Count(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return took, int(open)
}

// DevelopRecords counts the development records seeded.
func (w *World) DevelopRecords(tb testing.TB) int {
	tb.Helper()
	n, err := w.Env.DB.NewSelect().Model((*develop.Record)(nil)).Count(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return int(n)
}

// DevelopTargets prints the batch and reminder figures against the issue's
// targets (#12: a batch of 100 ≤ 3 s, the reminder job ≤ 5 s).
func DevelopTargets(kind string, members int, batch time.Duration, size, passed int, reminders time.Duration, open int) {
	fmt.Printf("target %s members=%d develop/batch: %d records (%d passed) in %.2f s (≤ 3 s for 100), %s\n",
		kind, members, size, passed, batch.Seconds(), LoadAverage())
	fmt.Printf("target %s members=%d develop/reminders: %.2f s, %d reminders open (≤ 5 s), %s\n", kind, members, reminders.Seconds(), open, LoadAverage())
}
