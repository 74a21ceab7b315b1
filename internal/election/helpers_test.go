package election_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/election"
	"zhdj/internal/member"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/flow"
)

// world: 学校党委 → 计算机学院党委 → 计算机教工党支部 (five full members 甲乙丙丁戊,
// 甲乙丙 with accounts, 丁戊 without; one probationary member 己) and
// 学校党委 → 数学学院党委 → 数学党支部 (one full member). branchTK is the
// branch's secretary holding every 换届 permission, approval included (the
// chain still refuses them: the approver acts above the branch); csTK the
// 计算机 committee's, mathTK the 数学 committee's, noTK holds only hjxj:list
// elsewhere.
type world struct {
	e                                    *apptest.Env
	root, cs, branch, math, mbranch      int64
	branchTK, csTK, mathTK, deptTK, noTK string
	members                              map[string]int64 // name → member id
	users                                map[string]int64 // name → account id
}

var allPerms = []string{election.PermList, election.PermAdd, election.PermVote, election.PermApprove,
	election.PermCongressList, election.PermCongressAdd, election.PermNominate, election.PermCongressVote, election.PermCongressExport}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, members: map[string]int64{}, users: map[string]int64{}}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.branch = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.mbranch = e.Org(t, w.math, "5", "数学党支部")
	w.branchTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.branch, allPerms...)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, allPerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, allPerms...)
	w.deptTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.root, allPerms...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	for i, name := range []string{"甲", "乙", "丙", "丁", "戊"} {
		w.person(t, w.branch, name, i < 3, member.PartyFull)
	}
	w.person(t, w.branch, "己", false, "2")
	w.person(t, w.mbranch, "庚", true, member.PartyFull)
	return w
}

// person adds a member of org; with an account linked when account.
func (w *world) person(t *testing.T, orgID int64, name string, account bool, status string) {
	t.Helper()
	body := apptest.FullMember(name, orgID, "partyStatus", status, "gender", member.GenderMale)
	if status != member.PartyFull {
		body = apptest.With(body, "fullOn", nil)
	}
	id := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", body)
	w.members[name] = id
	if account {
		_, uid := w.e.UserAt(t, "LEVEL", orgID)
		if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("user_id = ?", uid).Where("id = ?", id).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		w.users[name] = uid
	}
}

func (w *world) candidates(names ...string) []map[string]any {
	out := []map[string]any{}
	for _, n := range names {
		out = append(out, map[string]any{"memberId": w.members[n]})
	}
	return out
}

// plan is a 差额 plan of the branch for seats with candidates.
func (w *world) plan(seats int, names ...string) map[string]any {
	return map[string]any{"orgId": w.branch, "title": "计算机教工党支部换届选举", "seats": seats, "method": election.MethodDiff,
		"meetingOn": "2026-12-10", "candidates": w.candidates(names...)}
}

// act takes a flow action on election id as token, at the version it reads.
func (w *world) act(t *testing.T, token string, id int64, result flow.Result, form any, want int) {
	t.Helper()
	v := apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/hjxj/%d/flow", id), w.deptTK, nil)
	body := map[string]any{"version": v.Version, "result": result}
	if form != nil {
		body["form"] = form
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/hjxj/%d/flow", id), token, body), want)
}

// cast casts a ballot for names (option keys) in round as name's account,
// or with code.
func (w *world) cast(t *testing.T, round int64, voter string, code string, keys ...string) {
	t.Helper()
	marks := []ballot.Mark{}
	for _, k := range keys {
		if len(k) > 0 && k[0] == '*' {
			marks = append(marks, ballot.Mark{Item: election.QuestionCommittee, Choice: ballot.WriteInChoice, Text: k[1:]})
		} else {
			marks = append(marks, ballot.Mark{Item: election.QuestionCommittee, Choice: k})
		}
	}
	var err error
	if code != "" {
		err = w.e.App.Ballots.CastCode(t.Context(), round, code, marks)
	} else {
		err = w.e.App.Ballots.CastAs(t.Context(), round, w.users[voter], marks)
	}
	if err != nil {
		t.Fatalf("cast of %s%s: %v", voter, code, err)
	}
}

// key is a candidate's option key.
func (w *world) key(name string) string { return fmt.Sprintf("c%d", w.members[name]) }
