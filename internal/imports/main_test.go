package imports_test

import (
	"bytes"
	"fmt"
	"net/url"
	"testing"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/apptest"
	"zhdj/internal/imports"
	"zhdj/internal/platform/db"
)

func TestMain(m *testing.M) { db.TestMain(m) }

// world is a small university made through the organisation API: a
// committee R, secondary committees S1 and S2, branches B1, B2 under S1 and
// C1 under S2 (codes as named).
type world struct {
	e                        *apptest.Env
	root, s1, s2, b1, b2, c1 int64
}

func newWorld(t testing.TB) *world {
	t.Helper()
	w := &world{e: apptest.New(t)}
	w.root = w.e.OrgCoded(t, 0, "R", "1", "学校党委")
	w.s1 = w.e.OrgCoded(t, w.root, "S1", "2", "计算机学院党委")
	w.s2 = w.e.OrgCoded(t, w.root, "S2", "2", "数学学院党委")
	w.b1 = w.e.OrgCoded(t, w.s1, "B1", "5", "计算机教工党支部")
	w.b2 = w.e.OrgCoded(t, w.s1, "B2", "5", "计算机学生党支部")
	w.c1 = w.e.OrgCoded(t, w.s2, "C1", "5", "数学教工党支部")
	return w
}

// anchored makes a user with the given data scope and permissions whose
// account belongs to organisation orgID.
func (w *world) anchored(t testing.TB, scope string, orgID int64, perms ...string) (string, int64) {
	t.Helper()
	token, id := w.e.UserWith(scope, 0, perms...)
	if _, err := w.e.DB.NewUpdate().Table("sys_user").Set("org_id = ?", orgID).Where("id = ?", id).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return token, id
}

// idNumber is a valid ID number of someone born in 东城 (110101).
func idNumber(birth string, seq int) string { return apptest.IDNumber("110101", birth, seq) }

// badCheck is id with a wrong check character.
func badCheck(id string) string {
	last := id[17]
	if last == '0' {
		return id[:17] + "1"
	}
	return id[:17] + "0"
}

var memberHeader = []string{"＊姓名", "＊身份证号码", "民族", "手机号码", "＊人员类别", "＊党籍状态", "＊所在党组织",
	"申请入党日期", "＊入党日期", "转正日期"}

// memberRow is a valid row under memberHeader.
func memberRow(name, id, org string) []string {
	return []string{name, id, "汉族", "13800138000", "教职工", "正式党员", org, "2012-03-01", "2013-06-30", "2014/6/30"}
}

// xlsx builds a workbook whose first sheet holds rows.
func xlsx(t testing.TB, rows [][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		cells := make([]any, len(r))
		for j, v := range r {
			cells[j] = v
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(cell, cells); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// upload posts a workbook to the kind's batches.
func (w *world) upload(t testing.TB, kind, token string, rows [][]string) *apptest.Response {
	t.Helper()
	return w.e.Upload("/api/import/"+kind+"/batches", token, "file", "导入.xlsx", xlsx(t, rows), nil)
}

// stage uploads and expects a batch.
func (w *world) stage(t testing.TB, kind, token string, rows [][]string) imports.Batch {
	t.Helper()
	res := w.upload(t, kind, token, rows)
	apptest.Expect(t, res, 200)
	var b imports.Batch
	res.JSON(t, &b)
	if b.State != imports.StateCollectEnd || b.Total != len(rows)-1 {
		t.Fatalf("batch %+v", b)
	}
	return b
}

// rows reads a page of a batch's rows (status "" = all).
func (w *world) rows(t testing.TB, kind, token string, batch int64, status string) []imports.Row {
	t.Helper()
	q := url.Values{"size": {"100"}, "status": {status}}
	res := w.e.Do("GET", fmt.Sprintf("/api/import/%s/batches/%d/rows?%s", kind, batch, q.Encode()), token, nil)
	apptest.Expect(t, res, 200)
	var page struct {
		Content       []imports.Row
		TotalElements int
	}
	res.JSON(t, &page)
	return page.Content
}

// count counts the rows of a table matching where.
func (w *world) count(t testing.TB, table, where string, args ...any) int {
	t.Helper()
	q := w.e.DB.NewSelect().Table(table)
	if where != "" {
		q = q.Where(where, args...)
	}
	n, err := q.Count(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// errorsOf maps column → message of a row's cell errors.
func errorsOf(r imports.Row) map[string]string {
	out := map[string]string{}
	for _, e := range r.Errors {
		out[e.Column] = e.Message
	}
	return out
}
