package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/search"
	"zhdj/internal/platform/zh"
)

// Paging limits.
const (
	DefaultPageSize = 10
	MaxPageSize     = 10000 // dictionary pickers ask for 9999
)

// Page is a parsed page request: 0-based page, size and the requested sorts.
type Page struct {
	Page  int
	Size  int
	Sorts []string // "field,asc" as sent
}

// Offset of the first row.
func (p Page) Offset() int { return p.Page * p.Size }

// PageResult is the list answer of every paged endpoint.
type PageResult[T any] struct {
	Content       []T `json:"content"`
	TotalElements int `json:"totalElements"`
	// TotalElementsCapped: more rows match than the count cap, which
	// TotalElements then is ("≥ N" in the pager).
	TotalElementsCapped bool `json:"totalElementsCapped,omitempty"`
}

// NewPage makes a PageResult whose content is never JSON null.
func NewPage[T any](content []T, total int) PageResult[T] {
	if content == nil {
		content = []T{}
	}
	return PageResult[T]{Content: content, TotalElements: total}
}

// WithContent is page p holding content instead (its rows turned into
// views), with p's total.
func WithContent[T, U any](p PageResult[T], content []U) PageResult[U] {
	out := NewPage(content, p.TotalElements)
	out.TotalElementsCapped = p.TotalElementsCapped
	return out
}

// Count is a list's total: exact up to the count cap, else the cap and Capped.
type Count struct {
	N      int
	Capped bool
}

// NewCountedPage makes a PageResult of a Count (PagedInto's).
func NewCountedPage[T any](content []T, c Count) PageResult[T] {
	p := NewPage(content, c.N)
	p.TotalElementsCapped = c.Capped
	return p
}

// DefaultCountCap is the count cap when the server sets none: counting more
// matches than this costs more than "≥ 100,000" is worth to a reader.
const DefaultCountCap = 100_000

type countCapKey struct{}

// WithCountCap sets the count cap of the lists run under ctx (the server's
// setting ZHDJ_LIST_COUNT_CAP, put into every request's context).
func WithCountCap(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, countCapKey{}, n)
}

// CountCap is the count cap under ctx.
func CountCap(ctx context.Context) int {
	if n, ok := ctx.Value(countCapKey{}).(int); ok && n > 0 {
		return n
	}
	return DefaultCountCap
}

// ParsePage reads page, size and sort from the query string. A page beyond
// MaxOffset rows and more than MaxSorts sort terms are a 400.
func ParsePage(q url.Values) (Page, error) {
	p := Page{Size: DefaultPageSize, Sorts: q["sort"]}
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return p, BadRequest("页码参数错误")
		}
		p.Page = n
	}
	if v := q.Get("size"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxPageSize {
			return p, BadRequest("每页条数应在 1 到 %d 之间", MaxPageSize)
		}
		p.Size = n
	}
	// Compared by division, so that a huge page cannot overflow page × size.
	if p.Page > MaxOffset/p.Size {
		return p, BadRequest("页码超出范围")
	}
	terms := 0
	for _, s := range p.Sorts {
		terms += len(splitSorts(s))
	}
	if terms > MaxSorts {
		return p, BadRequest("排序字段最多 %d 个", MaxSorts)
	}
	return p, nil
}

// ListQuery is what a list is asked for: the page, the sorts and the
// filters. Services take a ListQuery, never the *http.Request, so that
// exports, statistics and jobs run the same lists; the caller's data scope
// travels in the context (rbac.Memo).
type ListQuery struct {
	Page
	Filters map[string]any
}

// ReadListQuery reads page, size and sort from the query string, and the
// filters from the query string (GET) or the JSON body (POST lists).
// options names query parameters that are not filters but options of the
// endpoint (an export's unmask=true): they are left out of Filters, and the
// handler reads them itself.
func ReadListQuery(r *http.Request, options ...string) (ListQuery, error) {
	return readListQuery(r, r.URL.Query(), options)
}

func readListQuery(r *http.Request, query url.Values, options []string) (ListQuery, error) {
	p, err := ParsePage(query)
	if err != nil {
		return ListQuery{}, err
	}
	lq := ListQuery{Page: p}
	if r.Method == http.MethodPost {
		lq.Filters, err = BodyFilters(r)
	} else {
		lq.Filters = QueryFilters(query)
		for _, o := range options {
			delete(lq.Filters, o)
		}
	}
	return lq, err
}

// WithDefault returns lq with the filter name set to value when the request
// left it out (a picker lists live records unless asked otherwise). A filter
// sent empty stays empty: a search form's cleared field means "any".
func (lq ListQuery) WithDefault(name string, value any) ListQuery {
	if _, ok := lq.Filters[name]; ok {
		return lq
	}
	return lq.WithFilter(name, value)
}

// WithFilter returns lq with the filter name set to value; lq's own filter
// map is not changed.
func (lq ListQuery) WithFilter(name string, value any) ListQuery {
	filters := make(map[string]any, len(lq.Filters)+1)
	for k, v := range lq.Filters {
		filters[k] = v
	}
	filters[name] = value
	lq.Filters = filters
	return lq
}

// Filter returns the filter value name as text ("" when absent or empty).
func (lq ListQuery) Filter(name string) string {
	v, ok := lq.Filters[name]
	if !ok || isEmpty(v) {
		return ""
	}
	return strings.TrimSpace(fmt.Sprint(v))
}

// Paged runs a list query: filters, sort, count and one page, all in SQL.
// A zero Size reads every row (exports stream their own way; this is for
// bounded lists).
func Paged[T any](ctx context.Context, q *bun.SelectQuery, spec ListSpec, lq ListQuery) (PageResult[T], error) {
	var rows []T
	total, err := PagedInto(ctx, q, spec, lq, &rows)
	if err != nil {
		return PageResult[T]{}, err
	}
	return NewCountedPage(rows, total), nil
}

// PagedEach is Paged with each row of the page passed to each (its labels
// set from its codes, read once before the query).
func PagedEach[T any](ctx context.Context, q *bun.SelectQuery, spec ListSpec, lq ListQuery, each func(*T)) (PageResult[T], error) {
	page, err := Paged[T](ctx, q, spec, lq)
	if err != nil {
		return page, err
	}
	for i := range page.Content {
		each(&page.Content[i])
	}
	return page, nil
}

// PagedInto is Paged scanning into dest (a slice of a model or of a view).
// The page and the count run at once on two connections; the count stops at
// the count cap (CountCap). Lists read outside transactions: the count runs
// on q's database, not on a transaction q may be bound to.
func PagedInto[T any](ctx context.Context, q *bun.SelectQuery, spec ListSpec, lq ListQuery, dest *[]T) (Count, error) {
	filtered, err := spec.Apply(q, lq.Filters)
	if err != nil {
		return Count{}, err
	}
	counter := filtered.Clone()
	page, err := spec.Order(filtered, lq.Sorts)
	if err != nil {
		return Count{}, err
	}
	if lq.Size > 0 {
		page = page.Limit(int64(lq.Size)).Offset(int64(lq.Offset()))
	} else {
		// Every row is read: their number is the count.
		if err := page.Scan(ctx, dest); err != nil {
			return Count{}, Internal(err)
		}
		return Count{N: len(*dest)}, nil
	}
	var total Count
	var countErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		if spec.Total != nil && !spec.Narrows(lq.Filters) {
			n, err := spec.Total(ctx)
			total, countErr = capped(n, CountCap(ctx)), err
			return
		}
		total, countErr = CountUpTo(ctx, counter, CountCap(ctx))
	}()
	scanErr := page.Scan(ctx, dest)
	<-done
	if scanErr != nil {
		return Count{}, Internal(scanErr)
	}
	if countErr != nil {
		return Count{}, Internal(countErr)
	}
	return total, nil
}

// capped is a known total under the count cap, as CountUpTo answers it.
func capped(n, limit int) Count {
	if n > limit {
		return Count{N: limit, Capped: true}
	}
	return Count{N: n}
}

// CountUpTo counts the rows of q (its filters; no order), reading at most
// limit + 1 of them: past limit the answer is limit and Capped.
func CountUpTo(ctx context.Context, q *bun.SelectQuery, limit int) (Count, error) {
	sub := q.Clone()
	if sub.GetModel() != nil && sub.GetTableName() != "" {
		// The count needs no column: the database may then answer from an index.
		sub = sub.ExcludeColumn("*").ColumnExpr("1")
	}
	sub = sub.Limit(int64(limit) + 1)
	var n int
	if err := q.DB().NewSelect().ColumnExpr("COUNT(*)").TableExpr("(?) AS counted", sub).Scan(ctx, &n); err != nil {
		return Count{}, err
	}
	return capped(n, limit), nil
}

// Match says how a filter compares.
type Match int

const (
	Eq   Match = iota // column = value
	Like              // column LIKE %value% (over one or more columns, OR-ed)
	In                // column IN (values)
	Gte               // column >= value
	Lte               // column <= value
	Expr              // Columns[0] is a condition with one ? for the value (a sub-query)
	// Range is an inclusive range: filter x takes "from,to" (or a two-item
	// array), and also xFrom and xTo, one end each (what the web's range
	// search sends); either end open when empty: Columns[0] >= from AND
	// Columns[0] <= to. With Kind Date the ends are calendar dates; with Kind
	// Time a date-only "to" covers its whole day.
	Range
	// Text is Like served by the text-search indexes of Search (package
	// search): one of Columns contains the value, the same rows as Like,
	// without a scan. Each column lies in a table of Search.
	Text
)

// Kind is the type a filter value is parsed as.
type Kind int

const (
	String Kind = iota
	Int
	Bool
	Time // RFC 3339 or 2006-01-02 or 2006-01-02 15:04:05
	Date // a calendar date (date.Date), for DATE columns
)

// Filter declares one allowed filter field.
type Filter struct {
	Columns []string // SQL column expressions, written by us, never from input
	Match   Match
	Kind    Kind
	// Custom, when set, applies the filter itself: it gets the value parsed as
	// Kind (for In, a []any of parsed values) and returns the narrowed query.
	// For conditions no Match expresses (an organisation and its subtree, a
	// computed status) so that no list strips its filters by hand.
	Custom func(q *bun.SelectQuery, value any) (*bun.SelectQuery, error)
	// Search names the text-search indexes (and the aliases of their tables)
	// of a Text filter.
	Search []search.On
}

// ListSpec declares what a resource may be filtered and sorted by.
type ListSpec struct {
	Filters     map[string]Filter
	Sorts       map[string]string // api field -> column expression
	DefaultSort string            // SQL order expression, e.g. "u.id DESC"
	// Key is the unique column that ends every requested order, so rows with
	// equal sort values keep their place from page to page.
	Key string
	// Total, when set, is the number of rows of the list's query when no
	// filter narrows it, read instead of counted (a tally kept by triggers,
	// package tally). Set it only when the query has no condition beyond
	// the filters: the caller sees every row of the table.
	Total func(ctx context.Context) (int, error)
}

// Narrows tells whether any of filters would narrow the list (Apply skips
// the empty ones).
func (s ListSpec) Narrows(filters map[string]any) bool {
	for _, v := range filters {
		if !isEmpty(v) {
			return true
		}
	}
	return false
}

// reserved query parameters that are not filters.
var reserved = map[string]bool{"page": true, "size": true, "sort": true, "_t": true}

// QueryFilters turns the query string (minus paging) into filter values.
func QueryFilters(q url.Values) map[string]any {
	out := map[string]any{}
	for k, vs := range q {
		if reserved[k] || len(vs) == 0 {
			continue
		}
		if len(vs) == 1 {
			out[k] = vs[0]
		} else {
			arr := make([]any, len(vs))
			for i, v := range vs {
				arr[i] = v
			}
			out[k] = arr
		}
	}
	return out
}

// BodyFilters reads a JSON object of filters; an empty body means no filters.
func BodyFilters(r *http.Request) (map[string]any, error) {
	out := map[string]any{}
	if r.Body == nil || r.ContentLength == 0 {
		return out, nil
	}
	raw, err := readJSONBody(r)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return out, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		return nil, BadRequest("查询条件格式错误")
	}
	return out, nil
}

// Apply adds the filters (unknown fields are a 400) and the sort (fields not in
// the allowlist are a 400) to q. Empty filter values are ignored so that a
// search form can send every field.
func (s ListSpec) Apply(q *bun.SelectQuery, filters map[string]any) (*bun.SelectQuery, error) {
	names := make([]string, 0, len(filters))
	for name := range filters {
		names = append(names, name)
	}
	sort.Strings(names) // the same request always names the same bad field and builds the same SQL
	for _, name := range names {
		raw := filters[name]
		f, ok := s.Filters[name]
		if !ok {
			if f, raw, ok = s.rangeEnd(name, raw); !ok {
				return nil, BadRequest("不支持的查询条件：%s", name)
			}
		}
		if isEmpty(raw) {
			continue
		}
		var err error
		if q, err = f.apply(q, name, raw); err != nil {
			return nil, err
		}
	}
	return q, nil
}

// rangeEnd reads nameFrom / nameTo, the ends the web's range search sends,
// as one end of the Range filter name: ("x", "") and ("", "x").
func (s ListSpec) rangeEnd(name string, raw any) (Filter, any, bool) {
	for suffix, ends := range map[string]func(v string) []any{
		"From": func(v string) []any { return []any{v, ""} },
		"To":   func(v string) []any { return []any{"", v} },
	} {
		if base, ok := strings.CutSuffix(name, suffix); ok {
			if f, ok := s.Filters[base]; ok && f.Match == Range {
				if isEmpty(raw) {
					return f, raw, true
				}
				return f, ends(strings.TrimSpace(fmt.Sprint(raw))), true
			}
		}
	}
	return Filter{}, nil, false
}

// Query adds lq's filters and sorts to q, without paging: the query an
// export streams, the same as its list's.
func (s ListSpec) Query(q *bun.SelectQuery, lq ListQuery) (*bun.SelectQuery, error) {
	q, err := s.Apply(q, lq.Filters)
	if err != nil {
		return nil, err
	}
	return s.Order(q, lq.Sorts)
}

// Order adds the requested sorts (allowlisted) or the default order to q.
// A requested order ends with the spec's Key so that pages are stable (the
// default orders already end with the key). A Chinese name (zh.Name) sorts
// by pinyin on either database.
func (s ListSpec) Order(q *bun.SelectQuery, sorts []string) (*bun.SelectQuery, error) {
	postgres := q.Dialect().Name() == dialect.PG
	used := false
	for _, item := range sorts {
		for _, part := range splitSorts(item) {
			field, dir, _ := strings.Cut(part, ",")
			col, ok := s.Sorts[strings.TrimSpace(field)]
			if !ok {
				return nil, BadRequest("不支持的排序字段：%s", field)
			}
			col = zh.Resolve(col, postgres)
			switch strings.ToLower(strings.TrimSpace(dir)) {
			case "", "asc":
				q = q.OrderExpr(col + " ASC")
			case "desc":
				q = q.OrderExpr(col + " DESC")
			default:
				return nil, BadRequest("排序方向只能是 asc 或 desc")
			}
			used = true
		}
	}
	if !used && s.DefaultSort != "" {
		q = q.OrderExpr(zh.Resolve(s.DefaultSort, postgres))
	}
	if used && s.Key != "" {
		q = q.OrderExpr(s.Key + " ASC")
	}
	return q, nil
}

// splitSorts accepts "a,asc" and also "a,asc;b,desc" in one parameter.
func splitSorts(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ";") {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return out
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return strings.TrimSpace(x) == ""
	case []any:
		return len(x) == 0
	}
	return false
}

func (f Filter) apply(q *bun.SelectQuery, name string, raw any) (*bun.SelectQuery, error) {
	if f.Match == Range {
		return f.applyRange(q, name, raw)
	}
	if f.Match == In {
		list, ok := raw.([]any)
		if !ok {
			list = []any{raw}
		}
		if len(list) > MaxFilterValues {
			return nil, BadRequest("查询条件 %s 最多 %d 项", name, MaxFilterValues)
		}
		vals := make([]any, 0, len(list))
		for _, item := range list {
			v, err := f.parse(name, item)
			if err != nil {
				return nil, err
			}
			vals = append(vals, v)
		}
		if f.Custom != nil {
			return f.Custom(q, vals)
		}
		return q.Where("? IN (?)", bun.Safe(f.Columns[0]), bun.In(vals)), nil
	}
	v, err := f.parse(name, raw)
	if err != nil {
		return nil, err
	}
	if f.Custom != nil {
		return f.Custom(q, v)
	}
	switch f.Match {
	case Text:
		cond, args := search.Match(q.Dialect().Name() == dialect.PG, fmt.Sprint(v), f.Columns, f.Search...)
		return q.Where(cond, args...), nil
	case Like:
		pattern := "%" + EscapeLike(fmt.Sprint(v)) + "%"
		return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
			for _, c := range f.Columns {
				g = g.WhereOr("? LIKE ? ESCAPE '\\'", bun.Safe(c), pattern)
			}
			return g
		}), nil
	case Gte:
		return q.Where("? >= ?", bun.Safe(f.Columns[0]), v), nil
	case Lte:
		return q.Where("? <= ?", bun.Safe(f.Columns[0]), v), nil
	case Expr:
		return q.Where(f.Columns[0], v), nil
	default:
		return q.Where("? = ?", bun.Safe(f.Columns[0]), v), nil
	}
}

// parse converts a query-string or JSON value into the declared kind.
func (f Filter) parse(name string, raw any) (any, error) {
	s := strings.TrimSpace(fmt.Sprint(raw))
	switch f.Kind {
	case Int:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, BadRequest("查询条件 %s 应为整数", name)
		}
		return n, nil
	case Bool:
		switch strings.ToLower(s) {
		case "true", "1":
			return true, nil
		case "false", "0":
			return false, nil
		}
		return nil, BadRequest("查询条件 %s 应为是或否", name)
	case Date:
		d, ok := date.Parse(s)
		if !ok || d == "" {
			return nil, BadRequest("查询条件 %s 应为日期", name)
		}
		return d, nil
	case Time:
		for _, layout := range []string{time.RFC3339, "2006-01-02 15:04:05", "2006-01-02"} {
			if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
				return t.UTC(), nil
			}
		}
		return nil, BadRequest("查询条件 %s 应为日期", name)
	}
	if len(s) > 200 {
		return nil, BadRequest("查询条件 %s 过长", name)
	}
	return s, nil
}

// applyRange reads "from,to" (or [from, to]) and bounds Columns[0] by the
// ends given. A Time "to" written as a bare date includes that whole day.
func (f Filter) applyRange(q *bun.SelectQuery, name string, raw any) (*bun.SelectQuery, error) {
	var ends []string
	switch v := raw.(type) {
	case []any:
		for _, e := range v {
			ends = append(ends, strings.TrimSpace(fmt.Sprint(e)))
		}
	default:
		ends = strings.Split(fmt.Sprint(v), ",")
	}
	if len(ends) != 2 {
		return nil, BadRequest("查询条件 %s 应为起止日期", name)
	}
	col := bun.Safe(f.Columns[0])
	for i, end := range ends {
		end = strings.TrimSpace(end)
		if end == "" {
			continue
		}
		v, err := f.parse(name, end)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			q = q.Where("? >= ?", col, v)
			continue
		}
		if t, ok := v.(time.Time); ok && len(end) == len(date.Layout) {
			q = q.Where("? < ?", col, t.AddDate(0, 0, 1))
			continue
		}
		q = q.Where("? <= ?", col, v)
	}
	return q, nil
}

// EscapeLike makes % and _ in user text match literally.
func EscapeLike(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s)
}

// InAll is embedded in the row of a list read by PagedOnce: the number of
// rows of the whole result, read beside each row of the page.
type InAll struct {
	RowsInAll int `bun:"rows_in_all,scanonly" json:"-"`
}

func (a InAll) rowsInAll() int { return a.RowsInAll }

type inAll interface{ rowsInAll() int }

// PagedOnce is PagedEach for a select whose rows each cost the whole of it
// (a yearly table summed over every member of a university): the count
// comes from the page's own statement (COUNT(*) OVER ()), so the sums are
// computed once instead of once for the page and again for the count. Only
// a page past the last row, which holds no row to carry the count, counts
// again. T embeds InAll. No count cap: the rows are groups or bounded sets.
func PagedOnce[T any, P interface {
	*T
	inAll
}](ctx context.Context, q *bun.SelectQuery, spec ListSpec, lq ListQuery, each func(*T)) (PageResult[T], error) {
	filtered, page, err := onceQuery(q, spec, lq)
	if err != nil {
		return PageResult[T]{}, err
	}
	if lq.Size > 0 {
		page = page.Limit(int64(lq.Size)).Offset(int64(lq.Offset()))
	}
	var rows []T
	if err := page.Scan(ctx, &rows); err != nil {
		return PageResult[T]{}, Internal(err)
	}
	total, err := countOnce[T, P](ctx, filtered, lq, rows)
	if err != nil {
		return PageResult[T]{}, err
	}
	for i := range rows {
		each(&rows[i])
	}
	return NewCountedPage(rows, total), nil
}

// onceQuery is q filtered, and the statement of its pages before their
// limit: the filtered rows in the page's order with their count beside each.
func onceQuery(q *bun.SelectQuery, spec ListSpec, lq ListQuery) (filtered, ordered *bun.SelectQuery, err error) {
	if filtered, err = spec.Apply(q, lq.Filters); err != nil {
		return nil, nil, err
	}
	ordered, err = spec.Order(filtered.Clone().ColumnExpr("COUNT(*) OVER () AS rows_in_all"), lq.Sorts)
	return filtered, ordered, err
}

// countOnce is the count of a page read with COUNT(*) OVER (): carried by
// its first row, or counted apart when the page is past the last row.
func countOnce[T any, P interface {
	*T
	inAll
}](ctx context.Context, filtered *bun.SelectQuery, lq ListQuery, rows []T) (Count, error) {
	total := Count{}
	switch {
	case len(rows) > 0:
		total.N = P(&rows[0]).rowsInAll()
	case lq.Size > 0 && lq.Offset() > 0:
		if err := filtered.DB().NewSelect().ColumnExpr("COUNT(*)").TableExpr("(?) AS counted", filtered).Scan(ctx, &total.N); err != nil {
			return Count{}, Internal(err)
		}
	}
	return total, nil
}
