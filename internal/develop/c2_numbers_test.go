package develop_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/uptrace/bun"
	"zhdj/internal/apptest"
	"zhdj/internal/develop"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
)

type rangeRow struct {
	ID                      int64
	Year                    int
	OrgID                   *int64
	OrgName, Prefix         string
	First, Last, Next, Used int64
	Left                    int64
}

// The 志愿书 number ranges: the department keeps them per year (some for
// one committee); ranges of a year never overlap, the next number stays in
// its range, and a range numbers were handed out from keeps them.
func TestNumberRangesAPI(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	year := date.Today().Time().Year()
	school := w.numberRange(t, year, nil, "XS", 1, 100)
	cs := w.numberRange(t, year, &w.cs, "CS", 101, 150)
	w.numberRange(t, year-1, nil, "XS", 1, 100) // another year may reuse the numbers

	res := w.e.Do("POST", "/api/fzdy/numbers", w.deptTK, map[string]any{"year": year, "prefix": "YY", "first": 150, "last": 160})
	if res.Status != 400 || res.Map(t)["field"] != "first" || !strings.Contains(res.Message(), "重叠") {
		t.Fatalf("overlapping range: %d %s", res.Status, res.Body)
	}
	res = w.e.Do("POST", "/api/fzdy/numbers", w.deptTK, map[string]any{"year": year, "first": 200, "last": 210, "next": 212})
	if res.Status != 400 || res.Map(t)["field"] != "next" {
		t.Fatalf("next outside the range: %d %s", res.Status, res.Body)
	}
	res = w.e.Do("POST", "/api/fzdy/numbers", w.deptTK, map[string]any{"year": year, "first": 20, "last": 10})
	if res.Status != 400 || res.Map(t)["field"] != "last" {
		t.Fatalf("end before start: %d %s", res.Status, res.Body)
	}
	res = w.e.Do("POST", "/api/fzdy/numbers", w.deptTK, map[string]any{"year": year, "orgId": w.branch, "first": 300, "last": 310})
	if res.Status != 400 || res.Map(t)["field"] != "orgId" {
		t.Fatalf("a range for a branch: %d %s", res.Status, res.Body)
	}

	t.Run("permissions and scope", func(t *testing.T) {
		apptest.Expect(t, w.e.Do("GET", "/api/fzdy/numbers", "", nil), 401)
		apptest.Expect(t, w.e.Do("POST", "/api/fzdy/numbers", w.viewTK, map[string]any{"year": year, "first": 400, "last": 410}), 403)
		apptest.Expect(t, w.e.Do("PUT", "/api/fzdy/numbers", w.viewTK, map[string]any{"id": cs, "year": year, "first": 101, "last": 160}), 403)
		apptest.Expect(t, w.e.Do("DELETE", "/api/fzdy/numbers", w.viewTK, []int64{cs}), 403)
		// Another college's configuration account neither changes nor sees the committee's range.
		apptest.Expect(t, w.e.Do("PUT", "/api/fzdy/numbers", w.mathTK, map[string]any{"id": cs, "year": year, "prefix": "CS", "first": 101, "last": 160}), 404)
		apptest.Expect(t, w.e.Do("DELETE", "/api/fzdy/numbers", w.mathTK, []int64{cs}), 404)
		res := w.e.Do("POST", "/api/fzdy/numbers", w.mathTK, map[string]any{"year": year, "orgId": w.cs, "first": 500, "last": 510})
		if res.Status != 400 || res.Map(t)["field"] != "orgId" {
			t.Fatalf("a range for a committee out of scope: %d %s", res.Status, res.Body)
		}
		rows, _ := apptest.GetPage[rangeRow](t, w.e, w.mathTK, "/api/fzdy/numbers", url.Values{"year": {fmt.Sprint(year)}})
		if len(rows) != 1 || rows[0].ID != school {
			t.Fatalf("the math committee lists %+v", rows)
		}
	})

	// A number handed out (⑭) pins the range.
	id := w.record(t, "领志愿书", develop.StepVolunteerBook, facts{})
	w.approve(t, w.branchTK, id, map[string]any{"date": date.Today()})
	rows, _ := apptest.GetPage[rangeRow](t, w.e, w.deptTK, "/api/fzdy/numbers", url.Values{"year": {fmt.Sprint(year)}})
	byID := map[int64]rangeRow{}
	for _, r := range rows {
		byID[r.ID] = r
	}
	if len(rows) != 2 || byID[cs].Used != 1 || byID[cs].Left != 49 || byID[cs].OrgName != "计算机学院党委" || byID[school].Used != 0 {
		t.Fatalf("ranges: %+v", rows)
	}
	res = w.e.Do("PUT", "/api/fzdy/numbers", w.deptTK, map[string]any{"id": cs, "year": year, "prefix": "JS", "first": 101, "last": 150, "width": 4})
	if res.Status != 400 || !strings.Contains(res.Message(), "已发放 1 个编号") {
		t.Fatalf("renaming a used range: %d %s", res.Status, res.Body)
	}
	res = w.e.Do("PUT", "/api/fzdy/numbers", w.deptTK, map[string]any{"id": cs, "year": year, "prefix": "CS", "first": 101, "last": 150, "next": 101, "width": 4})
	if res.Status != 400 || res.Map(t)["field"] != "next" {
		t.Fatalf("moving next back over a number given: %d %s", res.Status, res.Body)
	}
	apptest.Expect(t, w.e.Do("PUT", "/api/fzdy/numbers", w.deptTK, map[string]any{"id": cs, "year": year, "prefix": "CS", "first": 101, "last": 180, "width": 4}), 200)
	res = w.e.Do("DELETE", "/api/fzdy/numbers", w.deptTK, []int64{cs})
	if res.Status != 400 || !strings.Contains(res.Message(), "已发放编号") {
		t.Fatalf("deleting a used range: %d %s", res.Status, res.Body)
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/fzdy/numbers", w.deptTK, []int64{school}), 204)
}

// ⑭ hands out the next number of the year of its date: the committee's own
// range first, then a school-wide one, zero-padded after the prefix; a
// record redoing ⑭ after a return keeps its number; none left is a refusal.
func TestVolunteerBookNumber(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	today := date.Today()
	year := today.Time().Year()
	w.numberRange(t, year, &w.cs, "CS", 7, 7)
	w.numberRange(t, year, nil, "XS", 11, 20)
	w.numberRange(t, year-1, nil, "OLD", 1, 10)
	direct := w.e.Org(t, w.root, "4", "机关直属党支部")

	no := func(id int64) string {
		r := w.rec(t, id)
		if r.VolunteerNo == nil {
			return ""
		}
		return *r.VolunteerNo
	}
	first := w.record(t, "甲", develop.StepVolunteerBook, facts{})
	w.approve(t, w.branchTK, first, map[string]any{"date": today})
	second := w.record(t, "乙", develop.StepVolunteerBook, facts{})
	w.approve(t, w.branchTK, second, map[string]any{"date": today})
	ofDirect := w.record(t, "丙", develop.StepVolunteerBook, facts{org: direct})
	w.approve(t, w.deptTK, ofDirect, map[string]any{"date": today})
	lastYear := w.record(t, "丁", develop.StepVolunteerBook, facts{})
	w.approve(t, w.branchTK, lastYear, map[string]any{"date": today.AddYears(-1)})
	if got := []string{no(first), no(second), no(ofDirect), no(lastYear)}; fmt.Sprint(got) != "[CS0007 XS0011 XS0012 OLD0001]" {
		t.Fatalf("numbers handed out: %v", got)
	}

	// Returned from ⑮ to ⑭ and done again: the same number, none used.
	apptest.Expect(t, w.act(t, w.branchTK, first, "return", nil, "toStep", develop.StepVolunteerBook, "comment", "志愿书填写有误"), 200)
	w.approve(t, w.branchTK, first, map[string]any{"date": today})
	if no(first) != "CS0007" {
		t.Fatalf("redone ⑭: %s", no(first))
	}

	w.numberRange(t, year+1, nil, "NEXT", 1, 10) // next year's range does not serve this year
	for range 8 {
		id := w.record(t, "用完", develop.StepVolunteerBook, facts{})
		w.approve(t, w.branchTK, id, map[string]any{"date": today})
	}
	none := w.record(t, "无号", develop.StepVolunteerBook, facts{})
	res := w.act(t, w.branchTK, none, "approve", map[string]any{"date": today})
	if res.Status != 400 || res.Map(t)["code"] != "FLOW_RULE" ||
		!strings.Contains(res.Message(), fmt.Sprintf("%d 年没有可用的入党志愿书编号", year)) {
		t.Fatalf("no number left: %d %s", res.Status, res.Body)
	}
	if r := w.rec(t, none); r.Step != develop.StepVolunteerBook || r.VolunteerNo != nil {
		t.Fatalf("the refused ⑭ changed the record: %+v", r)
	}
}

// actAll approves ⑭ of every record at once, each from its own request,
// and answers the statuses by record.
func (w *c2World) actAll(t *testing.T, ids []int64, on date.Date) map[int64]int {
	t.Helper()
	type prepared struct {
		id   int64
		body map[string]any
	}
	var reqs []prepared
	for _, id := range ids {
		v := apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/fzdy/%d/flow", id), w.branchTK, nil)
		reqs = append(reqs, prepared{id, map[string]any{"version": v.Version, "result": "approve", "form": map[string]any{"date": on}}})
	}
	answers := apptest.Concurrently(len(reqs), func(i int) *apptest.Response {
		return w.e.Do("POST", fmt.Sprintf("/api/fzdy/%d/flow", reqs[i].id), w.branchTK, reqs[i].body)
	})
	status := map[int64]int{}
	for i, res := range answers {
		status[reqs[i].id] = res.Status
		if res.Status != 200 && !strings.Contains(res.Message(), "没有可用的入党志愿书编号") {
			t.Errorf("record %d: %d %s", reqs[i].id, res.Status, res.Body)
		}
	}
	return status
}

// Numbers are never handed out twice: of two records taking the last
// number at once one gets it and the other is refused; twenty at once get
// twenty different numbers.
func TestVolunteerBookNumberUnderConcurrency(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	today := date.Today()
	year := today.Time().Year()
	last := w.numberRange(t, year, &w.cs, "L", 1, 1)
	a := w.record(t, "并发甲", develop.StepVolunteerBook, facts{})
	b := w.record(t, "并发乙", develop.StepVolunteerBook, facts{})
	status := w.actAll(t, []int64{a, b}, today)
	if !(status[a] == 200 && status[b] == 400) && !(status[a] == 400 && status[b] == 200) {
		t.Fatalf("two records, one number: %v", status)
	}
	if ra, rb := w.rec(t, a), w.rec(t, b); (ra.VolunteerNo == nil) == (rb.VolunteerNo == nil) {
		t.Fatalf("numbers: %v %v", ra.VolunteerNo, rb.VolunteerNo)
	}

	if _, err := w.e.DB.NewDelete().Model((*develop.NumberRange)(nil)).Where("id = ?", last).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Twenty allocations at once, each in its own transaction (as twenty ⑭
	// would; the HTTP path cannot run twenty at once on SQLite's pool of 8
	// connections, see the report), on a range of thirty.
	w.numberRange(t, year, &w.cs, "M", 1, 30)
	var ids []int64
	for i := range 20 {
		ids = append(ids, w.record(t, fmt.Sprintf("并发%02d", i), develop.StepVolunteerBook, facts{}))
	}
	numbers := make([]string, len(ids))
	ctx := w.adminCtx(t)
	errs := apptest.Concurrently(len(ids), func(i int) error {
		return db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
			var err error
			numbers[i], err = w.e.App.Develop.HandOutVolunteerNoForC2Tests(ctx, tx, ids[i], today)
			return err
		})
	})
	seen := map[string]bool{}
	for i, id := range ids {
		r := w.rec(t, id)
		if errs[i] != nil || r.VolunteerNo == nil || *r.VolunteerNo != numbers[i] || seen[numbers[i]] {
			t.Fatalf("record %d: %q %v %v (seen %v)", id, numbers[i], r.VolunteerNo, errs[i], seen)
		}
		seen[numbers[i]] = true
	}
	var next int64
	if err := w.e.DB.NewSelect().Model((*develop.NumberRange)(nil)).Column("next_no").Where("prefix = ?", "M").Scan(context.Background(), &next); err != nil || next != 21 {
		t.Fatalf("next number %d (%v), want 21", next, err)
	}

	t.Run("twenty ⑭ at once through the API", func(t *testing.T) {
		if _, err := w.e.DB.NewDelete().Model((*develop.NumberRange)(nil)).Where("prefix = ?", "M").Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		w.numberRange(t, year, &w.cs, "P", 31, 60)
		var ids []int64
		for i := range 20 {
			ids = append(ids, w.record(t, fmt.Sprintf("接口并发%02d", i), develop.StepVolunteerBook, facts{}))
		}
		status := w.actAll(t, ids, today)
		seen := map[string]bool{}
		for _, id := range ids {
			r := w.rec(t, id)
			if status[id] != 200 || r.VolunteerNo == nil || seen[*r.VolunteerNo] || !strings.HasPrefix(*r.VolunteerNo, "P") {
				t.Fatalf("record %d: %d %v (seen %v)", id, status[id], r.VolunteerNo, seen)
			}
			seen[*r.VolunteerNo] = true
		}
	})
}
