package oversight_test

import (
	"context"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
	"zhdj/internal/system"
	"zhdj/internal/transfer"
)

// world is the campus the oversight tests start from: two 二级党委 (CS,
// Math) with branches, and a 直属党支部 under the school's committee.
type world struct {
	e                         *apptest.Env
	root, cs, math            int64
	csStaff, csStudent, mathB int64
	direct                    int64
	seq                       int
}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	c := e.Campus(t)
	w := &world{e: e, root: c.Root, cs: c.CS, math: c.Math, csStaff: c.Branch}
	w.csStudent = e.OrgCoded(t, c.CS, "CS02", "5", "计算机学生党支部")
	w.mathB = e.OrgCoded(t, c.Math, "MA01", "5", "数学教工党支部")
	w.direct = e.OrgCoded(t, c.Root, "DR01", "4", "机关直属党支部")
	// The branch created by Campus has no code of its own choosing: give it one.
	if _, err := e.DB.NewUpdate().Table("dzz").Set("code = 'CS01'").Where("id = ?", c.Branch).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return w
}

// member creates a full member of org (ID number made from seq) and
// answers its id and ID number.
func (w *world) member(t testing.TB, name string, org int64) (int64, string) {
	t.Helper()
	w.seq += 2
	id := apptest.IDNumber("110101", "19900101", w.seq+1)
	v := apptest.DoJSON[member.MemberView](t, w.e, 201, "POST", "/api/dyjbxx", w.e.AdminTK, apptest.FullMember(name, org, "idNumber", id, "phone", "13800138000"))
	return v.ID, id
}

// status sets a member's DY_ZT.
func (w *world) status(t testing.TB, id int64, status string) {
	t.Helper()
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("member_status = ?", status).Where("id = ?", id).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// transfer writes a transfer as the transfer domain leaves it (done: done
// on the day given, which is also the fact's date unless happened is set).
func (w *world) transfer(t testing.TB, tr transfer.Transfer) int64 {
	t.Helper()
	now := time.Now().UTC()
	if tr.State == "" {
		tr.State = transfer.StateDone
	}
	if tr.Name == "" {
		tr.Name = "某党员"
	}
	tr.CreatedAt, tr.UpdatedAt = now, now
	if _, err := w.e.DB.NewInsert().Model(&tr).Returning("id").Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return tr.ID
}

func ptr[T any](v T) *T { return &v }

// finder is the oversight's reminder kind of type typ.
func (w *world) finder(t testing.TB, typ int) remind.Kind {
	t.Helper()
	for _, m := range w.e.App.Modules {
		for _, k := range m.Reminders {
			if k.Type == typ {
				return k
			}
		}
	}
	t.Fatalf("no reminder kind %d", typ)
	return remind.Kind{}
}

// due runs kind typ's finder up to until and answers the due records by id.
func (w *world) due(t testing.TB, typ int, until date.Date) map[int64]remind.Due {
	t.Helper()
	list, err := w.finder(t, typ).Finder.Due(context.Background(), until)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]remind.Due{}
	for _, d := range list {
		out[d.RecordID] = d
	}
	return out
}

// setting changes a rule's setting through the 参数设置 page's API.
func (w *world) setting(t testing.TB, key, value string) {
	t.Helper()
	rows := apptest.DoJSON[[]system.ConfigInput](t, w.e, 200, "GET", "/api/sysConfig/listAll", w.e.AdminTK, nil)
	for _, r := range rows {
		if r.ConfigKey == key {
			r.ConfigValue = value
			apptest.Expect(t, w.e.Do("PUT", "/api/sysConfig", w.e.AdminTK, r), 204)
			return
		}
	}
	t.Fatalf("no setting %s", key)
}
