package talk_test

import (
	"slices"
	"testing"

	"zhdj/internal/talk"
)

func TestInterviewees_SplitsTheUsualSeparators(t *testing.T) {
	t.Parallel()
	got := talk.Interviewees(" 李明、张华，王芳,赵强；钱进; 孙丽　周涛\n")
	want := []string{"李明", "张华", "王芳", "赵强", "钱进", "孙丽", "周涛"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q", got)
	}
}

// RULES §4 谈心谈话: the coverage of a year counts the talks and the
// different people named, per organisation, that year only.
func TestCoverage_RULES4_TalksPerOrganisationAndYear(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	other := w.e.Org(t, w.cs, "5", "计算机学生党支部")
	for _, b := range []map[string]any{
		body(w.branch, "2025-03-01"),                                // 李明、张华
		with(body(w.branch, "2025-06-01"), "interviewees", "张华，王芳"), // 张华 again
		with(body(w.branch, "2024-12-31"), "interviewees", "赵强"),    // another year
		with(body(other, "2025-01-01"), "interviewees", "全体党员"),     // counted as written
	} {
		w.create(t, w.csTK, b)
	}
	got, err := w.e.App.Talks.Coverage(t.Context(), 2025, []int64{w.branch, other, w.math})
	if err != nil {
		t.Fatal(err)
	}
	if got[w.branch] != (talk.Coverage{Talks: 2, Named: 3}) || got[other] != (talk.Coverage{Talks: 1, Named: 1}) || len(got) != 2 {
		t.Errorf("coverage %+v", got)
	}
}

func with(b map[string]any, k string, v any) map[string]any { b[k] = v; return b }
