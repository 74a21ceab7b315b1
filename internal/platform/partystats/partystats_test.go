package partystats

import (
	"testing"

	"zhdj/internal/platform/date"
)

// The bands as birth-date ranges agree with date.AgeOn to the day, 29
// February included (RULES.md §6).
func TestAgeBandRangesAgreeWithAgeOn(t *testing.T) {
	t.Parallel()
	for _, day := range []date.Date{"2026-03-01", "2027-02-28", "2028-02-29", "2025-12-31"} {
		for _, b := range AgeBands {
			for n := max(b.From-1, 1); n <= b.From+1; n++ {
				born := BornBy(day, n)
				if born.AgeOn(day) != n || born.AddDays(1).AgeOn(day) >= n {
					t.Fatalf("BornBy(%s, %d) = %s", day, n, born)
				}
			}
		}
	}
	for age, want := range map[int]string{0: "age30", 30: "age30", 31: "age35", 60: "age60", 61: "age61", 99: "age61"} {
		if got := AgeBandOf(age); got != want {
			t.Errorf("AgeBandOf(%d) = %s, want %s", age, got, want)
		}
	}
}

// 职业高中 and 技工学校 (44–49) are of 高中 level, the heading 20 is 本科.
func TestEducationGroupOf(t *testing.T) {
	t.Parallel()
	for code, want := range map[string]string{"11": "eduPostgrad", "20": "eduBachelor", "28": "eduBachelor", "31": "eduCollege",
		"40": "eduSecondary", "44": "eduHigh", "49": "eduHigh", "90": "eduHigh", "": "", "30": "", "99": ""} {
		if got := EducationGroupOf(code); got != want {
			t.Errorf("EducationGroupOf(%q) = %q, want %q", code, got, want)
		}
	}
}
