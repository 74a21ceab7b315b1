package appraisal_test

import (
	"fmt"
	"testing"

	"zhdj/internal/appraisal"
	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/ballot"
)

// world: a school committee with two secondary committees (计算机, 数学).
// Under 计算机: branch b1 with five full members A1..A5 (A1..A4 with an
// account, A5 without: a printed code) and a probationary member P (with
// an account); branch b2 with one full member; empty, a branch without
// members. Under 数学: branch m1 with one member. csTK organises for 计算机,
// mathTK for 数学; secTK is b1's secretary (list, vote, decide, export);
// noTK holds no appraisal permission.
type world struct {
	e                                 *apptest.Env
	root, cs, math, b1, b2, empty, m1 int64
	csTK, mathTK, secTK, noTK         string
	full                              []int64  // A1..A5's member ids
	fullTK                            []string // A1..A4's tokens
	prob                              int64
	probTK                            string
}

var organiser = []string{appraisal.PermList, appraisal.PermOpen, appraisal.PermVote, appraisal.PermDecide, appraisal.PermExport, "zzgx:list"}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.b1 = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.b2 = e.Org(t, w.cs, "5", "计算机学生党支部")
	w.empty = e.Org(t, w.cs, "5", "计算机空党支部")
	w.m1 = e.Org(t, w.math, "5", "数学教工党支部")
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, organiser...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, organiser...)
	w.secTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.b1, appraisal.PermList, appraisal.PermVote, appraisal.PermDecide, appraisal.PermExport)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	for i := 1; i <= 5; i++ {
		id, tk := w.person(t, w.b1, fmt.Sprintf("张%d", i), i <= 4, false)
		w.full = append(w.full, id)
		if tk != "" {
			w.fullTK = append(w.fullTK, tk)
		}
	}
	w.prob, w.probTK = w.person(t, w.b1, "李预备", true, true)
	w.person(t, w.b2, "王学生", false, false)
	w.person(t, w.m1, "钱数学", false, false)
	return w
}

// person adds a member of branch (probationary or full), with an account
// holding mzpy:self when account.
func (w *world) person(t testing.TB, branch int64, name string, account, probation bool) (int64, string) {
	t.Helper()
	body := apptest.FullMember(name, branch, "gender", member.GenderMale)
	if probation {
		body = apptest.With(body, "partyStatus", member.PartyProbation, "fullOn", "", "joinedOn", "2026-01-05")
	}
	id := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", body)
	if !account {
		return id, ""
	}
	tk, uid := w.e.UserAt(t, "SELF", branch, appraisal.PermSelf)
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("user_id = ?", uid).Where("id = ?", id).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return id, tk
}

func roundPath(id int64, action string) string {
	if action == "" {
		return fmt.Sprintf("/api/mzpy/rounds/%d", id)
	}
	return fmt.Sprintf("/api/mzpy/rounds/%d/%s", id, action)
}

// open opens the year's rounds under orgID as token.
func (w *world) open(t testing.TB, token string, orgID int64, year int) appraisal.Opened {
	t.Helper()
	return apptest.DoJSON[appraisal.Opened](t, w.e, 201, "POST", "/api/mzpy/rounds", token, map[string]any{"year": year, "orgId": orgID})
}

func (w *world) detail(t testing.TB, token string, id int64) appraisal.RoundDetail {
	t.Helper()
	return apptest.DoJSON[appraisal.RoundDetail](t, w.e, 200, "GET", roundPath(id, ""), token, nil)
}

// rowOf is the round's row of member id.
func rowOf(d appraisal.RoundDetail, memberID int64) appraisal.AppraiseeView {
	for _, a := range d.Appraisees {
		if a.MemberID == memberID {
			return a
		}
	}
	return appraisal.AppraiseeView{}
}

// ballotOf is a ballot giving the graded members of d the grades, in the
// members' order (A1..A5).
func ballotOf(d appraisal.RoundDetail, full []int64, grades ...string) []ballot.Mark {
	var marks []ballot.Mark
	for i, g := range grades {
		marks = append(marks, ballot.Mark{Item: fmt.Sprintf("m%d", rowOf(d, full[i]).ID), Choice: g})
	}
	return marks
}
