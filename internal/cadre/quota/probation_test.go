package quota_test

import (
	"testing"

	"zhdj/internal/cadre/quota"
	"zhdj/internal/platform/date"
)

// 《党政领导干部选拔任用工作条例》第五十三条: 提拔担任非选举产生的领导职务，
// 试用期为一年. The year counts the first day of the post: it ends the day
// before the anniversary.
func TestProbationOfArticle53OneYearForPromotionToNonElectedPostsNoneOtherwise(t *testing.T) {
	t.Parallel()
	cases := []struct {
		start              date.Date
		elected, promotion bool
		want               date.Date // "" = no probation
	}{
		{"2026-03-01", false, true, "2027-02-28"},
		{"2026-12-31", false, true, "2027-12-30"},
		{"2027-01-01", false, true, "2027-12-31"},
		{"2027-03-01", false, true, "2028-02-29"}, // the year holds 29 February
		{"2028-02-29", false, true, "2029-02-28"}, // its anniversary is 1 March of a common year
		{"2026-03-01", true, true, ""},            // 选任制: elected posts have none
		{"2026-03-01", false, false, ""},          // a move at the same rank is no promotion
		{"2026-03-01", true, false, ""},
	}
	for _, c := range cases {
		got := quota.ProbationUntil(c.start, c.elected, c.promotion)
		switch {
		case c.want == "" && got != nil:
			t.Errorf("start %s elected %v promotion %v: probation until %s, want none", c.start, c.elected, c.promotion, *got)
		case c.want != "" && (got == nil || *got != c.want):
			t.Errorf("start %s elected %v promotion %v: %v, want %s", c.start, c.elected, c.promotion, got, c.want)
		}
	}
}
