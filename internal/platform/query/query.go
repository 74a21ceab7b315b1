// Package query is the kit of allowlisted queries (综合查询): a domain
// declares a Source — the select of its records, its scope rule, and the
// fields a caller may filter, sort and show, each with its Chinese label,
// its kind and the SQL expression the server writes — and a caller sends a
// Filter (groups of conditions {field, op, values}) that Apply validates
// against the source and turns into WHERE clauses whose every value is a
// bound argument. Nothing the client sends becomes SQL text: a field is
// looked up by key, an operator picks one of the server's templates, and
// the values travel as arguments. Design: docs/stats.md (综合查询).
package query

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// Kind is a field's kind: it decides the operators and how values read.
type Kind string

// The kinds of fields.
const (
	Text   Kind = "text"
	Dict   Kind = "dict"   // a dictionary code (Field.Dict names the dictionary)
	Date   Kind = "date"   // a date column ("2006-01-02")
	Number Kind = "number" // a number column
	Age    Kind = "age"    // whole years from a date column (Expr, a birth date) to today
	Org    Kind = "org"    // an organisation id column (Field.Show its name)
)

// Kinds lists the kinds (the web's union).
var Kinds = []Kind{Text, Dict, Date, Number, Age, Org}

// The operators. Values: one for eq, ne, contains, startsWith, gt, gte, lt,
// lte, beforeYears, withinYears, subtree; two for between; one or more for
// in; none for empty and notEmpty.
const (
	OpEq          = "eq"
	OpNe          = "ne"
	OpIn          = "in"
	OpContains    = "contains"
	OpStartsWith  = "startsWith"
	OpGt          = "gt"
	OpGte         = "gte"
	OpLt          = "lt"
	OpLte         = "lte"
	OpBetween     = "between"
	OpEmpty       = "empty"
	OpNotEmpty    = "notEmpty"
	OpBeforeYears = "beforeYears" // a date before today minus N years
	OpWithinYears = "withinYears" // a date on or after today minus N years
	OpSubtree     = "subtree"     // the organisation or one below it
)

// Op is an operator as the page offers it.
type Op struct {
	Op    string `json:"op"`
	Label string `json:"label"`
}

var opLabels = map[string]string{OpEq: "等于", OpNe: "不等于", OpIn: "属于", OpContains: "包含", OpStartsWith: "开头是",
	OpGt: "大于", OpGte: "大于等于", OpLt: "小于", OpLte: "小于等于", OpBetween: "介于", OpEmpty: "为空", OpNotEmpty: "不为空",
	OpBeforeYears: "早于今天前N年", OpWithinYears: "在今天前N年以来", OpSubtree: "属于（含下级）"}

var kindOps = map[Kind][]string{
	Text:   {OpEq, OpNe, OpContains, OpStartsWith, OpIn, OpEmpty, OpNotEmpty},
	Dict:   {OpEq, OpNe, OpIn, OpEmpty, OpNotEmpty},
	Date:   {OpEq, OpGt, OpGte, OpLt, OpLte, OpBetween, OpBeforeYears, OpWithinYears, OpEmpty, OpNotEmpty},
	Number: {OpEq, OpNe, OpGt, OpGte, OpLt, OpLte, OpBetween, OpEmpty, OpNotEmpty},
	Age:    {OpEq, OpGt, OpGte, OpLt, OpLte, OpBetween, OpEmpty, OpNotEmpty},
	Org:    {OpSubtree, OpEq},
}

// OpsOf is the operators of kind, in the order the page lists them.
func OpsOf(k Kind) []Op {
	out := make([]Op, 0, len(kindOps[k]))
	for _, o := range kindOps[k] {
		out = append(out, Op{Op: o, Label: opLabels[o]})
	}
	return out
}

// Field is a field of a source. Expr is SQL written by the server over the
// source's aliases (never by a client); Show, when set, is what a result
// shows in place of Expr (an organisation's name for its id).
type Field struct {
	Key   string
	Label string
	Kind  Kind
	Dict  string // the dictionary of a Dict field
	// Options are the values of a Dict field without a dictionary (a
	// status the domain names in code).
	Options []Option
	Expr    string
	Show    string
	// Join is the join Expr reads beyond Source.Counted's tables (From
	// has it too): a count adds it only when a condition reads the field
	// (CountedFor).
	Join string
}

// Option is a value of a Dict field with Options, and its label.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// known tells whether v is a value of dictionary field f.
func (f *Field) known(v string, env Env) bool {
	if f.Dict == "" {
		for _, o := range f.Options {
			if o.Value == v {
				return true
			}
		}
		return false
	}
	return env.Known != nil && env.Known(f.Dict, v)
}

// label is v's label for dictionary field f.
func (f *Field) label(v string, l Labeler) string {
	if f.Dict == "" {
		for _, o := range f.Options {
			if o.Value == v {
				return o.Label
			}
		}
		return v
	}
	return l(f.Dict, v)
}

// Source is what a domain offers the comprehensive query: the select of
// its records (From, with the aliases the fields name), the caller's scope
// over it (the domain's own rule), the row id, the default order and
// columns, and the fields.
type Source struct {
	Key   string
	Label string
	From  func(idb bun.IDB) *bun.SelectQuery
	// Counted is From for the count, when some of From's joins only name
	// things (they never drop a row, as a join on a NOT NULL foreign key,
	// or a left join on a key): it leaves them out, and a field whose
	// condition reads one declares it (Field.Join). nil: the count reads
	// From.
	Counted func(idb bun.IDB) *bun.SelectQuery
	Scope   record.Restriction
	// ScopeFrom, when set, is the Restriction of From in place of Scope:
	// the same rows, written over From's joins as well (Counted may lack
	// them), so that a planner walking a joined table in the default order
	// reads only the scope's part of it (org.Service.ScopedJoined).
	ScopeFrom record.Restriction
	ID        string // the row id expression
	Order     string // the default order (ID follows it)
	Columns   []string
	Fields    []Field
}

// CountedFor is the select a count of f's rows reads (before the scope
// and f): Counted with the joins of the fields f's conditions read, or From
// when the source has no Counted. A join the count does not need costs on
// PostgreSQL 15 even when the planner removes it: the column it joined on
// still counts as read, so the count cannot be answered from an index alone
// (docs/performance.md, issue 30).
func CountedFor(idb bun.IDB, src *Source, f Filter) *bun.SelectQuery {
	if src.Counted == nil {
		return src.From(idb)
	}
	q := src.Counted(idb)
	joined := map[string]bool{}
	for _, g := range f.Groups {
		for _, c := range g.Conditions {
			if fl := src.Field(c.Field); fl != nil && fl.Join != "" && !joined[fl.Join] {
				joined[fl.Join] = true
				q = q.Join(fl.Join)
			}
		}
	}
	return q
}

// Field is the field of key (nil when the source has none).
func (s *Source) Field(key string) *Field {
	for i := range s.Fields {
		if s.Fields[i].Key == key {
			return &s.Fields[i]
		}
	}
	return nil
}

// Condition is one test of a field.
type Condition struct {
	Field  string   `json:"field"`
	Op     string   `json:"op"`
	Values []string `json:"values"`
}

// Group is conditions joined by Logic ("and" or "or").
type Group struct {
	Logic      string      `json:"logic"`
	Conditions []Condition `json:"conditions"`
}

// Filter is groups joined by Logic ("and" or "or"): two levels, enough for
// "(A and B) or (C and D)".
type Filter struct {
	Logic  string  `json:"logic"`
	Groups []Group `json:"groups"`
}

// Limits of a filter, so that no request builds an unbounded query.
const (
	MaxConditions = 30
	MaxValues     = 50
	MaxTextLen    = 100
	maxYears      = 150
)

// Env is what validating a filter needs of the caller's world: today, the
// dictionaries (Known tells whether value is an item of dict) and the
// organisation subtrees (Subtree is the sub-query of the ids of id's
// subtree, or an error — 404 — when id is missing or outside the scope).
type Env struct {
	Today   date.Date
	Known   func(dict, value string) bool
	Subtree func(ctx context.Context, id int64) (*bun.SelectQuery, error)
}

// clause is one condition as SQL with its arguments.
type clause struct {
	sql  string
	args []any
}

// Apply validates f against src and adds it to q (ANDed with what q has).
// A field, an operator or a value outside the allowlist is a 400 naming
// the condition (第1组第2个条件（性别）…); nothing is added then.
func Apply(ctx context.Context, q *bun.SelectQuery, src *Source, f Filter, env Env) (*bun.SelectQuery, error) {
	groups, err := build(ctx, src, f, env)
	if err != nil || len(groups) == 0 {
		return q, err
	}
	outer := logicSep(f.Logic)
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		for i, grp := range groups {
			sep := outer
			if i == 0 {
				sep = " AND "
			}
			g = g.WhereGroup(sep, func(gg *bun.SelectQuery) *bun.SelectQuery {
				for j, c := range grp.clauses {
					if j > 0 && grp.or {
						gg = gg.WhereOr(c.sql, c.args...)
					} else {
						gg = gg.Where(c.sql, c.args...)
					}
				}
				return gg
			})
		}
		return g
	}), nil
}

type builtGroup struct {
	or      bool
	clauses []clause
}

func logicSep(l string) string {
	if l == "or" {
		return " OR "
	}
	return " AND "
}

func validLogic(l string) bool { return l == "" || l == "and" || l == "or" }

// Validate checks f against src without a query (a saved query's check).
func Validate(ctx context.Context, src *Source, f Filter, env Env) error {
	_, err := build(ctx, src, f, env)
	return err
}

func build(ctx context.Context, src *Source, f Filter, env Env) ([]builtGroup, error) {
	if !validLogic(f.Logic) {
		return nil, httpx.Invalid("filter", "条件组之间只能是「并且」或「或者」")
	}
	n := 0
	for _, g := range f.Groups {
		n += len(g.Conditions)
	}
	if n > MaxConditions {
		return nil, httpx.Invalid("filter", "条件最多 %d 个，现有 %d 个", MaxConditions, n)
	}
	var out []builtGroup
	for gi, g := range f.Groups {
		if !validLogic(g.Logic) {
			return nil, httpx.Invalid("filter", "第%d组：条件之间只能是「并且」或「或者」", gi+1)
		}
		bg := builtGroup{or: g.Logic == "or"}
		for ci, c := range g.Conditions {
			cl, err := condition(ctx, src, c, env)
			var refused *httpx.Error
			if errors.As(err, &refused) {
				return nil, err // an organisation outside the scope: 404 as for a missing one
			} else if err != nil {
				name := c.Field
				if fl := src.Field(c.Field); fl != nil {
					name = fl.Label
				}
				return nil, httpx.Invalid("filter", "第%d组第%d个条件（%s）：%s", gi+1, ci+1, name, err.Error())
			}
			bg.clauses = append(bg.clauses, cl)
		}
		if len(bg.clauses) > 0 {
			out = append(out, bg)
		}
	}
	return out, nil
}

// problem is a condition's fault, said in Chinese (build names the condition).
type problem string

func (p problem) Error() string { return string(p) }

func fail(format string, args ...any) error { return problem(fmt.Sprintf(format, args...)) }

func condition(ctx context.Context, src *Source, c Condition, env Env) (clause, error) {
	f := src.Field(c.Field)
	if f == nil {
		return clause{}, fail("不支持的查询字段")
	}
	allowed := false
	for _, o := range kindOps[f.Kind] {
		allowed = allowed || o == c.Op
	}
	if !allowed {
		return clause{}, fail("不支持的比较方式「%s」", c.Op)
	}
	if len(c.Values) > MaxValues {
		return clause{}, fail("取值最多 %d 个", MaxValues)
	}
	want := map[string]int{OpEmpty: 0, OpNotEmpty: 0, OpBetween: 2}
	if n, ok := want[c.Op]; ok && len(c.Values) != n {
		return clause{}, fail("%s需要 %d 个取值", opLabels[c.Op], n)
	} else if !ok && c.Op != OpIn && len(c.Values) != 1 {
		return clause{}, fail("请填写一个取值")
	} else if c.Op == OpIn && len(c.Values) == 0 {
		return clause{}, fail("请至少选择一个取值")
	}
	e := f.Expr
	switch c.Op {
	case OpEmpty:
		if f.Kind == Text || f.Kind == Dict {
			return clause{sql: "(" + e + " IS NULL OR " + e + " = '')"}, nil
		}
		return clause{sql: e + " IS NULL"}, nil
	case OpNotEmpty:
		if f.Kind == Text || f.Kind == Dict {
			return clause{sql: "(" + e + " IS NOT NULL AND " + e + " <> '')"}, nil
		}
		return clause{sql: e + " IS NOT NULL"}, nil
	}
	switch f.Kind {
	case Text:
		return textClause(e, c)
	case Dict:
		for _, v := range c.Values {
			if !f.known(v, env) {
				return clause{}, fail("「%s」不是字典中的取值", clip(v))
			}
		}
		return valueClause(e, c.Op, anys(c.Values))
	case Date:
		return dateClause(e, c, env.Today)
	case Number:
		vals := make([]any, len(c.Values))
		for i, v := range c.Values {
			x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				return clause{}, fail("「%s」不是数字", clip(v))
			}
			vals[i] = x
		}
		return valueClause(e, c.Op, vals)
	case Age:
		return ageClause(e, c, env.Today)
	case Org:
		id, err := strconv.ParseInt(strings.TrimSpace(c.Values[0]), 10, 64)
		if err != nil || id <= 0 {
			return clause{}, fail("请选择党组织")
		}
		if c.Op == OpEq {
			// Still the scope's: an organisation outside it is refused alike.
			if _, err := env.Subtree(ctx, id); err != nil {
				return clause{}, err
			}
			return clause{sql: e + " = ?", args: []any{id}}, nil
		}
		sub, err := env.Subtree(ctx, id)
		if err != nil {
			return clause{}, err
		}
		return clause{sql: e + " IN (?)", args: []any{sub}}, nil
	}
	return clause{}, fail("不支持的查询字段")
}

func anys(vs []string) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}

// clip shortens a value quoted in a message.
func clip(v string) string {
	if r := []rune(v); len(r) > 20 {
		return string(r[:20]) + "…"
	}
	return v
}

func textClause(e string, c Condition) (clause, error) {
	for _, v := range c.Values {
		if len([]rune(v)) > MaxTextLen {
			return clause{}, fail("取值不能超过 %d 个字", MaxTextLen)
		}
	}
	switch c.Op {
	case OpContains:
		return clause{sql: e + ` LIKE ? ESCAPE '\'`, args: []any{"%" + escapeLike(c.Values[0]) + "%"}}, nil
	case OpStartsWith:
		return clause{sql: e + ` LIKE ? ESCAPE '\'`, args: []any{escapeLike(c.Values[0]) + "%"}}, nil
	}
	return valueClause(e, c.Op, anys(c.Values))
}

// escapeLike makes a text match itself in a LIKE pattern.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// valueClause is eq, ne, in and the comparisons over values already read.
func valueClause(e, op string, vals []any) (clause, error) {
	switch op {
	case OpEq:
		return clause{sql: e + " = ?", args: vals}, nil
	case OpNe:
		// A record without the field differs from the value too.
		return clause{sql: "(" + e + " IS NULL OR " + e + " <> ?)", args: vals}, nil
	case OpIn:
		return clause{sql: e + " IN (?)", args: []any{bun.In(vals)}}, nil
	case OpGt:
		return clause{sql: e + " > ?", args: vals}, nil
	case OpGte:
		return clause{sql: e + " >= ?", args: vals}, nil
	case OpLt:
		return clause{sql: e + " < ?", args: vals}, nil
	case OpLte:
		return clause{sql: e + " <= ?", args: vals}, nil
	case OpBetween:
		return clause{sql: e + " BETWEEN ? AND ?", args: vals}, nil
	}
	return clause{}, fail("不支持的比较方式「%s」", op)
}

func years(v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 || n > maxYears {
		return 0, fail("「%s」不是 0 到 %d 之间的整数", clip(v), maxYears)
	}
	return n, nil
}

func dateClause(e string, c Condition, today date.Date) (clause, error) {
	if c.Op == OpBeforeYears || c.Op == OpWithinYears {
		n, err := years(c.Values[0])
		if err != nil {
			return clause{}, err
		}
		day := today.AddYears(-n)
		if c.Op == OpBeforeYears {
			return clause{sql: e + " < ?", args: []any{day}}, nil
		}
		return clause{sql: e + " >= ?", args: []any{day}}, nil
	}
	vals := make([]any, len(c.Values))
	for i, v := range c.Values {
		d, ok := date.Parse(v)
		if !ok || d.IsZero() {
			return clause{}, fail("「%s」不是日期（如 2020-01-31）", clip(v))
		}
		vals[i] = d
	}
	return valueClause(e, c.Op, vals)
}

// ageClause turns an age test into a test of the birth date e, which an
// index serves: age ≥ N is born on or before today minus N years.
func ageClause(e string, c Condition, today date.Date) (clause, error) {
	ns := make([]int, len(c.Values))
	for i, v := range c.Values {
		n, err := years(v)
		if err != nil {
			return clause{}, err
		}
		ns[i] = n
	}
	atLeast := func(n int) clause { return clause{sql: e + " <= ?", args: []any{today.AddYears(-n)}} }
	atMost := func(n int) clause { return clause{sql: e + " > ?", args: []any{today.AddYears(-(n + 1))}} }
	both := func(lo, hi clause) clause {
		return clause{sql: lo.sql + " AND " + hi.sql, args: append(append([]any{}, lo.args...), hi.args...)}
	}
	switch c.Op {
	case OpEq:
		return both(atLeast(ns[0]), atMost(ns[0])), nil
	case OpGt:
		return atLeast(ns[0] + 1), nil
	case OpGte:
		return atLeast(ns[0]), nil
	case OpLt:
		if ns[0] == 0 {
			return clause{sql: "1 = 0"}, nil
		}
		return atMost(ns[0] - 1), nil
	case OpLte:
		return atMost(ns[0]), nil
	case OpBetween:
		return both(atLeast(ns[0]), atMost(ns[1])), nil
	}
	return clause{}, fail("不支持的比较方式「%s」", c.Op)
}
