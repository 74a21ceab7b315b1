package assess

import (
	"slices"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"zhdj/internal/platform/ballot"
)

// tally adds up the valid ballots of a round: per cadre (row id), group
// and leaf the sum and number of the answers (integers: a level counts as
// its score), and per cadre and group the valid ballots that answered it.
type tally struct {
	def     Definition
	judge   map[string]string // leaf key → judge type
	sums    map[int64]map[string]map[string]*sum
	ballots map[int64]map[string]int
}

type sum struct{ total, n int64 }

func newTally(def Definition) *tally {
	t := &tally{def: def, judge: map[string]string{}, sums: map[int64]map[string]map[string]*sum{}, ballots: map[int64]map[string]int{}}
	for _, l := range def.Leaves() {
		t.judge[l.Key] = l.Judge
	}
	return t
}

// answer is one mark read as a cadre's leaf answer.
type answer struct {
	row   int64
	leaf  string
	level string // the level's key (level leaves)
	score int
}

// read turns a ballot's marks into answers; a mark it cannot place (not
// one of this paper's cadres or leaves) is left out.
func (t *tally) read(marks []ballot.Mark, cadres map[int64]bool) []answer {
	out := make([]answer, 0, len(marks))
	for _, m := range marks {
		item, leaf, ok := strings.Cut(m.Item, ".")
		if !ok || !strings.HasPrefix(item, "c") {
			continue
		}
		scored := strings.HasSuffix(item, "s")
		row, err := strconv.ParseInt(strings.TrimSuffix(item[1:], "s"), 10, 64)
		if err != nil || !cadres[row] {
			continue
		}
		switch judge := t.judge[leaf]; {
		case judge == JudgeLevel && !scored:
			if v, ok := t.def.LevelScore(m.Choice); ok {
				out = append(out, answer{row: row, leaf: leaf, level: m.Choice, score: v})
			}
		case judge == JudgeScore && scored:
			if v, err := strconv.Atoi(m.Choice); err == nil && v >= MinScore && v <= MaxScore {
				out = append(out, answer{row: row, leaf: leaf, score: v})
			}
		}
	}
	return out
}

// valid applies the scheme's rule to a ballot of a paper of cadres cadres
// with leaves leaves each: uniform — two or more level answers, all one
// level; incomplete — fewer answers than the paper asks.
func (t *tally) valid(answers []answer, cadres int) bool {
	if t.def.Invalid.Incomplete && len(answers) < cadres*len(t.judge) {
		return false
	}
	if t.def.Invalid.Uniform {
		first, n, same := "", 0, true
		for _, a := range answers {
			if a.level == "" {
				continue
			}
			if n == 0 {
				first = a.level
			}
			same = same && a.level == first
			n++
		}
		if n >= 2 && same {
			return false
		}
	}
	return true
}

// add counts a valid ballot of group.
func (t *tally) add(group string, answers []answer) {
	answered := map[int64]bool{}
	for _, a := range answers {
		byGroup := t.sums[a.row]
		if byGroup == nil {
			byGroup = map[string]map[string]*sum{}
			t.sums[a.row] = byGroup
		}
		byLeaf := byGroup[group]
		if byLeaf == nil {
			byLeaf = map[string]*sum{}
			byGroup[group] = byLeaf
		}
		x := byLeaf[a.leaf]
		if x == nil {
			x = &sum{}
			byLeaf[a.leaf] = x
		}
		x.total += int64(a.score)
		x.n++
		answered[a.row] = true
	}
	for row := range answered {
		if t.ballots[row] == nil {
			t.ballots[row] = map[string]int{}
		}
		t.ballots[row][group]++
	}
}

// scoreOf is a cadre's result: the comprehensive score (nil: no valid
// ballot answered them), the score of each group and of each leaf.
type scoreOf struct {
	score      *decimal.Decimal
	groups     map[string]decimal.Decimal
	indicators map[string]decimal.Decimal
}

// weighted is Σ weight × value over what has a value, over Σ of those
// weights: the weights of the missing spread over the present in
// proportion (docs/assess.md).
type weighted struct{ num, den decimal.Decimal }

func (w *weighted) add(weight, value decimal.Decimal) {
	w.num = w.num.Add(weight.Mul(value))
	w.den = w.den.Add(weight)
}

func (w weighted) value() (decimal.Decimal, bool) {
	if !w.den.IsPositive() {
		return decimal.Zero, false
	}
	return w.num.Div(w.den), true
}

// round2 is a score as shown and compared: two decimals, half away from zero.
func round2(d decimal.Decimal) decimal.Decimal { return d.Round(2) }

// result computes cadre row's score from the tally.
func (t *tally) result(row int64) scoreOf {
	out := scoreOf{groups: map[string]decimal.Decimal{}, indicators: map[string]decimal.Decimal{}}
	var total weighted
	leaves := map[string]*weighted{}
	for _, g := range t.def.Groups {
		byLeaf := t.sums[row][g.Key]
		var gs weighted
		for _, l := range t.def.Leaves() {
			x := byLeaf[l.Key]
			if x == nil || x.n == 0 {
				continue
			}
			avg := decimal.NewFromInt(x.total).Div(decimal.NewFromInt(x.n))
			gs.add(l.Weight, avg)
			if leaves[l.Key] == nil {
				leaves[l.Key] = &weighted{}
			}
			leaves[l.Key].add(g.Weight, avg)
		}
		if v, ok := gs.value(); ok {
			out.groups[g.Key] = round2(v)
			total.add(g.Weight, v)
		}
	}
	for k, w := range leaves {
		if v, ok := w.value(); ok {
			out.indicators[k] = round2(v)
		}
	}
	if v, ok := total.value(); ok {
		v = round2(v)
		out.score = &v
	}
	return out
}

// graded is a cadre's place among those assessed.
type graded struct {
	row   int64
	score *decimal.Decimal
	rank  int
	grade string
}

// Cap is the most cadres of n assessed that may be 优秀: floor(n × share).
func Cap(n int, share decimal.Decimal) int {
	return int(decimal.NewFromInt(int64(n)).Mul(share).Floor().IntPart())
}

// gradeAll ranks and grades cadres by their scores under def: the rank by
// score descending (equal scores share a rank: 1, 2, 2, 4); the grade of
// the first threshold the score reaches; then the 优秀 cap over those with
// a score — by score, the best keep 优秀 up to the cap, and when equal
// scores straddle the cap none of them keeps it (no tie is broken by
// chance: the organisers decide it by an adjustment with a reason); those
// who lose it are 称职. A cadre without a score gets neither.
func gradeAll(def Definition, cadres []graded) []graded {
	out := slices.Clone(cadres)
	slices.SortStableFunc(out, func(a, b graded) int {
		switch {
		case a.score == nil && b.score == nil:
			return 0
		case a.score == nil:
			return 1
		case b.score == nil:
			return -1
		}
		return b.score.Cmp(*a.score)
	})
	assessed := 0
	for i := range out {
		c := &out[i]
		if c.score == nil {
			c.rank, c.grade = 0, ""
			continue
		}
		assessed++
		c.rank = i + 1
		if i > 0 && out[i-1].score != nil && out[i-1].score.Equal(*c.score) {
			c.rank = out[i-1].rank
		}
		c.grade = Grades[len(Grades)-1]
		for g, min := range def.Thresholds {
			if !c.score.LessThan(min) {
				c.grade = Grades[g]
				break
			}
		}
	}
	limit := Cap(assessed, def.ExcellentShare)
	var excellent []int
	for i, c := range out {
		if c.grade == GradeExcellent {
			excellent = append(excellent, i)
		}
	}
	if len(excellent) > limit {
		// the score of the first who cannot be kept: the equal scores
		// above the cap lose it with them
		cut := *out[excellent[limit]].score
		for _, i := range excellent {
			if !out[i].score.GreaterThan(cut) {
				out[i].grade = Grades[1]
			}
		}
	}
	return out
}
