package assess

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"zhdj/internal/cadre"
	"zhdj/internal/platform/httpx"
)

// Judge types of an indicator (spec §4 levelType, scoreType).
const (
	JudgeLevel = "level" // one of the scheme's levels, counted through its score
	JudgeScore = "score" // a whole number MinScore..MaxScore
)

// JudgeTypes are the judge types in the form's order; JudgeNames name them.
var (
	JudgeTypes = []string{JudgeLevel, JudgeScore}
	JudgeNames = map[string]string{JudgeLevel: "等次评价", JudgeScore: "分数评价"}
)

// Scores of a scoreType indicator, and the range of a level's score and of
// the grade thresholds.
const (
	MinScore = 0
	MaxScore = 100
)

// Limits of a scheme.
const (
	MaxIndicators = 12 // top-level indicators (德, 能, 勤, 绩, 廉 …)
	MaxChildren   = 10 // sub-indicators of one indicator
	MaxGroups     = 10 // evaluator groups
	MaxLevels     = 6
	MaxName       = 50
	MaxNote       = 500
)

// Grades are the grades a round gives, best first: the annual assessment
// grades of the cadre record (RULES.md §5, gb_khqk.grade).
var Grades = cadre.AssessmentGrades

// GradeExcellent is the grade the cap bounds.
var GradeExcellent = Grades[0]

// LevelPresets are the two level sets of the spec: 优秀/称职/基本称职/不称职
// and 好/较好/一般/差, with the scores a scheme starts from.
var LevelPresets = map[string][]Level{
	"grade":   {{Key: "a", Label: "优秀", Score: 95}, {Key: "b", Label: "称职", Score: 80}, {Key: "c", Label: "基本称职", Score: 65}, {Key: "d", Label: "不称职", Score: 40}},
	"quality": {{Key: "a", Label: "好", Score: 95}, {Key: "b", Label: "较好", Score: 80}, {Key: "c", Label: "一般", Score: 65}, {Key: "d", Label: "差", Score: 40}},
}

// Definition is what a scheme states: its indicators, evaluator groups,
// levels, grade thresholds, the 优秀 cap and the rule on invalid ballots.
// A round keeps the version of it that it opened with (gb_kh_scheme_version).
type Definition struct {
	Indicators []Indicator `json:"indicators"`
	Groups     []Group     `json:"groups"`
	// Levels are the answers of a levelType indicator, best first, each
	// counted as its Score.
	Levels []Level `json:"levels"`
	// Thresholds are the lowest comprehensive score of each grade but the
	// last, in the order of Grades (优秀 ≥ 90, 称职 ≥ 70, 基本称职 ≥ 60).
	Thresholds []decimal.Decimal `json:"thresholds"`
	// ExcellentShare caps 优秀 at floor(assessed × share) (RULES.md §5,
	// default the setting cadre.assess.excellentShare, 20%).
	ExcellentShare decimal.Decimal `json:"excellentShare"`
	Invalid        InvalidRule     `json:"invalid"`
}

// Indicator is an indicator (德, 能 …) or a sub-indicator. Weights of the
// top level sum to 1, and so do those of each indicator's children. A leaf
// is answered; an indicator with children is their weighted sum.
type Indicator struct {
	Key      string          `json:"key"`
	Name     string          `json:"name"`
	Weight   decimal.Decimal `json:"weight"`
	Judge    string          `json:"judge,omitempty"` // leaves: JudgeLevel or JudgeScore
	Note     string          `json:"note,omitempty"`  // what evaluators read under it
	Children []Indicator     `json:"children,omitempty"`
}

// Group is an evaluator group (校领导, 中层干部, 教职工代表, 服务对象 …);
// the weights of the groups sum to 1.
type Group struct {
	Key    string          `json:"key"`
	Name   string          `json:"name"`
	Weight decimal.Decimal `json:"weight"`
}

// Level is an answer of a levelType indicator.
type Level struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Score int    `json:"score"`
}

// InvalidRule says which ballots are left out of the score.
type InvalidRule struct {
	// Uniform: a ballot that gives the same level to every levelType
	// indicator of every cadre on it (two or more answers) is invalid.
	Uniform bool `json:"uniform"`
	// Incomplete: a ballot that leaves any indicator of any cadre
	// unanswered is invalid (the paper then requires every answer); when
	// false, what it answers counts and each average is over the answers
	// given.
	Incomplete bool `json:"incomplete"`
}

// Leaf is an answered indicator with its weight in the whole (the product
// of the weights down to it).
type Leaf struct {
	Key    string
	Name   string
	Judge  string
	Weight decimal.Decimal
	Top    string // the top-level indicator it belongs to
}

// Leaves are the answered indicators in the scheme's order.
func (d Definition) Leaves() []Leaf {
	var out []Leaf
	var walk func(top string, in []Indicator, w decimal.Decimal)
	walk = func(top string, in []Indicator, w decimal.Decimal) {
		for _, ind := range in {
			t := top
			if t == "" {
				t = ind.Key
			}
			if len(ind.Children) == 0 {
				out = append(out, Leaf{Key: ind.Key, Name: ind.Name, Judge: ind.Judge, Weight: w.Mul(ind.Weight), Top: t})
				continue
			}
			walk(t, ind.Children, w.Mul(ind.Weight))
		}
	}
	walk("", d.Indicators, decimal.NewFromInt(1))
	return out
}

// LevelScore is the score a level's key counts as (false: no such level).
func (d Definition) LevelScore(key string) (int, bool) {
	for _, l := range d.Levels {
		if l.Key == key {
			return l.Score, true
		}
	}
	return 0, false
}

// GroupOf is the group of key.
func (d Definition) GroupOf(key string) (Group, bool) {
	for _, g := range d.Groups {
		if g.Key == key {
			return g, true
		}
	}
	return Group{}, false
}

var one = decimal.NewFromInt(1)

// maxWeightPlaces bounds a weight's decimals (0.0001 = 0.01%).
const maxWeightPlaces = 4

// Check vets a definition: names and keys, weights in (0, 1] with at most
// four decimals summing to exactly 1 at every level and over the groups,
// a judge type per leaf, levels with scores, thresholds descending within
// 0..100, the cap's share within 0..1. The error names the field at fault
// in Chinese ("indicators[1].children[0].weight").
func (d Definition) Check() error {
	if len(d.Indicators) == 0 || len(d.Indicators) > MaxIndicators {
		return httpx.Invalid("indicators", "考核指标应为1到%d项", MaxIndicators)
	}
	keys := map[string]bool{}
	if err := checkIndicators(d.Indicators, "indicators", "", keys, true); err != nil {
		return err
	}
	if len(d.Groups) == 0 || len(d.Groups) > MaxGroups {
		return httpx.Invalid("groups", "评价主体应为1到%d类", MaxGroups)
	}
	sum := decimal.Zero
	gkeys := map[string]bool{}
	for i, g := range d.Groups {
		at := fmt.Sprintf("groups[%d]", i)
		if err := checkName(g.Name, at+".name", "评价主体名称"); err != nil {
			return err
		}
		if !validKey(g.Key) || gkeys[g.Key] {
			return httpx.Invalid(at+".key", "评价主体“%s”的编号无效或重复", g.Name)
		}
		gkeys[g.Key] = true
		if err := checkWeight(g.Weight, at+".weight", g.Name); err != nil {
			return err
		}
		sum = sum.Add(g.Weight)
	}
	if !sum.Equal(one) {
		return httpx.Invalid("groups", "各评价主体的权重之和应为1（现为%s）", sum.String())
	}
	if err := d.checkLevels(); err != nil {
		return err
	}
	if len(d.Thresholds) != len(Grades)-1 {
		return httpx.Invalid("thresholds", "请设置%s的分数线", strings.Join(Grades[:len(Grades)-1], "、"))
	}
	for i, t := range d.Thresholds {
		at := fmt.Sprintf("thresholds[%d]", i)
		if t.LessThan(decimal.NewFromInt(MinScore)) || t.GreaterThan(decimal.NewFromInt(MaxScore)) || -t.Exponent() > 2 {
			return httpx.Invalid(at, "%s的分数线应在%d到%d之间（最多两位小数）", Grades[i], MinScore, MaxScore)
		}
		if i > 0 && !t.LessThan(d.Thresholds[i-1]) {
			return httpx.Invalid(at, "%s的分数线应低于%s的分数线", Grades[i], Grades[i-1])
		}
	}
	if d.ExcellentShare.IsNegative() || d.ExcellentShare.GreaterThan(one) || -d.ExcellentShare.Exponent() > maxWeightPlaces {
		return httpx.Invalid("excellentShare", "优秀比例应在0到100%%之间")
	}
	return nil
}

func (d Definition) checkLevels() error {
	usesLevels := false
	for _, l := range d.Leaves() {
		usesLevels = usesLevels || l.Judge == JudgeLevel
	}
	if !usesLevels && len(d.Levels) == 0 {
		return nil
	}
	if len(d.Levels) < 2 || len(d.Levels) > MaxLevels {
		return httpx.Invalid("levels", "评价等次应为2到%d个", MaxLevels)
	}
	seen := map[string]bool{}
	for i, l := range d.Levels {
		at := fmt.Sprintf("levels[%d]", i)
		if err := checkName(l.Label, at+".label", "等次名称"); err != nil {
			return err
		}
		if !validKey(l.Key) || seen[l.Key] {
			return httpx.Invalid(at+".key", "等次“%s”的编号无效或重复", l.Label)
		}
		seen[l.Key] = true
		if l.Score < MinScore || l.Score > MaxScore {
			return httpx.Invalid(at+".score", "等次“%s”的折算分应在%d到%d之间", l.Label, MinScore, MaxScore)
		}
		if i > 0 && l.Score >= d.Levels[i-1].Score {
			return httpx.Invalid(at+".score", "等次“%s”的折算分应低于上一等次", l.Label)
		}
	}
	return nil
}

func checkIndicators(in []Indicator, at, parent string, keys map[string]bool, top bool) error {
	sum := decimal.Zero
	for i, ind := range in {
		f := fmt.Sprintf("%s[%d]", at, i)
		if err := checkName(ind.Name, f+".name", "指标名称"); err != nil {
			return err
		}
		if !validKey(ind.Key) || keys[ind.Key] {
			return httpx.Invalid(f+".key", "指标“%s”的编号无效或重复", ind.Name)
		}
		keys[ind.Key] = true
		if err := checkWeight(ind.Weight, f+".weight", ind.Name); err != nil {
			return err
		}
		if utf8.RuneCountInString(ind.Note) > MaxNote {
			return httpx.Invalid(f+".note", "指标“%s”的说明不超过%d个字", ind.Name, MaxNote)
		}
		sum = sum.Add(ind.Weight)
		switch {
		case len(ind.Children) > 0 && !top:
			return httpx.Invalid(f+".children", "指标“%s”下不能再设子指标（最多两级）", ind.Name)
		case len(ind.Children) > MaxChildren:
			return httpx.Invalid(f+".children", "指标“%s”的子指标不超过%d项", ind.Name, MaxChildren)
		case len(ind.Children) > 0:
			if ind.Judge != "" {
				return httpx.Invalid(f+".judge", "指标“%s”有子指标，由子指标评价", ind.Name)
			}
			if err := checkIndicators(ind.Children, f+".children", ind.Name, keys, false); err != nil {
				return err
			}
		case ind.Judge != JudgeLevel && ind.Judge != JudgeScore:
			return httpx.Invalid(f+".judge", "请选择指标“%s”的评价方式", ind.Name)
		}
	}
	if !sum.Equal(one) {
		if parent == "" {
			return httpx.Invalid(at, "一级指标的权重之和应为1（现为%s）", sum.String())
		}
		return httpx.Invalid(at, "“%s”的子指标权重之和应为1（现为%s）", parent, sum.String())
	}
	return nil
}

func checkWeight(w decimal.Decimal, field, name string) error {
	if !w.IsPositive() || w.GreaterThan(one) || -w.Exponent() > maxWeightPlaces && !w.Equal(w.Round(maxWeightPlaces)) {
		return httpx.Invalid(field, "“%s”的权重应大于0、不超过1，最多四位小数", name)
	}
	return nil
}

func checkName(s, field, noun string) error {
	if strings.TrimSpace(s) == "" || utf8.RuneCountInString(s) > MaxName {
		return httpx.Invalid(field, "请填写%s（不超过%d个字）", noun, MaxName)
	}
	return nil
}

// validKey: 1–20 letters, digits, - or _ (a key becomes part of a ballot's
// item, bounded by the engine's 40).
func validKey(k string) bool {
	if k == "" || len(k) > 20 {
		return false
	}
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
