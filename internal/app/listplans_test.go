package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/db"
)

// Issue 34: with the tables that grow with the school at a university's
// sizes (20,000 accounts, members and students, 50,000 log lines…), no
// statement of a list of the platform or of the information bases scans
// one of them where the scan costs per row: under a nested loop or a
// sub-plan, with a filter (an index is missing), or feeding a sort (a page
// sorted without its index). A count of a whole list may read a whole
// table once. PostgreSQL only: its planner's choices are what production
// runs, and it chooses by the sizes, which is why the tables are grown
// (by copying one valid row of each, made through the API) before EXPLAIN.
func TestListPlansScanNoGrowingTablePerRow(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	if !db.IsPostgres(e.DB) {
		t.Skip("PostgreSQL only (ZHDJ_TEST_DB)")
	}
	c := e.Campus(t)
	unit := e.Unit(t, "计划学院", c.CS)
	e.Create(t, e.AdminTK, "/api/xsjbxx", map[string]any{"studentNo": "P0001", "name": "计划学生", "gender": "1", "unitDeptId": unit})
	e.Create(t, e.AdminTK, "/api/jsjbxx", map[string]any{"staffNo": "P0002", "name": "计划教师", "gender": "2", "unitDeptId": unit})
	e.Create(t, e.AdminTK, "/api/bj", map[string]any{"code": "P0003", "name": "计划班级", "unitDeptId": unit})
	apptest.Expect(t, e.Do("POST", "/api/dyjbxx", e.AdminTK, apptest.FullMember("计划党员", c.Branch, "gender", "1", "staffOrStudentNo", "P0001")), 201)
	e.Cadre(t, "计划干部", unit, "1975-03-01", "院长", "3", "2")
	apptest.Expect(t, e.Upload("/api/file/upload", e.AdminTK, "file", "计划.txt", []byte("计划"), nil), 201)
	e.UserWith("ALL", 0)
	e.Login("admin", apptest.AdminPassword) // a login log line; the calls above left operation log lines
	growing := map[string]int{"sys_user": 20000, "dyjbxx": 20000, "xsjbxx": 20000, "jsjbxx": 3000, "bj": 600,
		"gb_jbxx": 2000, "sys_file": 50000, "sys_oper_log": 50000, "sys_login_log": 50000}
	// A university's cadres are a couple of thousand at most (issue 28's
	// 2,000; their number follows the posts, not the school's size), and
	// their lists keep the units' order (sys_dept.sort, another table, which
	// no index of gb_jbxx can serve): a top-N sort of them is allowed, a
	// filtered scan or a scan per row is not.
	sortable := map[string]bool{"gb_jbxx": true}
	for table, n := range growing {
		grow(t, e.DB, table, n)
		// As autovacuum would after a bulk load: statistics, and the GIN
		// indexes' pending lists merged (the planner prices an index scan
		// by them).
		if _, err := e.DB.ExecContext(t.Context(), "VACUUM ANALYZE "+table); err != nil {
			t.Fatal(err)
		}
	}

	hook := &statements{}
	e.DB.AddQueryHook(hook)
	// The prepared ones (db.ScanBound: a searched page of accounts, the
	// accounts' views) bypass bun's hooks; they are planned generically.
	t.Cleanup(db.ObserveBound(e.DB, hook.bound))
	calls := []struct{ method, path, body string }{
		{"POST", "/api/users/list?page=2&size=20&sort=createTime,desc", ""},
		{"POST", "/api/users/list?page=1&size=20", `{"blurry":"f00"}`},
		{"GET", "/api/logs?page=1&size=20", ""},
		{"GET", "/api/logs/login?page=1&size=20", ""},
		{"GET", "/api/dyjbxx?page=1&size=20", ""},
		{"GET", "/api/dyjbxx?page=1&size=20&blurry=" + "f00", ""},
		{"GET", "/api/xsjbxx?page=1&size=20", ""},
		{"GET", "/api/xsjbxx?page=1&size=20&blurry=" + "f00", ""},
		{"GET", "/api/jsjbxx?page=1&size=20&blurry=" + "f00", ""},
		{"GET", "/api/jsjbxx?page=1&size=20", ""},
		{"GET", "/api/bj?page=1&size=20", ""},
		{"GET", "/api/dzzxx?page=1&size=20", ""},
		{"GET", "/api/dwxx?page=1&size=20", ""},
		{"GET", "/api/gbjbxx?page=1&size=20", ""},
		{"GET", "/api/gbjbxx?page=1&size=20&blurry=" + "f00", ""},
		{"GET", "/api/file?page=1&size=20", ""},
		{"GET", "/api/file?page=1&size=20&blurry=" + "f00", ""},
	}
	for _, call := range calls {
		hook.reset()
		var body any
		if call.body != "" {
			body = call.body
		}
		apptest.Expect(t, e.Do(call.method, call.path, e.AdminTK, body), 200)
		for _, q := range hook.selects() {
			var plan []map[string]any
			text := explain(t, e.DB, "FORMAT JSON", q)
			if err := json.Unmarshal([]byte(text), &plan); err != nil || len(plan) == 0 {
				t.Fatalf("%s: plan %q: %v", call.path, text, err)
			}
			for _, bad := range perRowScans(plan[0]["Plan"].(map[string]any), growing, sortable, "") {
				t.Errorf("%s %s: %s in\n%s\n%s", call.method, call.path, bad, q.text, explain(t, e.DB, "", q))
			}
		}
	}
}

const sorted = "feeding a sort (the page's order has no index)"

// perRowScans lists the sequential scans of growing tables that cost per
// row: below the inner side of a nested loop over more than one row or in a
// sub-plan (within), with a filter, or under a sort (but for the sortable
// tables).
func perRowScans(node map[string]any, growing map[string]int, sortable map[string]bool, within string) []string {
	var out []string
	kind, _ := node["Node Type"].(string)
	rel, _ := node["Relation Name"].(string)
	// An index walked whole in the page's order, to find the few rows a
	// filter keeps (a generic plan's LIMIT costed as if it stopped early):
	// a scan of the table by another name.
	if kind == "Index Scan" && growing[rel] > 0 && node["Index Cond"] == nil && node["Filter"] != nil {
		if rows, _ := node["Plan Rows"].(float64); rows < float64(growing[rel])/10 {
			out = append(out, fmt.Sprintf("a walk of all of %s's index for the few rows of %v", rel, node["Filter"]))
		}
	}
	if kind == "Seq Scan" && growing[rel] > 0 {
		switch {
		case within == sorted && sortable[rel]:
		case within != "":
			out = append(out, fmt.Sprintf("a scan of %s %s", rel, within))
		case node["Filter"] != nil:
			out = append(out, fmt.Sprintf("a scan of %s filtered by %v (no index serves it)", rel, node["Filter"]))
		}
	}
	children, _ := node["Plans"].([]any)
	outerRows := 0.0
	for _, ch := range children {
		if child := ch.(map[string]any); child["Parent Relationship"] == "Outer" {
			outerRows, _ = child["Plan Rows"].(float64)
		}
	}
	for _, ch := range children {
		child := ch.(map[string]any)
		in := within
		switch rel, _ := child["Parent Relationship"].(string); {
		case in != "":
		case rel == "SubPlan":
			in = "in a sub-plan (once per row)"
		case kind == "Nested Loop" && rel == "Inner" && outerRows > 1:
			in = "inside a nested loop (once per outer row)"
		case kind == "Sort" || kind == "Incremental Sort":
			in = sorted
		}
		out = append(out, perRowScans(child, growing, sortable, in)...)
	}
	return out
}

// grow copies table's last row until it has n rows more: the columns of
// its unique indexes get the copy's number appended (text) or NULL, and
// names are made different (eight hexadecimal digits after the first two
// characters: "f00" is in about 30 of 20,000).
func grow(t *testing.T, d *bun.DB, table string, n int) {
	t.Helper()
	ctx := t.Context()
	var cols []struct {
		Name     string `bun:"column_name"`
		Type     string `bun:"data_type"`
		Nullable string `bun:"is_nullable"`
		Identity string `bun:"is_identity"`
	}
	if err := d.NewRaw(`SELECT column_name, data_type, is_nullable, is_identity FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`, table).Scan(ctx, &cols); err != nil {
		t.Fatal(err)
	}
	var unique []string
	if err := d.NewRaw(`SELECT DISTINCT a.attname FROM pg_index AS i JOIN pg_attribute AS a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
		WHERE i.indrelid = ?::regclass AND i.indisunique AND NOT i.indisprimary`, table).Scan(ctx, &unique); err != nil {
		t.Fatal(err)
	}
	var names, exprs []string
	for _, c := range cols {
		if c.Identity == "YES" || c.Name == "id" {
			continue
		}
		expr := "src." + c.Name
		if c.Name == "created_at" {
			// Rows are made one after another: a list by time walks its index.
			expr = "src.created_at - g * INTERVAL '1 second'"
		}
		if c.Name == "name" || c.Name == "nick_name" {
			// Names differ as people's do: a page sorted by name walks its
			// index, and a search for three letters finds a few rows.
			expr = fmt.Sprintf("LEFT(src.%s, 2) || substr(md5(g::text), 1, 8)", c.Name)
		}
		if contains(unique, c.Name) {
			switch {
			case strings.Contains(c.Type, "char") || c.Type == "text":
				expr = fmt.Sprintf("LEFT(src.%s, 20) || '-' || g", c.Name)
			case c.Nullable == "YES":
				expr = "NULL"
			default:
				t.Fatalf("%s.%s is unique and neither text nor nullable: cannot copy", table, c.Name)
			}
		}
		names, exprs = append(names, c.Name), append(exprs, expr)
	}
	q := fmt.Sprintf(`INSERT INTO %s (%s) SELECT %s FROM (SELECT * FROM %s ORDER BY id DESC LIMIT 1) AS src, generate_series(1, %d) AS g`,
		table, strings.Join(names, ", "), strings.Join(exprs, ", "), table, n)
	res, err := d.ExecContext(ctx, q)
	if err != nil {
		t.Fatalf("grow %s: %v", table, err)
	}
	if added, _ := res.RowsAffected(); added != int64(n) {
		t.Fatalf("grow %s: %d rows added, want %d (no row to copy?)", table, added, n)
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// statements records the SELECTs a request runs.
// statement is a SELECT a list ran: its text, and for a prepared one
// (db.ScanBound) its values apart.
type statement struct {
	text     string
	args     []any
	prepared bool
}

type statements struct {
	mu  sync.Mutex
	all []statement
}

func (h *statements) bound(text string, args []any) {
	h.mu.Lock()
	h.all = append(h.all, statement{text: text, args: args, prepared: true})
	h.mu.Unlock()
}

// explain is the plan of q in the format options give: a prepared one's as
// the connections run it, generic (prepared on one connection, executed
// with its values).
func explain(t *testing.T, d *bun.DB, options string, q statement) string {
	t.Helper()
	ctx := t.Context()
	what := "EXPLAIN (" + options + ") "
	if options == "" {
		what = "EXPLAIN "
	}
	var lines []string
	if !q.prepared {
		if err := d.NewRaw(what+q.text).Scan(ctx, &lines); err != nil {
			t.Fatalf("EXPLAIN %s: %v", q.text, err)
		}
		return strings.Join(lines, "\n")
	}
	conn, err := d.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Conn.ExecContext(ctx, "SET plan_cache_mode = force_generic_plan; PREPARE listplan AS "+q.text); err != nil {
		t.Fatalf("PREPARE %s: %v", q.text, err)
	}
	defer conn.Conn.ExecContext(context.WithoutCancel(ctx), "DEALLOCATE listplan") //nolint:errcheck // the connection goes back to the pool
	values := make([]string, len(q.args))
	for i, a := range q.args {
		if ids, ok := a.([]int64); ok {
			a = pgdialect.Array(ids)
		}
		values[i] = d.QueryGen().FormatQuery("?", a)
	}
	rows, err := conn.QueryContext(ctx, what+"EXECUTE listplan("+strings.Join(values, ", ")+")")
	if err != nil {
		t.Fatalf("EXPLAIN EXECUTE %s: %v", q.text, err)
	}
	if err := d.ScanRows(ctx, rows, &lines); err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}

func (h *statements) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

func (h *statements) AfterQuery(_ context.Context, e *bun.QueryEvent) {
	if strings.HasPrefix(strings.TrimSpace(e.Query), "SELECT") && e.Err == nil {
		h.mu.Lock()
		h.all = append(h.all, statement{text: e.Query})
		h.mu.Unlock()
	}
}

func (h *statements) reset() {
	h.mu.Lock()
	h.all = nil
	h.mu.Unlock()
}

func (h *statements) selects() []statement {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]statement(nil), h.all...)
}
