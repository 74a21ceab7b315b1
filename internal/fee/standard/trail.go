package standard

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/money"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// BaseTrailModule is the fee bases' module id in the change trail
// (change_trail.module): a base decides what a member pays, so who changed
// it, when and from what to what is kept.
const BaseTrailModule = 60

// baseTrail declares the base's trail (变更记录): the member, the month it
// applies from, the category and every salary item, amounts in 元.
var baseTrail = &record.Decl{Module: BaseTrailModule, Noun: "党费基数", Fields: baseTrailFields()}

func baseTrailFields() []record.Field {
	out := []record.Field{record.Text("member", "党员"), record.Text("year", "年度"), record.Text("fromMonth", "起始月份"),
		record.Text("category", "党费类别")}
	for _, it := range Items {
		out = append(out, record.Text("items."+it.Key, it.Label+"（元）"))
	}
	return append(out, record.Text("included", "计入项目合计（元）"), record.Text("deducted", "扣除项目合计（元）"),
		record.Text("base", "月基数（元）"), record.Text("remark", "备注"),
		// Only an entry that sets 免交 or 困难减免 has one (mayWaive).
		record.Text("reason", "核定免交/困难减免理由"))
}

// baseTrailView is base r of member as the trail shows it: labels and 元.
// The totals show only for a category that has a base; items only as
// entered.
func baseTrailView(r BaseRow, member string) map[string]string {
	v := map[string]string{"member": member, "year": strconv.Itoa(r.Year), "fromMonth": fmt.Sprintf("%d月", r.FromMonth),
		"category": CategoryLabel(r.Category), "remark": r.Remark}
	var items map[string]int64
	_ = json.Unmarshal([]byte(r.Items), &items) // written by checkBase: a map of fen
	for k, f := range items {
		v["items."+k] = money.Fen(f).Grouped()
	}
	if needsBase(r.Category) || r.BaseFen != 0 { // a graduate student's stipend too
		v["base"] = money.Fen(r.BaseFen).Grouped()
		if r.Category == CatSalaried {
			v["included"], v["deducted"] = money.Fen(r.IncludedFen).Grouped(), money.Fen(r.DeductedFen).Grouped()
		}
	}
	return v
}

// StandardTrailModule is the standards' module id in the change trail: a
// standard decides what a whole category pays.
const StandardTrailModule = 61

// standardTrail declares a standard's trail: its fields while a draft is
// edited, and its state as it is enabled or voided.
var standardTrail = &record.Decl{Module: StandardTrailModule, Noun: "党费标准", Fields: []record.Field{
	record.Text("name", "标准名称"), record.Text("category", "党费类别"), record.Text("kind", "计算方式"),
	record.Text("brackets", "比例档次"), record.Text("fixed", "固定金额（元）"), record.Text("basis", "依据"),
	record.Text("state", "状态")}}

var kindLabels = map[string]string{KindRate: "按基数比例", KindFixed: "固定金额", KindExempt: "免交"}

// standardTrailView is standard r as the trail shows it: labels, the
// brackets as "≤ 3,000.00 元 0.5%；…；以上 2%", amounts in 元.
func standardTrailView(r standardRow) map[string]string {
	v := viewOf(r)
	out := map[string]string{"name": v.Name, "category": v.CatLabel, "kind": kindLabels[v.Kind], "basis": v.Basis, "state": v.StateLabel}
	switch v.Kind {
	case KindRate:
		parts := make([]string, len(v.Brackets))
		for i, b := range v.Brackets {
			parts[i] = "以上 " + b.Rate + "%"
			if b.UpToFen != nil {
				parts[i] = "≤ " + money.Fen(*b.UpToFen).Grouped() + " 元 " + b.Rate + "%"
			}
		}
		out["brackets"] = strings.Join(parts, "；")
	case KindFixed:
		out["fixed"] = v.Fixed
	}
	return out
}

// stateChanged records standard r's state change from state was (r is
// the row after it) inside tx.
func (s *Service) stateChanged(ctx context.Context, tx bun.IDB, r standardRow, was string) error {
	return standardTrail.Record(ctx, tx, r.ID, []audit.Change{standardTrail.Change("state", stateLabels[was], stateLabels[r.State])}, &r)
}

// trailLabels reads the labels of the trail's entry types and origins.
func (s *Service) trailLabels(ctx context.Context) (system.DictLabels, error) {
	return s.sys.DictLabels(ctx, audit.DictOrigin, audit.DictType)
}
