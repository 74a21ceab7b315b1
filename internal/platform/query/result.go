package query

import (
	"fmt"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// Columns is the fields of keys, in order (src.Columns when none is
// given): a key outside the source is a 400.
func Columns(src *Source, keys []string) ([]*Field, error) {
	if len(keys) == 0 {
		keys = src.Columns
	}
	if len(keys) > len(src.Fields) {
		return nil, httpx.Invalid("columns", "显示列过多")
	}
	seen := map[string]bool{}
	out := make([]*Field, 0, len(keys))
	for _, k := range keys {
		f := src.Field(k)
		if f == nil {
			return nil, httpx.Invalid("columns", "不支持的显示列：%s", clip(k))
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out, nil
}

// Select adds the row id (as id) and the columns (as c0, c1 …, what Cells
// reads) to q.
func Select(q *bun.SelectQuery, src *Source, cols []*Field) *bun.SelectQuery {
	q = q.ColumnExpr(src.ID + " AS id")
	for i, f := range cols {
		e := f.Expr
		if f.Show != "" {
			e = f.Show
		}
		q = q.ColumnExpr(e + " AS " + alias(i))
	}
	return q
}

func alias(i int) string { return "c" + strconv.Itoa(i) }

// Order sorts q by field key (the source's order when "" ), ascending or
// descending, then by the row id: an unknown or organisation key is a 400.
func Order(q *bun.SelectQuery, src *Source, key string, desc bool) (*bun.SelectQuery, error) {
	dir := " ASC"
	if desc {
		dir = " DESC"
	}
	if key == "" {
		return q.OrderExpr(src.Order).OrderExpr(src.ID), nil
	}
	f := src.Field(key)
	if f == nil {
		return nil, httpx.Invalid("sort", "不支持的排序字段：%s", clip(key))
	}
	e := f.Expr
	if f.Show != "" {
		e = f.Show
	}
	if f.Kind == Age { // older first when ascending by age is descending by birth date
		if desc {
			dir = " ASC"
		} else {
			dir = " DESC"
		}
	}
	return q.OrderExpr(e + dir).OrderExpr(src.ID), nil
}

// Labeler names a dictionary value (system.DictLabels.Label).
type Labeler func(dict, value string) string

// Cells turns a row scanned into a map (by Select's aliases) into the
// texts shown, by column key: dictionary codes as their labels, dates as
// 2006-01-02, ages in years as of today.
func Cells(row map[string]any, cols []*Field, label Labeler, today date.Date) map[string]string {
	out := make(map[string]string, len(cols))
	for i, f := range cols {
		v := text(row[alias(i)])
		switch f.Kind {
		case Dict:
			v = f.label(v, label)
		case Date:
			v = dateText(v)
		case Age:
			if d := date.Date(dateText(v)); !d.IsZero() {
				v = strconv.Itoa(d.AgeOn(today))
			}
		}
		out[f.Key] = v
	}
	return out
}

// ID reads the row id Select added.
func ID(row map[string]any) int64 {
	n, _ := strconv.ParseInt(text(row["id"]), 10, 64)
	return n
}

// dateText is the day of a date column as either database returns it (a
// time from PostgreSQL, a text from SQLite).
func dateText(v string) string {
	if len(v) > len(date.Layout) {
		return v[:len(date.Layout)]
	}
	return v
}

func text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case []byte:
		return string(x)
	case time.Time:
		return string(date.Of(x))
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	default:
		return fmt.Sprint(x)
	}
}
