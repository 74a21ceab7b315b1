package assess

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/httpx"
)

var d = decimal.RequireFromString

// def is a small scheme: 德 (level, 0.4) and 绩 (0.6: 绩1 score 0.5, 绩2
// level 0.5); groups 领导 0.6 and 群众 0.4; levels 95/80/65/40; 90/70/60;
// 20%; both rules on.
func def() Definition {
	return Definition{
		Indicators: []Indicator{{Key: "de", Name: "德", Weight: d("0.4"), Judge: JudgeLevel},
			{Key: "ji", Name: "绩", Weight: d("0.6"), Children: []Indicator{
				{Key: "ji1", Name: "目标", Weight: d("0.5"), Judge: JudgeScore},
				{Key: "ji2", Name: "成效", Weight: d("0.5"), Judge: JudgeLevel}}}},
		Groups:         []Group{{Key: "lead", Name: "领导", Weight: d("0.6")}, {Key: "mass", Name: "群众", Weight: d("0.4")}},
		Levels:         LevelPresets["grade"],
		Thresholds:     []decimal.Decimal{d("90"), d("70"), d("60")},
		ExcellentShare: d("0.2"),
		Invalid:        InvalidRule{Uniform: true, Incomplete: true},
	}
}

func fieldOf(err error) string { return httpx.FieldOf(err) }

func TestDefinitionWeightsMustSumToExactlyOne(t *testing.T) {
	t.Parallel()
	if err := def().Check(); err != nil {
		t.Fatalf("a valid scheme refused: %v", err)
	}
	cases := []struct {
		name, field string
		change      func(*Definition)
	}{
		{"top level sums to 0.99", "indicators", func(x *Definition) { x.Indicators[0].Weight = d("0.39") }},
		{"top level sums to 1.0001", "indicators", func(x *Definition) { x.Indicators[0].Weight = d("0.4001") }},
		{"children sum to 0.9", "indicators[1].children", func(x *Definition) { x.Indicators[1].Children[0].Weight = d("0.4") }},
		{"groups sum to 1.1", "groups", func(x *Definition) { x.Groups[1].Weight = d("0.5") }},
		{"a weight of five decimals", "indicators[0].weight", func(x *Definition) { x.Indicators[0].Weight = d("0.40001") }},
		{"a zero weight", "groups[1].weight", func(x *Definition) { x.Groups[0].Weight, x.Groups[1].Weight = d("1"), d("0") }},
		{"a leaf without judge type", "indicators[0].judge", func(x *Definition) { x.Indicators[0].Judge = "" }},
		{"three levels deep", "indicators[1].children[0].children", func(x *Definition) {
			x.Indicators[1].Children[0].Children = []Indicator{{Key: "x", Name: "x", Weight: d("1"), Judge: JudgeLevel}}
		}},
		{"thresholds not descending", "thresholds[1]", func(x *Definition) { x.Thresholds[1] = d("90") }},
		{"a threshold above 100", "thresholds[0]", func(x *Definition) { x.Thresholds[0] = d("100.5") }},
		{"level scores not descending", "levels[1].score", func(x *Definition) { x.Levels = []Level{{"a", "优", 80}, {"b", "良", 80}} }},
		{"a share above 100%", "excellentShare", func(x *Definition) { x.ExcellentShare = d("1.2") }},
		{"a duplicate key", "indicators[1].children[1].key", func(x *Definition) { x.Indicators[1].Children[1].Key = "de" }},
	}
	for _, c := range cases {
		x := def()
		x.Indicators = append([]Indicator(nil), x.Indicators...)
		x.Indicators[1].Children = append([]Indicator(nil), x.Indicators[1].Children...)
		x.Groups = append([]Group(nil), x.Groups...)
		c.change(&x)
		if err := x.Check(); fieldOf(err) != c.field {
			t.Errorf("%s: field %q (%v), want %q", c.name, fieldOf(err), err, c.field)
		}
	}
	// 1/3 + 1/3 + 1/3 in four decimals is 0.9999: refused, never rounded up.
	x := def()
	x.Groups = []Group{{"a", "甲", d("0.3333")}, {"b", "乙", d("0.3333")}, {"c", "丙", d("0.3334")}}
	if err := x.Check(); err != nil {
		t.Fatalf("0.3333+0.3333+0.3334 refused: %v", err)
	}
	x.Groups[2].Weight = d("0.3333")
	if err := x.Check(); fieldOf(err) != "groups" || !strings.Contains(err.Error(), "0.9999") {
		t.Fatalf("0.9999 in all: %v", err)
	}
}

func TestLeavesCarryTheProductOfTheWeights(t *testing.T) {
	t.Parallel()
	got := map[string]string{}
	for _, l := range def().Leaves() {
		got[l.Key] = l.Weight.String() + "/" + l.Top
	}
	want := map[string]string{"de": "0.4/de", "ji1": "0.3/ji", "ji2": "0.3/ji"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("leaf %s: %s, want %s", k, got[k], v)
		}
	}
}

// RULES.md §5: the 优秀 share is capped (default 20%), floor(assessed × share).
func TestRules5ExcellentCapIsTheFloorOfTheShare(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]int{4: 0, 5: 1, 9: 1, 10: 2, 14: 2, 15: 3, 600: 120} {
		if got := Cap(n, d("0.2")); got != want {
			t.Errorf("Cap(%d, 20%%) = %d, want %d", n, got, want)
		}
	}
}

func scores(vals ...string) []graded {
	out := make([]graded, len(vals))
	for i, v := range vals {
		out[i].row = int64(i + 1)
		if v != "" {
			x := d(v)
			out[i].score = &x
		}
	}
	return out
}

func gradesOf(g []graded) map[int64]string {
	out := map[int64]string{}
	for _, c := range g {
		out[c.row] = c.grade
	}
	return out
}

func TestRules5FiveCadresAtTwentyPercentGiveOneExcellent(t *testing.T) {
	t.Parallel()
	got := gradesOf(gradeAll(def(), scores("95", "93", "91", "80", "60")))
	want := map[int64]string{1: "优秀", 2: "称职", 3: "称职", 4: "称职", 5: "基本称职"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("cadre %d: %s, want %s", k, got[k], v)
		}
	}
}

func TestRules5ATieAtTheCapKeepsNoneOfTheTied(t *testing.T) {
	t.Parallel()
	// cap 1 of 5: the two 95s straddle it, neither keeps 优秀
	got := gradesOf(gradeAll(def(), scores("95", "95", "91", "80", "60")))
	if got[1] != "称职" || got[2] != "称职" {
		t.Fatalf("tied at the cap: %v", got)
	}
	// cap 2 of 10: 96 keeps it, the 95s tied for the second place do not
	got = gradesOf(gradeAll(def(), scores("96", "95", "95", "80", "80", "80", "80", "80", "80", "80")))
	if got[1] != "优秀" || got[2] != "称职" || got[3] != "称职" {
		t.Fatalf("tied across the cap: %v", got)
	}
	// cap 2 of 10, a tie below it: both keep it (no one beyond the cap)
	got = gradesOf(gradeAll(def(), scores("95", "95", "89", "80", "80", "80", "80", "80", "80", "80")))
	if got[1] != "优秀" || got[2] != "优秀" {
		t.Fatalf("tied within the cap: %v", got)
	}
}

func TestThresholdsAtTheirEdges(t *testing.T) {
	t.Parallel()
	x := def()
	x.ExcellentShare = d("1")
	got := gradesOf(gradeAll(x, scores("90", "89.99", "70", "69.99", "60", "59.99", "")))
	want := map[int64]string{1: "优秀", 2: "称职", 3: "称职", 4: "基本称职", 5: "基本称职", 6: "不称职", 7: ""}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("cadre %d: %q, want %q", k, got[k], v)
		}
	}
}

func TestRanksShareEqualScores(t *testing.T) {
	t.Parallel()
	ranks := map[int64]int{}
	for _, c := range gradeAll(def(), scores("80", "91", "80", "", "75")) {
		ranks[c.row] = c.rank
	}
	want := map[int64]int{2: 1, 1: 2, 3: 2, 5: 4, 4: 0}
	for k, v := range want {
		if ranks[k] != v {
			t.Errorf("cadre %d ranked %d, want %d", k, ranks[k], v)
		}
	}
}

// marks of one ballot for cadres (row ids): de and ji2 as levels, ji1 as a score.
func marks(levels map[int64][2]string, score map[int64]string) []ballot.Mark {
	var out []ballot.Mark
	for row, l := range levels {
		k := cadreKey(row)
		if l[0] != "" {
			out = append(out, ballot.Mark{Item: k + ".de", Choice: l[0]})
		}
		if l[1] != "" {
			out = append(out, ballot.Mark{Item: k + ".ji2", Choice: l[1]})
		}
	}
	for row, v := range score {
		out = append(out, ballot.Mark{Item: scoreKey(row) + ".ji1", Choice: v})
	}
	return out
}

func TestInvalidBallotsByTheSchemesRule(t *testing.T) {
	t.Parallel()
	cadres := map[int64]bool{1: true, 2: true}
	tl := newTally(def())
	uniform := marks(map[int64][2]string{1: {"a", "a"}, 2: {"a", "a"}}, map[int64]string{1: "90", 2: "90"})
	if tl.valid(tl.read(uniform, cadres), 2) {
		t.Fatal("all 优秀 on every level answer counted though the scheme forbids it")
	}
	mixed := marks(map[int64][2]string{1: {"a", "b"}, 2: {"a", "a"}}, map[int64]string{1: "90", 2: "90"})
	if !tl.valid(tl.read(mixed, cadres), 2) {
		t.Fatal("a mixed ballot refused")
	}
	missing := marks(map[int64][2]string{1: {"a", "b"}, 2: {"a", ""}}, map[int64]string{1: "90", 2: "90"})
	if tl.valid(tl.read(missing, cadres), 2) {
		t.Fatal("an incomplete ballot counted though the scheme forbids it")
	}
	lax := def()
	lax.Invalid = InvalidRule{}
	tl = newTally(lax)
	if !tl.valid(tl.read(uniform, cadres), 2) || !tl.valid(tl.read(missing, cadres), 2) {
		t.Fatal("a scheme without the rules refused a ballot")
	}
	// a mark of another paper's cadre or an unknown leaf is not read
	stray := []ballot.Mark{{Item: "c9.de", Choice: "a"}, {Item: "c1.xx", Choice: "a"}, {Item: "c1s.de", Choice: "90"}}
	if got := tl.read(stray, cadres); len(got) != 0 {
		t.Fatalf("stray marks read: %v", got)
	}
}

func TestComprehensiveScoreWeighsGroupsAndLeaves(t *testing.T) {
	t.Parallel()
	tl := newTally(def())
	cadres := map[int64]bool{1: true}
	// 领导: 优秀 (95) on 德, 称职 (80) on 成效, 90 on 目标 → 0.4×95 + 0.3×90 + 0.3×80 = 89
	tl.add("lead", tl.read(marks(map[int64][2]string{1: {"a", "b"}}, map[int64]string{1: "90"}), cadres))
	// 群众: two ballots, 德 95 and 80 (87.5), 成效 80 and 65 (72.5), 目标 70 and 81 (75.5)
	// → 0.4×87.5 + 0.3×75.5 + 0.3×72.5 = 79.4
	tl.add("mass", tl.read(marks(map[int64][2]string{1: {"a", "b"}}, map[int64]string{1: "70"}), cadres))
	tl.add("mass", tl.read(marks(map[int64][2]string{1: {"b", "c"}}, map[int64]string{1: "81"}), cadres))
	r := tl.result(1)
	if r.groups["lead"].String() != "89" || r.groups["mass"].String() != "79.4" {
		t.Fatalf("group scores %v", r.groups)
	}
	// 0.6 × 89 + 0.4 × 79.4 = 85.16
	if r.score == nil || r.score.String() != "85.16" {
		t.Fatalf("score %v, want 85.16", r.score)
	}
	if tl.ballots[1]["mass"] != 2 || tl.ballots[1]["lead"] != 1 {
		t.Fatalf("ballots %v", tl.ballots[1])
	}
	// a group without a ballot: its weight goes to the others
	only := newTally(def())
	only.add("mass", only.read(marks(map[int64][2]string{1: {"a", "b"}}, map[int64]string{1: "70"}), cadres))
	if r := only.result(1); r.score == nil || r.score.String() != "83" { // 0.4×95 + 0.3×70 + 0.3×80
		t.Fatalf("one group: %v", r.score)
	}
	// nobody answered: no score
	if r := newTally(def()).result(1); r.score != nil {
		t.Fatalf("a score without ballots: %v", r.score)
	}
}
