package retire

import (
	"testing"

	"zhdj/internal/platform/date"
)

// The edges of the tables annexed to 全国人大常委会《关于实施渐进式延迟法定退休
// 年龄的决定》(2024-09-13): 附件1 男职工, 附件2 原法定退休年龄五十五周岁的女职工,
// 附件3 原法定退休年龄五十周岁的女职工.
func TestStatutoryRetirementAtTheEdgesOfTheDecisionsTables(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		born   string
		kind   Kind
		age    Age
		month  date.Month
		retire date.Date
	}{
		// 附件1: men 60 → 63, one month for every 4 months from 1965-01.
		{"附件1 born before the decision's first month keeps 60", "1964-12-01", Man, Age{60, 0}, "2024-12", "2024-12-01"},
		{"附件1 first row 1965-01 60y1m", "1965-01-01", Man, Age{60, 1}, "2025-02", "2025-02-01"},
		{"附件1 1965-04 still 60y1m (end of the first four months)", "1965-04-15", Man, Age{60, 1}, "2025-05", "2025-05-01"},
		{"附件1 1965-05 60y2m", "1965-05-01", Man, Age{60, 2}, "2025-07", "2025-07-01"},
		{"附件1 1966-12 60y6m", "1966-12-01", Man, Age{60, 6}, "2027-06", "2027-06-01"},
		{"附件1 1976-08 the last month before the cap 62y11m", "1976-08-01", Man, Age{62, 11}, "2039-07", "2039-07-01"},
		{"附件1 1976-09 reaches 63", "1976-09-01", Man, Age{63, 0}, "2039-09", "2039-09-01"},
		{"附件1 after the cap stays 63", "1990-03-01", Man, Age{63, 0}, "2053-03", "2053-03-01"},
		// 附件2: women whose former age was 55 (cadres) 55 → 58 from 1970-01.
		{"附件2 1969-12 keeps 55", "1969-12-01", WomanCadre, Age{55, 0}, "2024-12", "2024-12-01"},
		{"附件2 1970-01 55y1m", "1970-01-01", WomanCadre, Age{55, 1}, "2025-02", "2025-02-01"},
		{"附件2 1970-04 55y1m", "1970-04-01", WomanCadre, Age{55, 1}, "2025-05", "2025-05-01"},
		{"附件2 1970-05 55y2m", "1970-05-01", WomanCadre, Age{55, 2}, "2025-07", "2025-07-01"},
		{"附件2 1981-08 57y11m", "1981-08-01", WomanCadre, Age{57, 11}, "2039-07", "2039-07-01"},
		{"附件2 1981-09 reaches 58", "1981-09-01", WomanCadre, Age{58, 0}, "2039-09", "2039-09-01"},
		// 附件3: women whose former age was 50 (workers) 50 → 55 from 1975-01, one month for every 2.
		{"附件3 1974-12 keeps 50", "1974-12-01", WomanWorker, Age{50, 0}, "2024-12", "2024-12-01"},
		{"附件3 1975-01 50y1m", "1975-01-01", WomanWorker, Age{50, 1}, "2025-02", "2025-02-01"},
		{"附件3 1975-02 50y1m", "1975-02-01", WomanWorker, Age{50, 1}, "2025-03", "2025-03-01"},
		{"附件3 1975-03 50y2m", "1975-03-01", WomanWorker, Age{50, 2}, "2025-05", "2025-05-01"},
		{"附件3 1984-10 54y11m", "1984-10-01", WomanWorker, Age{54, 11}, "2039-09", "2039-09-01"},
		{"附件3 1984-11 reaches 55", "1984-11-01", WomanWorker, Age{55, 0}, "2039-11", "2039-11-01"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, ok := Of(date.Date(c.born), c.kind)
			if !ok {
				t.Fatalf("Of(%s) not ok", c.born)
			}
			if got.Age != c.age || got.Month != c.month || got.On != c.retire {
				t.Fatalf("Of(%s, %d) = %s %s %s, want %s %s %s", c.born, c.kind, got.Age, got.Month, got.On,
					c.age, c.month, c.retire)
			}
		})
	}
}

// Every month from 1965-01 to 1966-12 (the range): the delay grows by
// one month every four birth months, never skips nor falls.
func TestMenBornIn1965And1966DelayOneMonthEveryFourMonths(t *testing.T) {
	t.Parallel()
	born := date.Month("1965-01")
	for i := range 24 {
		m := born.AddMonths(i)
		if got, want := Delay(m, Man), i/4+1; got != want {
			t.Fatalf("born %s: delay %d months, want %d", m, got, want)
		}
		r, _ := Of(m.First(), Man)
		if r.Month != m.AddMonths(60*12+i/4+1) {
			t.Fatalf("born %s: retires %s", m, r.Month)
		}
	}
}

func TestUnknownKindOrBirthIsNotOK(t *testing.T) {
	t.Parallel()
	if _, ok := Of("", Man); ok {
		t.Fatal("empty birth ok")
	}
	if _, ok := Of("1965-01-01", Kind(9)); ok {
		t.Fatal("unknown kind ok")
	}
	if _, ok := Of("19xx-01-01", Man); ok {
		t.Fatal("bad birth ok")
	}
}

func TestKindOf(t *testing.T) {
	t.Parallel()
	if KindOf(true, true) != Man || KindOf(false, false) != WomanCadre || KindOf(false, true) != WomanWorker {
		t.Fatal("KindOf")
	}
	if (Age{60, 1}).String() != "60岁1个月" || (Age{63, 0}).String() != "63岁" {
		t.Fatal("Age.String")
	}
}
