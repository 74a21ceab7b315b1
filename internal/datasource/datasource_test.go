package datasource_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"

	"zhdj/internal/app"
	"zhdj/internal/apptest"
	"zhdj/internal/datasource"
	"zhdj/internal/platform/db"
)

func TestMain(m *testing.M) { db.TestMain(m) }

type body = map[string]any

// hr is an HR system's HTTP endpoint run by the test: GET /staff answers
// {"data": {"list": [...]}} with the records the test sets.
type hr struct {
	*httptest.Server
	mu      sync.Mutex
	records []map[string]any
}

func newHR(t *testing.T, records ...map[string]any) *hr {
	h := &hr{records: records}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/staff" {
			http.NotFound(w, r)
			return
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(body{"code": 0, "data": body{"list": h.records}}) //nolint:errcheck
	}))
	t.Cleanup(h.Close)
	return h
}

func (h *hr) set(records ...map[string]any) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.records = records
}

func staff(no, name, gender, unit string) map[string]any {
	return body{"gh": no, "xm": name, "xb": gender, "dw": unit, "zc": nil, "rzsj": "2010-09-01"}
}

var teacherMapping = map[string]string{"staffNo": "gh", "name": "xm", "gender": "xb", "unit": "dw"}

type world struct {
	e    *apptest.Env
	c    apptest.Campus
	unit int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	c := e.Campus(t)
	w := &world{e: e, c: c}
	w.unit = e.Create(t, e.AdminTK, "/api/dwxx", body{"name": "人事测试学院", "code": "DWHR1", "type": "1", "dzzId": c.CS})
	return w
}

func (w *world) teachers(t *testing.T) map[string]string {
	t.Helper()
	var rows []struct {
		StaffNo string `bun:"staff_no"`
		Name    string `bun:"name"`
	}
	if err := w.e.DB.NewSelect().Table("jsjbxx").Column("staff_no", "name").Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range rows {
		out[r.StaffNo] = r.Name
	}
	return out
}

func (w *world) create(t *testing.T, in body) int64 {
	t.Helper()
	return w.e.Create(t, w.e.AdminTK, "/api/dataSources", in)
}

func (w *world) run(t *testing.T, id int64, dry bool) datasource.Run {
	t.Helper()
	return apptest.DoJSON[datasource.Run](t, w.e, http.StatusOK, "POST", fmt.Sprintf("/api/dataSources/%d/run", id), w.e.AdminTK, body{"dry": dry})
}

// An HTTP source fills 教师信息 through the import kit: the preview shows
// the fields and the mapped cells; a dry run writes nothing and leaves its
// batch in 导入批次; a run writes the valid records (an invalid one is
// counted, the others still go in), a second run finds them unchanged, a
// changed record is updated; the endpoint is never answered back.
func TestHTTPSourceFillsTheTeachers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	h := newHR(t, staff("T2010001", "张老师", "男", "人事测试学院"), staff("T2010002", "李老师", "女", "人事测试学院"),
		staff("T2010003", "王老师", "未知", "人事测试学院"))
	src := body{"name": "人事系统", "target": "jsjbxx", "type": "http", "endpoint": h.URL + "/staff?token=s3cret",
		"query": "data.list", "mapping": teacherMapping}

	preview := apptest.DoJSON[datasource.Preview](t, w.e, http.StatusOK, "POST", "/api/dataSources/preview", w.e.AdminTK, src)
	if len(preview.Records) != 3 || strings.Join(preview.Fields, ",") != "dw,gh,rzsj,xb,xm,zc" || preview.Rows[0]["staffNo"] != "T2010001" || preview.Rows[0]["unit"] != "人事测试学院" {
		t.Fatalf("preview %+v", preview)
	}
	// Before the mapping is written, the preview already shows the source's fields.
	bare := body{"name": "人事系统", "target": "jsjbxx", "type": "http", "endpoint": h.URL + "/staff?token=s3cret", "query": "data.list", "mapping": body{}}
	if first := apptest.DoJSON[datasource.Preview](t, w.e, http.StatusOK, "POST", "/api/dataSources/preview", w.e.AdminTK, bare); len(first.Fields) != 6 {
		t.Fatalf("preview without a mapping %+v", first)
	}
	id := w.create(t, src)
	list := string(w.e.Do("GET", "/api/dataSources", w.e.AdminTK, nil).Body)
	if strings.Contains(list, "s3cret") || !strings.Contains(list, `"endpointHint":"`+h.URL+`/staff"`) {
		t.Fatalf("the endpoint's secret was answered, or no hint: %s", list)
	}

	dry := w.run(t, id, true)
	if dry.Status != "ok" || dry.Records != 3 || dry.NewCount != 2 || dry.InvalidCount != 1 || len(w.teachers(t)) != 0 {
		t.Fatalf("dry run %+v, teachers %v", dry, w.teachers(t))
	}
	var state int
	if err := w.e.DB.NewSelect().Table("imp_batch").Column("state").Where("id = ?", dry.BatchIDs).Scan(context.Background(), &state); err != nil || state != 2 {
		t.Fatalf("the dry run's batch: state %d %v", state, err)
	}

	real := w.run(t, id, false)
	if real.Status != "ok" || real.NewCount != 2 || real.InvalidCount != 1 {
		t.Fatalf("run %+v", real)
	}
	if got := w.teachers(t); len(got) != 2 || got["T2010001"] != "张老师" || got["T2010002"] != "李老师" {
		t.Fatalf("teachers %v", got)
	}
	h.set(staff("T2010001", "张老师", "男", "人事测试学院"), staff("T2010002", "李晓老师", "女", "人事测试学院"))
	again := w.run(t, id, false)
	if again.UnchangedCount != 1 || again.ChangedCount != 1 || w.teachers(t)["T2010002"] != "李晓老师" {
		t.Fatalf("second run %+v, teachers %v", again, w.teachers(t))
	}
	runs := apptest.DoJSON[[]datasource.Run](t, w.e, http.StatusOK, "GET", fmt.Sprintf("/api/dataSources/%d/runs", id), w.e.AdminTK, nil)
	if len(runs) != 3 || !runs[2].Dry || runs[0].ByName != "admin" {
		t.Fatalf("runs %+v", runs)
	}
}

// A source that cannot be read is a failed run with the reason, and writes nothing.
func TestUnreadableSourceFailsWithItsReason(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	h := newHR(t)
	id := w.create(t, body{"name": "坏接口", "target": "jsjbxx", "type": "http", "endpoint": h.URL + "/missing", "mapping": teacherMapping})
	res := w.e.Do("POST", fmt.Sprintf("/api/dataSources/%d/run", id), w.e.AdminTK, body{})
	apptest.ExpectMessage(t, res, http.StatusBadRequest, "同步失败：接口返回 404 Not Found")
	var src datasource.SourceView
	for _, s := range apptest.DoJSON[[]datasource.SourceView](t, w.e, http.StatusOK, "GET", "/api/dataSources", w.e.AdminTK, nil) {
		if s.ID == id {
			src = s
		}
	}
	if src.LastStatus != "failed" || src.LastMessage != "接口返回 404 Not Found" {
		t.Fatalf("source %+v", src)
	}
}

// Bad settings are refused next to their fields; only the page's
// permissions reach it, and configuring or running a source needs the right
// to import into its target too.
func TestDataSourceChecksAndPermissions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	good := body{"name": "人事库", "target": "jsjbxx", "type": "postgres", "endpoint": "postgres://reader:pw@hr.school.edu.cn:5432/hr",
		"query": "SELECT gh, xm FROM staff", "mapping": teacherMapping}
	with := func(k string, v any) body {
		out := body{}
		for key, val := range good {
			out[key] = val
		}
		out[k] = v
		return out
	}
	for _, c := range []struct {
		in         body
		field, msg string
	}{
		{with("target", "sys_user"), "target", "请选择同步到哪个信息库"},
		{with("query", "DELETE FROM staff"), "query", "请输入一条 SELECT 查询（不含分号）"},
		{with("query", "SELECT 1; DROP TABLE staff"), "query", "请输入一条 SELECT 查询（不含分号）"},
		{with("endpoint", "mysql://x"), "endpoint", "PostgreSQL 连接串须形如 postgres://只读账号:密码@主机:5432/库名"},
		{with("mapping", map[string]string{"name": "xm"}), "mapping", "请为必填字段指定来源字段：工号、所在单位"},
		{with("mapping", map[string]string{"staffNo": "gh", "name": "xm", "unit": "dw", "password": "x"}), "mapping", "“password”不是教师信息的字段"},
	} {
		apptest.ExpectField(t, w.e.Do("POST", "/api/dataSources", w.e.AdminTK, c.in), c.field, c.msg)
	}
	if n, _ := w.e.DB.NewSelect().Table("ds_source").Count(context.Background()); n != 0 {
		t.Fatal("a refused source was written")
	}
	id := w.create(t, good)
	// The page joins 系统管理 for the system administrators only.
	if pages := w.e.Pages(t, "/system"); !slices.Contains(pages, "system/dataSource") {
		t.Errorf("系统管理 pages %v", pages)
	}
	w.e.ExpectGrants(t, "dataSource:", map[string][]string{"系统管理员": {"dataSource:list", "dataSource:edit", "dataSource:run"}, "组织部管理员": nil})
	apptest.Expect(t, w.e.Do("GET", "/api/dataSources", "", nil), http.StatusUnauthorized)
	plain, _ := w.e.UserWith("ALL", 0)
	apptest.Expect(t, w.e.Do("GET", "/api/dataSources", plain, nil), http.StatusForbidden)
	// The page's rights without the teachers' import: neither configure nor run.
	pageOnly, _ := w.e.UserWith("ALL", 0, datasource.PermList, datasource.PermEdit, datasource.PermRun)
	apptest.Expect(t, w.e.Do("POST", "/api/dataSources", pageOnly, with("name", "另一个")), http.StatusForbidden)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dataSources/%d/run", id), pageOnly, body{}), http.StatusForbidden)
	apptest.Expect(t, w.e.Do("POST", "/api/dataSources/999/run", w.e.AdminTK, body{}), http.StatusNotFound)
	// An update without the endpoint keeps it.
	upd := with("id", id)
	delete(upd, "endpoint")
	upd["name"] = "人事库（新）"
	apptest.Expect(t, w.e.Do("PUT", "/api/dataSources", w.e.AdminTK, upd), http.StatusNoContent)
	list := apptest.DoJSON[[]datasource.SourceView](t, w.e, http.StatusOK, "GET", "/api/dataSources", w.e.AdminTK, nil)
	if len(list) != 1 || list[0].Name != "人事库（新）" || list[0].EndpointHint != "postgres://hr.school.edu.cn:5432/hr" {
		t.Fatalf("after the update %+v", list)
	}
}

// Two runs of one source at once, on two instances of the program on one
// database: one runs, the other is told it is running (the claim is a
// conditional UPDATE of the source's row, not a lock in memory).
func TestOneRunOfASourceAtATime(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	other, err := app.New(w.e.App.Config, w.e.DB)
	if err != nil {
		t.Fatal(err)
	}
	second := httptest.NewServer(other.Handler)
	t.Cleanup(second.Close)
	release := make(chan struct{})
	entered := make(chan struct{}, 1)
	slow := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		entered <- struct{}{}
		<-release
		rw.Write([]byte(`[]`)) //nolint:errcheck
	}))
	t.Cleanup(slow.Close)
	id := w.create(t, body{"name": "慢接口", "target": "jsjbxx", "type": "http", "endpoint": slow.URL, "mapping": teacherMapping})
	done := make(chan int)
	go func() {
		done <- w.e.Do("POST", fmt.Sprintf("/api/dataSources/%d/run", id), w.e.AdminTK, body{}).Status
	}()
	<-entered
	req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/dataSources/%d/run", second.URL, id), strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer "+w.e.AdminTK)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusConflict || !strings.Contains(string(answer), "数据源“慢接口”正在同步，请稍后再试") {
		t.Fatalf("the second instance: %d %s", res.StatusCode, answer)
	}
	close(release)
	if status := <-done; status != http.StatusBadRequest { // the first finds no data
		t.Fatalf("first run %d", status)
	}
}

// A run that fails half-way through writing its batch (the database
// refuses one record in the middle, as a constraint or a lost connection
// would) writes none of the batch, marks no leavers, and says it failed:
// the registry stays as it was.
func TestARunFailingHalfWayWritesNothing(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	h := newHR(t, staffList(1, 3)...)
	id := w.create(t, body{"name": "人事系统", "target": "jsjbxx", "type": "http", "endpoint": h.URL + "/staff", "query": "data.list",
		"mapping": teacherMapping, "absentStatus": "3"})
	if r := w.run(t, id, false); r.NewCount != 3 {
		t.Fatalf("first run %+v", r)
	}
	before := w.state(t)
	ctx := context.Background()
	trigger := []string{`CREATE TRIGGER refuse_t5005 BEFORE INSERT ON jsjbxx FOR EACH ROW WHEN (NEW.staff_no = 'T5005') BEGIN SELECT RAISE(ABORT, 'refused'); END`}
	if db.IsPostgres(w.e.DB) {
		trigger = []string{`CREATE FUNCTION refuse_t5005() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN IF NEW.staff_no = 'T5005' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`,
			`CREATE TRIGGER refuse_t5005 BEFORE INSERT ON jsjbxx FOR EACH ROW EXECUTE FUNCTION refuse_t5005()`}
	}
	for _, stmt := range trigger {
		if _, err := w.e.DB.ExecContext(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	// T5001 changes, T5002–T5003 leave the list (leavers), T5004–T5006 are new, T5005 is refused.
	list := staffList(4, 6)
	list = append(list, staff("T5001", "改名教工", "男", "人事测试学院"))
	h.set(list...)
	res := w.e.Do("POST", fmt.Sprintf("/api/dataSources/%d/run", id), w.e.AdminTK, body{})
	if res.Status != http.StatusBadRequest || res.Message() != "同步失败：系统错误，请查看服务器日志" {
		t.Fatalf("the failing run: %d %s", res.Status, res.Body)
	}
	if after := w.state(t); !maps.Equal(after, before) || w.teachers(t)["T5001"] != "教工01" {
		t.Fatalf("the registry changed: %v, was %v; T5001 %q", after, before, w.teachers(t)["T5001"])
	}
	runs := apptest.DoJSON[[]datasource.Run](t, w.e, http.StatusOK, "GET", fmt.Sprintf("/api/dataSources/%d/runs", id), w.e.AdminTK, nil)
	if runs[0].Status != "failed" || runs[0].LeftCount != 0 {
		t.Fatalf("the run %+v", runs[0])
	}
}

// The scheduled job runs as the account that saved the source: when that
// account is disabled, nothing runs in its name and the run says why.
func TestScheduledRunActsAsTheOwner(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	h := newHR(t, staff("T2020001", "赵老师", "男", "人事测试学院"))
	ownerTK, ownerID := w.e.UserWith("ALL", 0, datasource.PermList, datasource.PermEdit, datasource.PermRun, "ry:import")
	id := w.e.Create(t, ownerTK, "/api/dataSources", body{"name": "定时人事", "target": "jsjbxx", "type": "http", "endpoint": h.URL + "/staff",
		"query": "data.list", "mapping": teacherMapping, "scheduled": true})
	apptest.Expect(t, w.e.Do("POST", "/api/jobs/run", w.e.AdminTK, body{"name": datasource.JobSync}), http.StatusOK)
	w.e.App.Jobs.Wait()
	if got := w.teachers(t); got["T2020001"] != "赵老师" {
		t.Fatalf("the scheduled run wrote %v", got)
	}
	if _, err := w.e.DB.NewUpdate().Table("sys_user").Set("enabled = ?", false).Where("id = ?", ownerID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, w.e.Do("POST", "/api/jobs/run", w.e.AdminTK, body{"name": datasource.JobSync}), http.StatusOK)
	w.e.App.Jobs.Wait()
	runs := apptest.DoJSON[[]datasource.Run](t, w.e, http.StatusOK, "GET", fmt.Sprintf("/api/dataSources/%d/runs", id), w.e.AdminTK, nil)
	if len(runs) != 2 || runs[0].Status != "failed" || !strings.Contains(runs[0].Message, "已停用或不再有导入权限") || !runs[1].Scheduled || runs[1].ByName == "" {
		t.Fatalf("runs %+v", runs)
	}
}

// A PostgreSQL source (a database the test makes as the "HR system") is
// read in a read-only transaction: a query that would write fails.
func TestPostgresSource(t *testing.T) {
	t.Parallel()
	server := os.Getenv("ZHDJ_TEST_DB")
	if !strings.HasPrefix(server, "postgres") {
		t.Skip("needs ZHDJ_TEST_DB (a PostgreSQL server to make the HR database on)")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, server)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("hr_%d", os.Getpid())
	if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+name); err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") //nolint:errcheck
		admin.Close(context.Background())                                                 //nolint:errcheck
	})
	u, _ := url.Parse(server)
	u.Path = "/" + name
	hrConn, err := pgx.Connect(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer hrConn.Close(ctx) //nolint:errcheck
	if _, err := hrConn.Exec(ctx, `CREATE TABLE staff (gh text, xm text, xb text, dw text, left_on date);
		INSERT INTO staff VALUES ('T3010001', '孙老师', '女', '人事测试学院', NULL), ('T3010002', '周老师', '男', '人事测试学院', '2026-07-01')`); err != nil {
		t.Fatal(err)
	}
	w := newWorld(t)
	id := w.create(t, body{"name": "人事库", "target": "jsjbxx", "type": "postgres", "endpoint": u.String(),
		"query": "SELECT gh, xm, xb, dw FROM staff WHERE left_on IS NULL ORDER BY gh", "mapping": teacherMapping})
	if run := w.run(t, id, false); run.NewCount != 1 || w.teachers(t)["T3010001"] != "孙老师" || len(w.teachers(t)) != 1 {
		t.Fatalf("run %+v, teachers %v", run, w.teachers(t))
	}
	writer := w.create(t, body{"name": "写库", "target": "jsjbxx", "type": "postgres", "endpoint": u.String(),
		"query": "WITH gone AS (DELETE FROM staff RETURNING gh, xm, xb, dw) SELECT * FROM gone", "mapping": teacherMapping})
	res := w.e.Do("POST", fmt.Sprintf("/api/dataSources/%d/run", writer), w.e.AdminTK, body{})
	if res.Status != http.StatusBadRequest || !strings.Contains(res.Message(), "read-only") {
		t.Fatalf("a writing query: %d %s", res.Status, res.Body)
	}
	var left int
	if err := hrConn.QueryRow(ctx, "SELECT count(*) FROM staff").Scan(&left); err != nil || left != 2 {
		t.Fatalf("the HR database changed: %d rows %v", left, err)
	}
}

// A MySQL source (a database the test makes on the server ZHDJ_TEST_MYSQL
// names, a DSN such as user:pw@tcp(127.0.0.1:3306)/) is read the same way,
// in a read-only transaction.
func TestMySQLSource(t *testing.T) {
	t.Parallel()
	server := os.Getenv("ZHDJ_TEST_MYSQL")
	if server == "" {
		t.Skip("needs ZHDJ_TEST_MYSQL (a MySQL or MariaDB server to make the HR database on)")
	}
	cfg, err := mysql.ParseDSN(server)
	if err != nil {
		t.Fatal(err)
	}
	cfg.MultiStatements = true
	conn, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	name := fmt.Sprintf("hr_%d", os.Getpid())
	if _, err := conn.Exec(fmt.Sprintf(`DROP DATABASE IF EXISTS %[1]s; CREATE DATABASE %[1]s; CREATE TABLE %[1]s.staff (gh VARCHAR(32), xm VARCHAR(32), xb VARCHAR(4), dw VARCHAR(64));
		INSERT INTO %[1]s.staff VALUES ('T4010001', '吴老师', '男', '人事测试学院')`, name)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Exec("DROP DATABASE IF EXISTS " + name) }) //nolint:errcheck
	cfg.DBName, cfg.MultiStatements = name, false
	w := newWorld(t)
	id := w.create(t, body{"name": "人事 MySQL", "target": "jsjbxx", "type": "mysql", "endpoint": cfg.FormatDSN(),
		"query": "SELECT gh, xm, xb, dw FROM staff", "mapping": teacherMapping})
	if run := w.run(t, id, false); run.NewCount != 1 || w.teachers(t)["T4010001"] != "吴老师" {
		t.Fatalf("run %+v, teachers %v", run, w.teachers(t))
	}
}
