package points

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// Rule is one of the school's points rules: Key, its name, the points it
// gives (a deduction is kept positive and subtracted) within Min–Max.
type Rule struct {
	Key       string `json:"key"`
	Name      string `json:"name"`
	Points    int    `json:"points"`
	Default   int    `json:"default"`
	Min       int    `json:"min"`
	Max       int    `json:"max"`
	Deduction bool   `json:"deduction"`
	Remark    string `json:"remark"`
}

// Rule keys.
const (
	RuleAttend    = "attend"
	RuleAbsent    = "absent"
	RuleVolunteer = "volunteer"
	RuleHonour    = "honour"
	RuleStudy     = "study"
	RuleFee       = "fee"
	RuleArrears   = "arrears"
)

// RuleDecls are the rules the school sets, with their defaults and bounds.
// Only the rules a source feeds are declared: organisation-life attendance
// (internal/orglife's AttendanceRecorded), credited study
// (internal/pschool/hours' StudyCredited), party fees (internal/fee's
// MonthPaid, MonthPaymentReversed and MonthInArrears) and the manual kinds.
func RuleDecls() []Rule {
	return []Rule{
		{Key: RuleAttend, Name: "参加组织生活（每次）", Default: 2, Min: 0, Max: 20, Remark: "会议结束时出勤为已签到或迟到"},
		{Key: RuleAbsent, Name: "无故缺席组织生活（每次扣）", Default: 2, Min: 0, Max: 20, Deduction: true, Remark: "会议结束时缺席（请假不扣分）"},
		{Key: RuleStudy, Name: "党校学习（每学时）", Default: 1, Min: 0, Max: 10, Remark: "线下学习记录经二级党委审核通过时按学时（取整）计分；网上课程按本年度网上学时每满1学时计分"},
		{Key: RuleFee, Name: "按时交纳党费（每月）", Default: 1, Min: 0, Max: 10, Remark: "当月党费在当月结束前（含预交）缴清时计分；补交不计分，冲正时扣回"},
		{Key: RuleArrears, Name: "欠缴党费（每月扣）", Default: 2, Min: 0, Max: 20, Deduction: true, Remark: "当月结束时党费仍未缴清，每人每月扣一次"},
		{Key: RuleVolunteer, Name: "志愿服务（每次申报）", Default: 3, Min: 0, Max: 20, Remark: "支部申报、二级党委审核"},
		{Key: RuleHonour, Name: "获得表彰（每项申报）", Default: 10, Min: 0, Max: 50, Remark: "支部申报、二级党委审核"},
	}
}

// Rules are the school's rules as set (a rule never set reads as its default).
func (s *Service) Rules(ctx context.Context) ([]Rule, error) {
	return s.rules(ctx, s.db)
}

func (s *Service) rules(ctx context.Context, idb bun.IDB) ([]Rule, error) {
	var rows []struct {
		Key    string `bun:"rule_key"`
		Points int    `bun:"points"`
	}
	if err := idb.NewSelect().Table("jf_rule").Column("rule_key", "points").Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	set := make(map[string]int, len(rows))
	for _, r := range rows {
		set[r.Key] = r.Points
	}
	out := RuleDecls()
	for i := range out {
		out[i].Points = out[i].Default
		if v, ok := set[out[i].Key]; ok && v >= out[i].Min && v <= out[i].Max {
			out[i].Points = v
		}
	}
	return out, nil
}

// points is the value of rule key among rules (signed: a deduction negative).
func pointsOf(rules []Rule, key string) int {
	for _, r := range rules {
		if r.Key == key {
			if r.Deduction {
				return -r.Points
			}
			return r.Points
		}
	}
	return 0
}

// RuleInput is the body of changing rules: key → points.
type RuleInput map[string]int

// SetRules changes the rules named in the body (each within its bounds,
// all or nothing) and answers the rules as they then stand. Points already
// earned keep the rule they were earned under.
func (s *Service) SetRules(ctx context.Context, in RuleInput) ([]Rule, error) {
	if len(in) == 0 {
		return nil, httpx.BadRequest("请填写积分规则")
	}
	decls := RuleDecls()
	for key, v := range in {
		i := ruleIndex(decls, key)
		if i < 0 {
			return nil, httpx.Invalid(key, "积分规则不存在")
		}
		if d := decls[i]; v < d.Min || v > d.Max {
			return nil, httpx.Invalid(key, "%s应为%d到%d之间的整数", strings.TrimSpace(d.Name), d.Min, d.Max)
		}
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for key, v := range in {
			if _, err := tx.NewRaw("INSERT INTO jf_rule (rule_key, points, updated_at) VALUES (?, ?, ?) "+
				"ON CONFLICT (rule_key) DO UPDATE SET points = EXCLUDED.points, updated_at = EXCLUDED.updated_at", key, v, s.now()).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, httpx.AsError(err)
	}
	return s.Rules(ctx)
}

func ruleIndex(decls []Rule, key string) int {
	for i, d := range decls {
		if d.Key == key {
			return i
		}
	}
	return -1
}
