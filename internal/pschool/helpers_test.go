package pschool_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/pschool"
)

// world: the campus (学校党委 with 计算机 and 数学 committees, a branch under
// 计算机); deptTK is the organisation department (every organisation), csTK
// and mathTK the two committees' staff, noTK holds no school permission.
type world struct {
	e                          *apptest.Env
	c                          apptest.Campus
	deptTK, csTK, mathTK, noTK string
	listTK                     string
	adminID                    int64
}

var staffPerms = []string{pschool.SchoolPerms.List, pschool.SchoolPerms.Add, pschool.SchoolPerms.Edit, pschool.SchoolPerms.Del,
	pschool.BatchPerms.List, pschool.BatchPerms.Add, pschool.BatchPerms.Edit, pschool.BatchPerms.Del, pschool.BatchPerms.Export,
	pschool.PermEnrol, pschool.PermComplete}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, c: e.Campus(t)}
	w.deptTK, _ = e.UserAt(t, "ALL", w.c.Root, staffPerms...)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, staffPerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.Math, staffPerms...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, "dzz:list")
	w.listTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, pschool.SchoolPerms.List, pschool.BatchPerms.List)
	if err := e.DB.NewSelect().Table("sys_user").Column("id").Where("username = ?", "admin").Scan(t.Context(), &w.adminID); err != nil {
		t.Fatal(err)
	}
	return w
}

// adminCtx acts as the super administrator (every organisation).
func (w *world) adminCtx(t testing.TB) context.Context {
	return rbac.WithMemo(rbac.With(t.Context(), &rbac.Principal{UserID: w.adminID, Username: "admin",
		Perms: map[string]bool{rbac.Admin: true}}))
}

// school creates the branch school of the 计算机 committee as csTK.
func (w *world) school(t testing.TB) int64 {
	t.Helper()
	return w.e.Create(t, w.csTK, "/api/dx/schools", map[string]any{"orgId": w.c.CS, "headName": "王校长"})
}

// batch creates a batch of school of type typ from start for days days with
// hours class hours, and opens it.
func (w *world) batch(t testing.TB, schoolID int64, typ int, start string, days, hours int, kv ...any) int64 {
	t.Helper()
	s := date.MustParse(start)
	body := apptest.With(map[string]any{"schoolId": schoolID, "type": typ, "title": fmt.Sprintf("第%d期培训班", typ),
		"startOn": start, "endOn": s.AddDays(days - 1), "days": days, "hours": hours}, kv...)
	id := w.e.Create(t, w.csTK, "/api/dx/batches", body)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/open", id), w.csTK, nil), 204)
	return id
}

var personSeq atomic.Int64

// record puts a development record of a new person at stage (with
// targetOn, the day they became a 发展对象) in organisation orgID, as an
// imported record is, and answers its id.
func (w *world) record(t testing.TB, orgID int64, name, stage string, targetOn date.Date) int64 {
	t.Helper()
	n := personSeq.Add(1)
	now := time.Now().UTC()
	r := &develop.Record{PersonKind: develop.PersonStudent, PersonID: 900000 + n, PersonNo: fmt.Sprintf("S%06d", n), Name: name,
		OrgID: orgID, Stage: stage, ConfigVersion: 1, AppliedOn: "2023-03-01", TargetOn: targetOn, Flags: "[]"}
	r.CreatedAt, r.UpdatedAt = now, now
	if _, err := w.e.DB.NewInsert().Model(r).Returning("id").Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return r.ID
}

// enrol enrols records into batch as csTK.
func (w *world) enrol(t testing.TB, batch int64, records ...int64) {
	t.Helper()
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/trainees", batch), w.csTK, map[string]any{"recordIds": records}), 200)
}

// trainees lists the trainees of batch by record id.
func (w *world) trainees(t testing.TB, batch int64) map[int64]pschool.TraineeView {
	t.Helper()
	return apptest.ListedBy(w.e, fmt.Sprintf("/api/dx/batches/%d/trainees?size=100", batch), w.csTK,
		func(v pschool.TraineeView) int64 { return v.RecordID })
}

// attend enters days and hours for the trainee of record in batch.
func (w *world) attend(t testing.TB, batch, recordID int64, days int, hours float64) {
	t.Helper()
	tr := w.trainees(t, batch)[recordID]
	apptest.Expect(t, w.e.Do("PUT", fmt.Sprintf("/api/dx/batches/%d/attendance", batch), w.csTK,
		map[string]any{"rows": []map[string]any{{"traineeId": tr.ID, "daysAttended": days, "hoursAttended": hours}}}), 200)
}

// trainings are the trainings on record id's development record.
func (w *world) trainings(t testing.TB, id int64) []develop.Training {
	t.Helper()
	var out []develop.Training
	if err := w.e.DB.NewSelect().Model(&out).Where("record_id = ?", id).OrderExpr("id").Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	return out
}
