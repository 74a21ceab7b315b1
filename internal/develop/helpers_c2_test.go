package develop_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/rbac"
)

// c2World is the package's campus with the accounts that act at the
// steps of ⑫ to ㉕.
type c2World struct {
	campus
	// branchTK acts at the branch's steps, csTK at the committee's (both
	// LEVEL_AND_BELOW at their organisation), deptTK is the organisation
	// department (ALL, every step and the configuration), mathTK a committee
	// of another college, viewTK may only list.
	branchTK, csTK, deptTK, mathTK, viewTK string
	adminID                                int64
	// idNos are the ID numbers of the records' people, by record id.
	idNos map[int64]string
}

func newC2World(t *testing.T) *c2World {
	t.Helper()
	w := &c2World{campus: newCampus(t), idNos: map[int64]string{}}
	e := w.e
	const below = "LEVEL_AND_BELOW"
	w.branchTK, _ = e.UserAt(t, below, w.branch, develop.Perms.List, develop.PermBranch, member.PermList)
	w.csTK, _ = e.UserAt(t, below, w.cs, develop.Perms.List, develop.PermCommittee, member.PermList)
	w.deptTK, _ = e.UserAt(t, "ALL", w.root, develop.Perms.List, develop.PermBranch, develop.PermCommittee,
		develop.PermDepartment, develop.PermConfig, member.PermList)
	w.mathTK, _ = e.UserAt(t, below, w.math, develop.Perms.List, develop.PermBranch, develop.PermCommittee, develop.PermConfig)
	w.viewTK, _ = e.UserAt(t, below, w.cs, develop.Perms.List)
	if err := e.DB.NewSelect().Table("sys_user").Column("id").Where("username = ?", "admin").Scan(t.Context(), &w.adminID); err != nil {
		t.Fatal(err)
	}
	// The branch's roster: 10 members with a vote (细则第二十条), full since 2015.
	w.fullMembers(t, w.branch, 10, "2015-07-01")
	// The college committee acting at ⑰ and ㉔: a secretary and 6 members.
	if _, err := e.DB.NewUpdate().Table("dzz").Set("secretary_name = ?", "王书记").
		Set("committee = ?", `["王书记","李委员","张委员","赵委员","钱委员","孙委员","周委员"]`).Where("id = ?", w.cs).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return w
}

// fullMembers adds n full members in normal status to organisation org, full since fullOn.
func (w *c2World) fullMembers(t *testing.T, org int64, n int, fullOn date.Date) {
	t.Helper()
	now := time.Now().UTC()
	rows := make([]member.Member, n)
	for i := range rows {
		rows[i] = member.Member{Name: fmt.Sprintf("表决党员%d", i+1), PartyStatus: member.PartyFull, MemberStatus: member.StatusNormal,
			OrgID: org, FullOn: fullOn, CreatedAt: now, UpdatedAt: now}
	}
	if _, err := w.e.DB.NewInsert().Model(&rows).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// committeeVotes is ⑰'s or ㉔'s form on day on: 4 of the college
// committee's 7 members present and agreeing, with the form's other fields.
func committeeVotes(on date.Date, kv ...any) map[string]any {
	return apptest.With(map[string]any{"date": on, "present": 4, "agree": 4}, kv...)
}

// adminCtx is a context acting as the super administrator (scope: all).
func (w *c2World) adminCtx(t *testing.T) context.Context {
	return rbac.WithMemo(rbac.With(t.Context(), &rbac.Principal{UserID: w.adminID, Username: "admin",
		Perms: map[string]bool{rbac.Admin: true}}))
}

// facts are what a record knows of the steps before the one it starts at.
type facts struct {
	org        int64             // the branch (default: w.branch)
	appliedOn  date.Date         // default: 3 years ago
	leavingOn  date.Date         // default: none
	activistOn date.Date         // ③
	admittedOn date.Date         // ⑮ (also kept as a step done)
	probation  date.Date         // probation_ends_on
	done       map[string]string // earlier steps done: key → date (their form: {"date": …})
	forms      map[string]any    // the forms of some of them (with their date)
}

// record creates a development record of a new student waiting at step at
// (put there with flow's StartAt, as an imported record is), with the
// earlier steps f names, and answers its id.
func (w *c2World) record(t *testing.T, name, at string, f facts) int64 {
	t.Helper()
	today := date.Today()
	if f.org == 0 {
		f.org = w.branch
	}
	if f.appliedOn.IsZero() {
		f.appliedOn = today.AddYears(-3)
	}
	birth := f.appliedOn.AddYears(-20)
	personID, idNo := w.student(t, name, birth, w.csUnit)
	var stage string
	for _, st := range develop.Steps {
		if st.Key == at {
			stage = st.Stage
		}
	}
	now := time.Now().UTC()
	r := &develop.Record{PersonKind: "student", PersonID: personID, PersonNo: fmt.Sprintf("N%d", personID), Name: name,
		Gender: "1", BirthDate: birth, OrgID: f.org, Stage: stage, Step: at, ConfigVersion: 1, AppliedOn: f.appliedOn,
		LeavingOn: f.leavingOn, ActivistOn: f.activistOn, AdmittedOn: f.admittedOn, ProbationEndsOn: f.probation, Flags: "[]"}
	r.CreatedAt, r.UpdatedAt = now, now
	ctx := w.adminCtx(t)
	err := db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(r).Returning("id").Exec(ctx); err != nil {
			return err
		}
		steps := map[string]string{}
		for k, v := range f.done {
			steps[k] = v
		}
		if !f.admittedOn.IsZero() {
			if _, ok := steps[develop.StepBranchMeeting]; !ok {
				steps[develop.StepBranchMeeting] = string(f.admittedOn)
			}
		}
		for k, on := range steps {
			data := `{"date":"` + on + `"}`
			if fm, ok := f.forms[k]; ok {
				b, _ := json.Marshal(fm)
				data = string(b)
			}
			row := &develop.StepRow{RecordID: r.ID, Step: k, DoneOn: date.MustParse(on), Data: data, UserName: "测试", At: now}
			if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
				return err
			}
		}
		return w.e.App.Develop.WorkflowOfC2Tests().StartAt(ctx, tx, r.ID, at, flow.Note{Comment: "导入"})
	})
	if err != nil {
		t.Fatal(err)
	}
	w.idNos[r.ID] = idNo
	return r.ID
}

// act takes an action on record id as token (on the version its flow shows).
func (w *c2World) act(t *testing.T, token string, id int64, result flow.Result, form map[string]any, extra ...any) *apptest.Response {
	t.Helper()
	return w.actOn(t, w.deptTK, token, id, result, form, extra...)
}

// approve approves as token with form and expects 200.
func (w *c2World) approve(t *testing.T, token string, id int64, form map[string]any) {
	t.Helper()
	apptest.Expect(t, w.act(t, token, id, "approve", form), 200)
}

// refused expects a rule refusal of an approval naming rule and containing why.
func (w *c2World) refused(t *testing.T, token string, id int64, form map[string]any, rule, why string) {
	t.Helper()
	res := w.act(t, token, id, "approve", form)
	msg := res.Message()
	if res.Status != 400 || !strings.Contains(msg, "「"+rule+"」") || !strings.Contains(msg, why) {
		t.Fatalf("want a refusal by 「%s」 (%s), got %d %s", rule, why, res.Status, res.Body)
	}
}

// rec reads record id as stored.
func (w *c2World) rec(t *testing.T, id int64) develop.Record {
	t.Helper()
	var r develop.Record
	if err := w.e.DB.NewSelect().Model(&r).Where("r.id = ?", id).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	return r
}

// notice publishes a notice of kind over records ids that lasted from
// start to end.
func (w *c2World) notice(t *testing.T, kind string, start, end date.Date, ids ...int64) {
	t.Helper()
	n := &develop.Notice{Kind: kind, OrgID: w.branch, Title: "公示" + kind, StartOn: start, EndOn: end}
	n.CreatedAt, n.UpdatedAt = time.Now().UTC(), time.Now().UTC()
	ctx := t.Context()
	if _, err := w.e.DB.NewInsert().Model(n).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if _, err := w.e.DB.NewInsert().Model(&develop.NoticeItem{NoticeID: n.ID, RecordID: id}).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

// numberRange adds a 志愿书 number range as the department and answers its id.
func (w *c2World) numberRange(t *testing.T, year int, org *int64, prefix string, first, last int64) int64 {
	t.Helper()
	return w.e.Create(t, w.deptTK, "/api/fzdy/numbers", map[string]any{"year": year, "orgId": org, "prefix": prefix,
		"first": first, "last": last, "width": 4})
}

// memberOf reads the member record of development record id.
func (w *c2World) memberOf(t *testing.T, id int64) member.MemberView {
	t.Helper()
	r := w.rec(t, id)
	if r.MemberID == nil {
		t.Fatalf("record %d has no member record", id)
	}
	return apptest.DoJSON[member.MemberView](t, w.e, 200, "GET", fmt.Sprintf("/api/dyjbxx/%d", *r.MemberID), w.deptTK, nil)
}

// walk approves record id as the department (who may act at every step)
// on date on, step after step, until it waits at step until.
func (w *c2World) walk(t *testing.T, id int64, until string, on date.Date) {
	t.Helper()
	for i := 0; i < len(develop.Steps); i++ {
		if w.rec(t, id).Step == until {
			return
		}
		w.approve(t, w.deptTK, id, committeeVotes(on))
	}
	t.Fatalf("record %d never reached %s", id, until)
}

// d is a date string.
func d(v date.Date) string { return string(v) }
