// Package annual is 党内统计: the tables the organisation department files
// every year (RULES.md §6), counted from the members' versions as they
// stood at the end of the reporting date (member.SelectStatesBefore), per
// organisation line and in total, each total checked against its lines.
// A table is a declaration (Table): its columns' conditions over the
// counted rows; counting, the checks, the page and the workbook are the
// package's. Design: docs/stats.md, 党内统计.
package annual

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
)

// Column is a column of a table: a leaf counts the rows its condition
// holds for (When "" counts every row); a group heads its Children.
type Column struct {
	Key      string   `json:"key"`
	Title    string   `json:"title"`
	Children []Column `json:"children,omitempty"`
	When     string   `json:"-"`
	Args     []any    `json:"-"`
}

// Sum is an in-table check of the 填报说明: the leaf Total equals the sum
// of the leaves Parts less the leaves Minus (every member has one age band,
// one education group …; the year's end is its start, plus the increase,
// less the decrease).
type Sum struct {
	Name  string
	Total string
	Parts []string
	Minus []string
}

// Table declares a table of the statistics: its columns as of a date
// (ages are counted at the date) and the checks among them.
type Table struct {
	Key   string
	Title string
	Unit  string // 单位：名, 个
	Note  string // how the table counts, under its head
	// Source is the rows counted, of the caller's whole store, with a
	// column org_id: the reporting date's versions of the members …
	Source func(idb bun.IDB, c Context) *bun.SelectQuery
	// Weight, when set, is the column of Source's rows telling how many
	// each stands for: a source that counts in SQL first (a row per
	// organisation and kind) instead of giving a row per member.
	Weight string
	// Columns are the table's columns, their conditions over Source's columns (alias x).
	Columns func(c Context) []Column
	Sums    func(c Context) []Sum
	// Own, when set, is the condition over Source's rows (alias x) of those
	// under no line by their nature at the lines' level (the filing
	// committee itself in a table of organisations): they make the table's
	// 本级 row, not a failed check.
	Own func(level org.Level) (string, []any)
	// Period tells that the table counts the events of the reporting
	// period (From to Date), not a state at Date: its head says 报告期.
	Period bool
}

// Context is what a table is counted for: the reporting date, the
// reporting period's first day (1 January of the date's year: the tables of
// changes — developed, made full, transferred — count the events from From
// to Date, both included), and the department's mapping of the school's
// person categories onto the 中组部 occupation groups.
type Context struct {
	Date       date.Date
	From       date.Date
	Occupation map[string]string // 人员类别 → occupation group key
}

// PeriodStart is the first day of the reporting period of day: 1 January
// of its year (the statistics year is the calendar year).
func PeriodStart(day date.Date) date.Date {
	return date.Of(time.Date(day.Time().Year(), 1, 1, 0, 0, 0, 0, time.UTC))
}

// leaves is the table's counted columns in order.
func leaves(cols []Column) []Column {
	var out []Column
	for _, c := range cols {
		if len(c.Children) > 0 {
			out = append(out, leaves(c.Children)...)
		} else {
			out = append(out, c)
		}
	}
	return out
}

// leafKeys is the keys of cols's leaves.
func leafKeys(cols []Column) []string {
	var out []string
	for _, c := range cols {
		out = append(out, c.Key)
	}
	return out
}

// Tables are the tables of the statistics, in the order filed.
var Tables = []*Table{
	&MemberBasics,
	&OrgBasics,
	&MemberChanges,
	&ProbationDecisions,
	&Developed,
	&DevelopedByOccupation,
	&Applicants,
}

// tableOf is the table of key, or nil.
func tableOf(key string) *Table {
	for _, t := range Tables {
		if t.Key == key {
			return t
		}
	}
	return nil
}
