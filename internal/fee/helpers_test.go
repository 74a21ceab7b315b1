package fee_test

import (
	"fmt"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// testSecret signs the payment platform's notifies in the tests (the
// server reads it from ZHDJ_PAY_SECRET, set here before it starts).
const testSecret = "test-only-secret-0123456789"

func TestMain(m *testing.M) {
	os.Setenv("ZHDJ_PAY_SECRET", testSecret)
	os.Setenv("ZHDJ_PAY_SANDBOX", "on")
	db.TestMain(m)
}

// world is a campus with two branches under two 二级党委 and a branch
// directly under the 党委, their members and the accounts acting on them.
type world struct {
	e      *apptest.Env
	c      apptest.Campus
	math   int64 // 数学教工党支部, a 党支部 under Math
	direct int64 // 机关直属党支部, a 直属党支部 under Root
	dept   string
	// secretary of c.Branch (LEVEL_AND_BELOW at the branch): lists, exports, collects
	secretary string
}

func newWorld(t *testing.T) *world {
	e := apptest.New(t)
	w := &world{e: e, c: e.Campus(t)}
	w.math = e.Org(t, w.c.Math, "5", "数学教工党支部")
	w.direct = e.Org(t, w.c.Root, "4", "机关直属党支部")
	w.dept, _ = e.UserAt(t, system.ScopeAll, w.c.Root, fee.PermList, fee.PermBatch, fee.PermExport, fee.PermOnsite, fee.PermReverse)
	w.secretary, _ = e.UserAt(t, system.ScopeLevelAndBelow, w.c.Branch, fee.PermList, fee.PermExport, fee.PermOnsite)
	return w
}

var memberSeq atomic.Int64 // tests run in parallel

// student adds a full member in normal status at orgID whose 人员类型 is
// 学生: the standards' 学生 category, 0.2 元 a month without a base (RULES §1).
func (w *world) student(t *testing.T, orgID int64, name string) int64 {
	return w.member(t, orgID, name, "2")
}

func (w *world) member(t *testing.T, orgID int64, name, personType string) int64 {
	t.Helper()
	memberSeq.Add(1)
	now := time.Now().UTC()
	var id int64
	err := w.e.DB.NewRaw(`INSERT INTO dyjbxx (name, party_status, member_status, person_type, org_id, joined_on, created_at, updated_at)
		VALUES (?, '1', '1', ?, ?, '2020-01-01', ?, ?) RETURNING id`, name, personType, orgID, now, now).Scan(t.Context(), &id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// month is the month n months from the current one in China ("YYYY-MM").
func month(n int) string {
	return time.Now().In(date.China).AddDate(0, n, 0).Format("2006-01")
}

// batch creates and starts the batch of m as the department and answers it.
func (w *world) batch(t *testing.T, m string) fee.Batch {
	t.Helper()
	b := apptest.DoJSON[fee.Batch](t, w.e, 201, "POST", "/api/dfgl/batch", w.dept, map[string]any{"month": m, "reason": "补建以前月份"})
	return apptest.DoJSON[fee.Batch](t, w.e, 200, "POST", fmt.Sprintf("/api/dfgl/batch/%d/start", b.ID), w.dept, nil)
}

// oneDue is the world most tests start from: 甲, a student of the branch,
// with the current month started; it answers the world, 甲 and 甲's due.
func oneDue(t *testing.T) (*world, int64, fee.Due) {
	t.Helper()
	w := newWorld(t)
	a := w.student(t, w.c.Branch, "甲")
	m := month(0)
	w.batch(t, m)
	return w, a, w.dueOf(t, a, m)
}

// dueOf is member's due of month m.
func (w *world) dueOf(t *testing.T, memberID int64, m string) fee.Due {
	t.Helper()
	var d fee.Due
	if err := w.e.DB.NewSelect().Model(&d).Where("member_id = ?", memberID).Where("month = ?", m).Scan(t.Context()); err != nil {
		t.Fatalf("due of %d in %s: %v", memberID, m, err)
	}
	return d
}

// paid is the sum of the entries of due id.
func (w *world) paid(t *testing.T, dueID int64) int64 {
	t.Helper()
	var n int64
	if err := w.e.DB.NewSelect().Table("df_entry").ColumnExpr("COALESCE(SUM(amount_fen), 0)").Where("due_id = ?", dueID).
		Scan(t.Context(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// count counts the rows of table.
func (w *world) count(t *testing.T, table string) int64 {
	t.Helper()
	n, err := w.e.DB.NewSelect().Table(table).Count(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return int64(n)
}

// account links a new account holding df:mine (SELF) to member id and answers its token.
func (w *world) account(t *testing.T, memberID int64) string {
	t.Helper()
	tok, uid := w.e.UserWith(system.ScopeSelf, 0, fee.PermMine)
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("user_id = ?", uid).Where("id = ?", memberID).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return tok
}

func ids(xs ...int64) map[string]any { return map[string]any{"dueIds": xs, "method": fee.MethodCash} }

// setting changes a setting through the system service (which forgets its cache).
func (w *world) setting(t *testing.T, key, value string) {
	t.Helper()
	var c system.Config
	if err := w.e.DB.NewSelect().Model(&c).Where("config_key = ?", key).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := w.e.Sys.UpdateConfig(t.Context(), system.ConfigInput{ID: c.ID, ConfigKey: c.Key, ConfigValue: value, ConfigName: c.Name,
		ConfigGroup: c.Group, Remark: c.Remark, ValueKind: c.Kind}); err != nil {
		t.Fatal(err)
	}
}
