package query

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/uptrace/bun"
	"golang.org/x/sync/errgroup"

	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	kit "zhdj/internal/platform/query"
)

// FieldInfo is a field as the page offers it: its kind, its dictionary or
// options, and its operators.
type FieldInfo struct {
	Key     string       `json:"key"`
	Label   string       `json:"label"`
	Kind    kit.Kind     `json:"kind"`
	Dict    string       `json:"dict"`
	Options []kit.Option `json:"options"`
	Ops     []kit.Op     `json:"ops"`
}

// SourceInfo is a source as the page offers it.
type SourceInfo struct {
	Key     string      `json:"key"`
	Label   string      `json:"label"`
	Columns []string    `json:"columns"` // the default columns
	Fields  []FieldInfo `json:"fields"`
}

// Sources lists the sources and their fields (GET /api/zhcx/sources).
func (s *Service) Sources(_ context.Context) ([]SourceInfo, error) {
	out := make([]SourceInfo, 0, len(s.sources))
	for _, src := range s.sources {
		info := SourceInfo{Key: src.Key, Label: src.Label, Columns: src.Columns, Fields: make([]FieldInfo, 0, len(src.Fields))}
		for _, f := range src.Fields {
			opts := f.Options
			if opts == nil {
				opts = []kit.Option{}
			}
			info.Fields = append(info.Fields, FieldInfo{Key: f.Key, Label: f.Label, Kind: f.Kind, Dict: f.Dict, Options: opts, Ops: kit.OpsOf(f.Kind)})
		}
		out = append(out, info)
	}
	return out, nil
}

// Request is a query to run or export: the source, the filter, the
// columns shown (the source's default when none), the sort and the page.
type Request struct {
	Source  string     `json:"source"`
	Filter  kit.Filter `json:"filter"`
	Columns []string   `json:"columns"`
	Sort    string     `json:"sort"`
	Desc    bool       `json:"desc"`
	Page    int        `json:"page"` // from 0
	Size    int        `json:"size"`
}

// Column is a result column: its field's key and label.
type Column struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// Row is a result row: the record's id and the texts of its columns by key.
type Row struct {
	ID    int64             `json:"id"`
	Cells map[string]string `json:"cells"`
}

// Result is a page of a query's rows with its columns.
type Result struct {
	Columns       []Column `json:"columns"`
	Content       []Row    `json:"content"`
	TotalElements int      `json:"totalElements"`
	// TotalElementsCapped: more rows match than the lists count
	// (httpx.CountCap); TotalElements is the cap.
	TotalElementsCapped bool `json:"totalElementsCapped,omitempty"`
}

const maxPageSize = 100

// prepared is a request checked and turned into its select (scoped,
// filtered, sorted), with what turns a row into its cells.
type prepared struct {
	src    *kit.Source
	cols   []*kit.Field
	q      *bun.SelectQuery
	count  *bun.SelectQuery // q's rows for the count (Source.Counted)
	labels kit.Labeler
}

func (s *Service) prepare(ctx context.Context, in Request) (*prepared, error) {
	src := s.source(in.Source)
	if src == nil {
		return nil, errNoSource()
	}
	cols, err := kit.Columns(src, in.Columns)
	if err != nil {
		return nil, err
	}
	env, labels, err := s.env(ctx, src)
	if err != nil {
		return nil, err
	}
	scope, err := src.Scope(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	scopeFrom := scope
	if src.ScopeFrom != nil {
		if scopeFrom, err = src.ScopeFrom(ctx); err != nil {
			return nil, httpx.Internal(err)
		}
	}
	q := scopeFrom(src.From(s.db))
	if q, err = kit.Apply(ctx, q, src, in.Filter, env); err != nil {
		return nil, err
	}
	count := q
	if src.Counted != nil {
		if count, err = kit.Apply(ctx, scope(kit.CountedFor(s.db, src, in.Filter)), src, in.Filter, env); err != nil {
			return nil, err
		}
	}
	return &prepared{src: src, cols: cols, q: q, count: count, labels: labels.Label}, nil
}

// Run runs a query: one page of its rows, in the caller's scope
// (POST /api/zhcx/run).
func (s *Service) Run(ctx context.Context, in Request) (Result, error) {
	p, err := s.prepare(ctx, in)
	if err != nil {
		return Result{}, err
	}
	size := in.Size
	if size <= 0 {
		size = 10
	}
	size = min(size, maxPageSize)
	page := max(in.Page, 0)
	// A clone: bun's select changes in place, and without Source.Counted
	// p.count is p.q, which must stay without the columns and the order
	// (the count would otherwise sort every match).
	q, err := kit.Order(kit.Select(p.q.Clone(), p.src, p.cols), p.src, in.Sort, in.Desc)
	if err != nil {
		return Result{}, err
	}
	// The page and the count at once on two connections, as the lists do
	// (httpx.PagedInto): each reads the matching rows of the whole scope.
	var total httpx.Count
	var rows []map[string]any
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) {
		// No column: PostgreSQL may then count from an index alone.
		total, err = httpx.CountUpTo(gctx, p.count.Clone().ColumnExpr("1"), httpx.CountCap(ctx))
		return err
	})
	g.Go(func() error { return q.Limit(int64(size)).Offset(int64(page*size)).Scan(gctx, &rows) })
	if err := g.Wait(); err != nil {
		return Result{}, httpx.Internal(err)
	}
	out := Result{Columns: columns(p.cols), Content: make([]Row, 0, len(rows)), TotalElements: total.N, TotalElementsCapped: total.Capped}
	today := s.today()
	for _, r := range rows {
		out.Content = append(out.Content, Row{ID: kit.ID(r), Cells: kit.Cells(r, p.cols, p.labels, today)})
	}
	return out, nil
}

func columns(cols []*kit.Field) []Column {
	out := make([]Column, len(cols))
	for i, f := range cols {
		out[i] = Column{Key: f.Key, Label: f.Label}
	}
	return out
}

// export streams every row of p as a workbook named name (the columns'
// labels as headers, a 序号 first); it returns how many rows it wrote.
func (s *Service) export(ctx context.Context, w http.ResponseWriter, p *prepared, sort string, desc bool, name string) (int, error) {
	q, err := kit.Order(kit.Select(p.q, p.src, p.cols), p.src, sort, desc)
	if err != nil {
		return 0, err
	}
	headers := []string{"序号"}
	widths := []float64{8}
	for _, f := range p.cols {
		headers, widths = append(headers, f.Label), append(widths, 16)
	}
	xw, err := excel.NewWriter(headers, widths)
	if err != nil {
		return 0, httpx.Internal(err)
	}
	n, err := s.writeRows(ctx, xw, p, q)
	if err != nil {
		xw.Close()
		return n, httpx.Internal(err)
	}
	return n, xw.Send(w, name+"-"+s.today().Compact()+".xlsx")
}

// writeRows streams the rows of q (Select's id and columns) into xw from
// the database cursor, so memory stays flat however many rows there are.
func (s *Service) writeRows(ctx context.Context, xw *excel.Writer, p *prepared, q *bun.SelectQuery) (int, error) {
	rows, err := q.Rows(ctx)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	today := s.today()
	// By name: a source's select may carry columns of its own (a joined name).
	names, err := rows.Columns()
	if err != nil {
		return 0, err
	}
	vals := make([]any, len(names))
	ptrs := make([]any, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	row := make(map[string]any, len(vals))
	n := 0
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		for i, name := range names {
			row[name] = vals[i]
		}
		n++
		cells := kit.Cells(row, p.cols, p.labels, today)
		out := make([]any, 0, len(p.cols)+1)
		out = append(out, n)
		for _, f := range p.cols {
			out = append(out, cells[f.Key])
		}
		if err := xw.Add(out...); err != nil {
			return n, err
		}
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	return n, rows.Close()
}

// handleExport exports a query's rows (GET /api/zhcx/export?q=<Request as
// JSON>: a download is a GET).
func (s *Service) handleExport(w http.ResponseWriter, r *http.Request) error {
	var in Request
	if err := json.Unmarshal([]byte(r.URL.Query().Get("q")), &in); err != nil {
		return httpx.Invalid("q", "查询参数错误")
	}
	ctx := r.Context()
	p, err := s.prepare(ctx, in)
	if err != nil {
		return err
	}
	n, err := s.export(ctx, w, p, in.Sort, in.Desc, "综合查询-"+p.src.Label)
	if err != nil {
		return err
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出综合查询结果（%s，%d条）", p.src.Label, n))
	return nil
}
