package date

import (
	"encoding/json"
	"testing"
	"time"
)

func TestParseReadsFormsAndQueryStrings(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want Date
		ok   bool
	}{
		{"2024-03-01", "2024-03-01", true},
		{" 2024-03-01 ", "2024-03-01", true},
		{"2024-03-01 23:59:59", "2024-03-01", true},
		{"2024-02-29T20:00:00Z", "2024-03-01", true}, // 04:00 on 1 March in China
		{"", "", true},
		{"2023-02-29", "", false},
		{"2024/03/01", "", false}, // forms send ISO; workbooks go through ParseLoose
		{"tomorrow", "", false},
	}
	for _, c := range cases {
		got, ok := Parse(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("Parse(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestParseLooseReadsWhatPeopleTypeInWorkbooks(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want Date
		ok   bool
	}{
		{"2024-3-1", "2024-03-01", true},
		{"2024/03/01", "2024-03-01", true},
		{"2024.03.01", "2024-03-01", true},
		{"2024年3月1日", "2024-03-01", true},
		{"20240301", "2024-03-01", true},
		{"45352", "2024-03-01", true}, // Excel serial
		{"2024-03-01 08:00", "2024-03-01", true},
		{"1899-12-31", "", false}, // before 1900
		{"2023-02-30", "", false},
		{"1234", "", false},
	}
	for _, c := range cases {
		got, ok := ParseLoose(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseLoose(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestDateArithmeticAndStorage(t *testing.T) {
	t.Parallel()
	if got := Date("2024-02-29").AddYears(1); got != "2025-03-01" {
		t.Errorf("29 Feb + 1 year = %s, want 2025-03-01", got)
	}
	if got := Date("2024-12-31").AddDays(1); got != "2025-01-01" {
		t.Errorf("AddDays = %s", got)
	}
	if Date("").AddYears(1) != "" || !Date("").IsZero() {
		t.Error("the empty date stays empty")
	}
	if v, _ := Date("").Value(); v != nil {
		t.Errorf("empty Value = %v, want NULL", v)
	}
	var d Date
	for _, src := range []any{time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC), "2024-03-01 00:00:00", []byte("2024-03-01T00:00:00Z")} {
		if err := d.Scan(src); err != nil || d != "2024-03-01" {
			t.Errorf("Scan(%v) = %q, %v", src, d, err)
		}
	}
	if err := d.Scan(nil); err != nil || d != "" {
		t.Errorf("Scan(nil) = %q", d)
	}
	if err := d.Scan(42); err == nil {
		t.Error("Scan(int) should fail")
	}
	b, _ := json.Marshal(struct{ A, B Date }{A: "2024-03-01"})
	if string(b) != `{"A":"2024-03-01","B":null}` {
		t.Errorf("JSON = %s", b)
	}
	var in struct{ A, B Date }
	if err := json.Unmarshal([]byte(`{"A":" 2024-03-01 ","B":null}`), &in); err != nil || in.A != "2024-03-01" || in.B != "" {
		t.Errorf("Unmarshal = %+v, %v", in, err)
	}
}

func TestAddMonthsClampsToTheMonthEnd(t *testing.T) {
	t.Parallel()
	cases := []struct {
		from Date
		n    int
		want Date
	}{
		{"2024-01-15", 1, "2024-02-15"},
		{"2024-01-31", 1, "2024-02-29"}, // leap year
		{"2023-01-31", 1, "2023-02-28"},
		{"2024-08-31", 6, "2025-02-28"},
		{"2024-03-31", -1, "2024-02-29"},
		{"2024-12-10", 12, "2025-12-10"},
		{"2024-02-29", 12, "2025-02-28"},
		{"", 3, ""},
	}
	for _, c := range cases {
		if got := c.from.AddMonths(c.n); got != c.want {
			t.Errorf("%s + %d months = %s, want %s", c.from, c.n, got, c.want)
		}
	}
}

func TestAgeOnCountsFullYears(t *testing.T) {
	t.Parallel()
	cases := []struct {
		birth, day Date
		want       int
	}{
		{"2000-05-10", "2026-05-09", 25},
		{"2000-05-10", "2026-05-10", 26},
		{"2000-02-29", "2026-02-28", 25}, // a common year: the birthday is 1 March
		{"2000-02-29", "2026-03-01", 26},
		{"2000-02-29", "2028-02-29", 28},
		{"", "2026-01-01", 0},
		{"2000-01-01", "", 0},
		{"2026-06-01", "2026-01-01", 0}, // born after the day: never below 0
	}
	for _, c := range cases {
		if got := c.birth.AgeOn(c.day); got != c.want {
			t.Errorf("%s.AgeOn(%s) = %d, want %d", c.birth, c.day, got, c.want)
		}
	}
}
