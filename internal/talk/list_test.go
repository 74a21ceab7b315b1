package talk_test

import (
	"bytes"
	"net/url"
	"slices"
	"strconv"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/excel"
)

// The list filters at their edges: the talk-date range includes both ends
// (either end may be open), the keyword matches the talker or the
// interviewees, orgId takes the organisation's subtree, and the caller's
// scope bounds everything.
func TestListFilters(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.create(t, w.csTK, body(w.cs, "2024-03-01"))
	b := w.create(t, w.csTK, apptest.With(body(w.branch, "2024-03-31"), "talker", "赵委员", "type", "2"))
	c := w.create(t, w.csTK, apptest.With(body(w.branch, "2024-04-01"), "interviewees", "钱多多"))
	m := w.create(t, w.mathTK, body(w.math, "2024-03-15"))
	check := func(token string, q url.Values, want ...int64) {
		t.Helper()
		got, total := w.ids(t, token, q)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) || total != len(want) {
			t.Errorf("%s: got %v (%d), want %v", q.Encode(), got, total, want)
		}
	}
	check(w.csTK, url.Values{}, a.ID, b.ID, c.ID)
	check(w.e.AdminTK, url.Values{}, a.ID, b.ID, c.ID, m.ID)
	check(w.csTK, url.Values{"talkDateFrom": {"2024-03-01"}, "talkDateTo": {"2024-03-31"}}, a.ID, b.ID)
	check(w.csTK, url.Values{"talkDateFrom": {"2024-03-02"}, "talkDateTo": {"2024-03-30"}})
	check(w.csTK, url.Values{"talkDateFrom": {"2024-03-31"}}, b.ID, c.ID)
	check(w.csTK, url.Values{"talkDateTo": {"2024-03-01"}}, a.ID)
	check(w.csTK, url.Values{"blurry": {"赵"}}, b.ID)
	check(w.csTK, url.Values{"blurry": {"钱多"}}, c.ID)
	check(w.csTK, url.Values{"blurry": {"%"}})
	check(w.csTK, url.Values{"type": {"2", "1"}}, b.ID)
	check(w.csTK, url.Values{"orgId": {itoa(w.cs)}}, a.ID, b.ID, c.ID)
	check(w.csTK, url.Values{"orgId": {itoa(w.branch)}}, b.ID, c.ID)
	check(w.e.AdminTK, url.Values{"orgId": {itoa(w.root)}}, a.ID, b.ID, c.ID, m.ID)
	check(w.csTK, url.Values{"orgId": {itoa(w.math)}}) // outside the scope: nothing
	// Sorted in SQL: the default is the newest talk first.
	if got, _ := w.ids(t, w.csTK, url.Values{}); !slices.Equal(got, []int64{c.ID, b.ID, a.ID}) {
		t.Errorf("default order %v", got)
	}
	if got, _ := w.ids(t, w.csTK, url.Values{"sort": {"talkDate,asc"}}); !slices.Equal(got, []int64{a.ID, b.ID, c.ID}) {
		t.Errorf("talkDate,asc %v", got)
	}
	for _, bad := range []url.Values{{"talkDateFrom": {"yesterday"}}, {"nosuch": {"1"}}, {"sort": {"content,asc"}}} {
		apptest.Expect(t, w.e.Do("GET", "/api/txth?"+bad.Encode(), w.csTK, nil), 400)
	}
}

// The export streams the list's filters within the caller's scope.
func TestExport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.create(t, w.csTK, body(w.cs, "2024-03-01"))
	w.create(t, w.csTK, apptest.With(body(w.branch, "2024-05-01"), "talker", "赵委员"))
	w.create(t, w.mathTK, body(w.math, "2024-03-15"))
	talkers := func(token, query string) []string {
		t.Helper()
		res := w.e.Do("GET", "/api/txth/export?"+query, token, nil)
		apptest.Expect(t, res, 200)
		rows, err := excel.Read(bytes.NewReader(res.Body), 1000)
		if err != nil {
			t.Fatal(err)
		}
		if rows[0][4] != "谈话人" {
			t.Fatalf("header %v", rows[0])
		}
		var out []string
		for _, r := range rows[1:] {
			out = append(out, r[1]+"/"+r[2]+"/"+r[3]+"/"+r[4])
		}
		return out
	}
	got := talkers(w.csTK, "")
	want := []string{"计算机教工党支部/2024-05-01/党员之间/赵委员", "计算机学院党委/2024-03-01/党员之间/王书记"}
	if !slices.Equal(got, want) {
		t.Fatalf("export %v", got)
	}
	if got := talkers(w.csTK, "talkDateTo=2024-03-01"); len(got) != 1 {
		t.Fatalf("filtered export %v", got)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/txth/export?nosuch=1", w.csTK, nil), 400)
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }
