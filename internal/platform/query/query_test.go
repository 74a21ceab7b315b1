package query

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

var testSource = Source{Key: "t", Label: "测试", ID: "t.id", Order: "t.id", Columns: []string{"name"}, Fields: []Field{
	{Key: "name", Label: "姓名", Kind: Text, Expr: "t.name"},
	{Key: "gender", Label: "性别", Kind: Dict, Dict: "XB", Expr: "t.gender"},
	{Key: "stage", Label: "阶段", Kind: Dict, Expr: "t.stage", Options: []Option{{Value: "a", Label: "甲"}}},
	{Key: "born", Label: "出生日期", Kind: Date, Expr: "t.born"},
	{Key: "age", Label: "年龄", Kind: Age, Expr: "t.born"},
	{Key: "org", Label: "党组织", Kind: Org, Expr: "t.org_id"},
}}

func testEnv() Env {
	return Env{Today: "2026-03-01", Known: func(dict, v string) bool { return dict == "XB" && (v == "1" || v == "2") },
		Subtree: func(_ context.Context, id int64) (*bun.SelectQuery, error) {
			return nil, httpx.NotFound("党组织不存在")
		}}
}

func one(c Condition) Filter { return Filter{Groups: []Group{{Conditions: []Condition{c}}}} }

func TestValidateRefusesWhatTheAllowlistLacks(t *testing.T) {
	t.Parallel()
	cases := map[string]Condition{
		"不支持的查询字段":              {Field: "id_number", Op: OpEq, Values: []string{"1"}},
		"不支持的比较方式「contains」":    {Field: "gender", Op: OpContains, Values: []string{"1"}},
		"「3」不是字典中的取值":           {Field: "gender", Op: OpIn, Values: []string{"1", "3"}},
		"「b」不是字典中的取值":           {Field: "stage", Op: OpEq, Values: []string{"b"}},
		"介于需要 2 个取值":            {Field: "born", Op: OpBetween, Values: []string{"2000-01-01"}},
		"「2000-13-01」不是日期":      {Field: "born", Op: OpGt, Values: []string{"2000-13-01"}},
		"「151」不是 0 到 150 之间的整数": {Field: "age", Op: OpGte, Values: []string{"151"}},
		"为空需要 0 个取值":            {Field: "name", Op: OpEmpty, Values: []string{"x"}},
		"请至少选择一个取值":             {Field: "name", Op: OpIn, Values: []string{}},
		"请选择党组织":                {Field: "org", Op: OpSubtree, Values: []string{"x"}},
	}
	for want, c := range cases {
		err := Validate(context.Background(), &testSource, one(c), testEnv())
		var he *httpx.Error
		if !errors.As(err, &he) || he.Status != http.StatusBadRequest || he.Field != "filter" || !strings.Contains(he.Message, want) {
			t.Errorf("%+v: %v, want a 400 saying %s", c, err, want)
		}
	}
	// An organisation outside the scope keeps the environment's 404.
	err := Validate(context.Background(), &testSource, one(Condition{Field: "org", Op: OpEq, Values: []string{"5"}}), testEnv())
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != http.StatusNotFound {
		t.Errorf("org out of scope: %v", err)
	}
	many := Filter{Groups: []Group{{}}}
	for range MaxConditions + 1 {
		many.Groups[0].Conditions = append(many.Groups[0].Conditions, Condition{Field: "name", Op: OpEq, Values: []string{"x"}})
	}
	if err := Validate(context.Background(), &testSource, many, testEnv()); err == nil {
		t.Error("31 conditions accepted")
	}
	if _, err := Columns(&testSource, []string{"name", "secret"}); err == nil {
		t.Error("a column outside the source accepted")
	}
}

func TestAgeIsARangeOfBirthDates(t *testing.T) {
	t.Parallel()
	today := date.Date("2026-03-01")
	cases := map[string]string{
		OpGte: "t.born <= 1996-03-01", OpGt: "t.born <= 1995-03-01", OpLt: "t.born > 1996-03-01", OpLte: "t.born > 1995-03-01",
		OpEq: "t.born <= 1996-03-01 AND t.born > 1995-03-01",
	}
	for op, want := range cases {
		c, err := ageClause("t.born", Condition{Field: "age", Op: op, Values: []string{"30"}}, today)
		if err != nil {
			t.Fatal(err)
		}
		got := c.sql
		for _, a := range c.args {
			got = strings.Replace(got, "?", string(a.(date.Date)), 1)
		}
		if got != want {
			t.Errorf("age %s 30: %s, want %s", op, got, want)
		}
	}
	// A value is bound, never written into the SQL text.
	c, err := textClause("t.name", Condition{Op: OpContains, Values: []string{"' OR 1=1 --%"}})
	if err != nil || strings.Contains(c.sql, "OR 1=1") || c.args[0] != `%' OR 1=1 --\%%` {
		t.Errorf("contains: %q %v %v", c.sql, c.args, err)
	}
}
