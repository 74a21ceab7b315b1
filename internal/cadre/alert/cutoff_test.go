package alert

import (
	"testing"

	"zhdj/internal/cadre/retire"
	"zhdj/internal/platform/date"
)

// The retirement rule's bound on birth_on at the edges of the decision's 附件1
// and 附件2: nobody retires in 2025-01 (born 1964-12 → 2024-12, born 1965-01 →
// 2025-02), so until 2025-01-31 reaches only those born by 1964-12, until
// 2025-02-01 those born 1965-01 too.
func TestLatestBirthRetiringByFollowsTheDecisionsTables(t *testing.T) {
	t.Parallel()
	cases := []struct {
		until date.Date
		kind  retire.Kind
		want  date.Date
	}{
		{"2025-01-31", retire.Man, "1964-12-01"},
		{"2025-02-01", retire.Man, "1965-01-01"},
		{"2025-05-31", retire.Man, "1965-04-01"}, // 1965-04 60y1m → 2025-05
		{"2025-06-30", retire.Man, "1965-04-01"}, // 1965-05 60y2m → 2025-07
		{"2025-07-01", retire.Man, "1965-05-01"},
		{"2039-09-01", retire.Man, "1976-09-01"}, // the cap: 1976-08 62y11m → 2039-07, 1976-09 63 → 2039-09
		{"2039-08-31", retire.Man, "1976-08-01"},
		{"2025-02-01", retire.WomanCadre, "1970-01-01"},
		{"2025-01-15", retire.WomanCadre, "1969-12-01"},
	}
	for _, c := range cases {
		if got := LatestBirthRetiringBy(c.until, c.kind); got != c.want {
			t.Errorf("until %s kind %d: latest birth %s, want %s", c.until, c.kind, got, c.want)
		}
	}
}

func TestLatestBirthForAge(t *testing.T) {
	t.Parallel()
	if got := LatestBirthForAge("2026-12-31", 58); got != "1968-12-01" {
		t.Fatalf("got %s", got)
	}
	if got := LatestBirthForAge("2026-12-01", 58); got != "1968-12-01" {
		t.Fatalf("got %s", got)
	}
}

// A post that already names its unit (as a 任免审批表's does) is not
// prefixed with the unit again.
func TestWhoNamesTheUnitOnce(t *testing.T) {
	for _, c := range []struct{ unit, post, want string }{
		{"计算机学院", "院长", "计算机学院院长王强"},
		{"计算机学院", "计算机学院院长", "计算机学院院长王强"},
		{"计算机学院", "", "计算机学院王强"},
	} {
		if got := who(Row{UnitName: c.unit, Post: c.post, Name: "王强"}); got != c.want {
			t.Errorf("who(%q, %q) = %q, want %q", c.unit, c.post, got, c.want)
		}
	}
}
