package hours_test

import (
	"fmt"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/pschool/course"
	"zhdj/internal/pschool/hours"
	"zhdj/internal/pschool/school"
)

// world: the campus (学校党委; 计算机 and 数学 committees; a branch under
// 计算机). secTK is the branch's secretary (enters, cannot approve), csTK
// and mathTK the committees (approve in their scope), deptTK the
// organisation department, noTK holds no 学时 permission.
type world struct {
	e                                 *apptest.Env
	c                                 apptest.Campus
	secTK, csTK, mathTK, deptTK, noTK string
}

var entry = []string{hours.Perms.List, hours.Perms.Add, hours.Perms.Edit, hours.Perms.Del, hours.Perms.Export}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, c: e.Campus(t)}
	w.secTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.Branch, entry...)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, append(entry, hours.PermAudit)...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.Math, append(entry, hours.PermAudit)...)
	w.deptTK, _ = e.UserAt(t, "ALL", w.c.Root, append(entry, hours.PermAudit)...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, "dzz:list")
	return w
}

// person is a full member of orgID with an account holding dx:learn.
type person struct {
	id, user int64
	tk       string
}

func (w *world) member(t testing.TB, orgID int64, name string) person {
	t.Helper()
	id := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, orgID, "gender", member.GenderMale))
	tk, uid := w.e.UserAt(t, "SELF", orgID, school.PermLearn)
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("user_id = ?", uid).Where("id = ?", id).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return person{id: id, user: uid, tk: tk}
}

// secretary makes p the secretary of orgID.
func (w *world) secretary(t testing.TB, orgID int64, p person) {
	t.Helper()
	if _, err := w.e.DB.NewUpdate().Model((*org.Org)(nil)).Set("secretary_member_id = ?", p.id).Where("id = ?", orgID).
		Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// committee makes ps the committee members of orgID.
func (w *world) committee(t testing.TB, orgID int64, ps ...person) {
	t.Helper()
	ids := make(org.IDs, len(ps))
	for i, p := range ps {
		ids[i] = p.id
	}
	if _, err := w.e.DB.NewUpdate().Model((*org.Org)(nil)).Set("committee_member_ids = ?", ids).Where("id = ?", orgID).
		Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}

var refSeq atomic.Int64

// credit puts tenths of online 学时 credited on day into the ledger, as a
// node's completion writes them.
func (w *world) credit(t testing.TB, p person, day string, tenths int) {
	t.Helper()
	d := date.MustParse(day)
	c := &course.Credit{UserID: p.user, Source: course.SourceNode, RefID: 1_000_000 + refSeq.Add(1), Tenths: tenths,
		CreditedOn: d, Year: d.Time().Year(), CreatedAt: time.Now().UTC()}
	if ok, err := course.WriteCredit(t.Context(), w.e.DB, c); err != nil || !ok {
		t.Fatal(ok, err)
	}
}

// offline enters a session for ps as the branch secretary and answers the ids.
func (w *world) offline(t testing.TB, day string, hrs float64, ps ...person) []int64 {
	t.Helper()
	ids := make([]int64, len(ps))
	for i, p := range ps {
		ids[i] = p.id
	}
	out := apptest.DoJSON[hours.Created](t, w.e, 201, "POST", "/api/xssb/offline", w.secTK,
		map[string]any{"memberIds": ids, "studiedOn": day, "title": "学习党的二十届四中全会精神", "form": hours.FormCentral, "hours": hrs})
	return out.IDs
}

// approved enters and approves a session for ps.
func (w *world) approved(t testing.TB, day string, hrs float64, ps ...person) {
	t.Helper()
	for _, id := range w.offline(t, day, hrs, ps...) {
		apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/xssb/offline/%d/approve", id), w.csTK, nil), 204)
	}
}

// rows are the members' table of year as token, by member id.
func (w *world) rows(t testing.TB, token string, year int, q url.Values) map[int64]hours.MemberRow {
	t.Helper()
	if q == nil {
		q = url.Values{}
	}
	q.Set("year", fmt.Sprint(year))
	q.Set("size", "100")
	rows, _ := apptest.GetPage[hours.MemberRow](t, w.e, token, "/api/xssb/members", q)
	return apptest.ByKey(rows, func(r hours.MemberRow) int64 { return r.ID })
}
