package home_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/home"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
)

// world is a small university: the committee, two colleges (二级党委) with a
// branch each, and the accounts that look at it: a branch secretary of the
// computer science branch and the administrator of the maths college.
type world struct {
	e           *apptest.Env
	c           apptest.Campus // Root, CS, Math, Branch (under CS)
	mathBranch  int64
	secretaryTK string // LEVEL at c.Branch, as the seeded 党支部书记
	secretaryID int64
	mathTK      string // LEVEL_AND_BELOW at c.Math, as the seeded 二级党委管理员
	noPermTK    string // sees everything but lacks home:view
	memberSeq   int
	today       string
}

func newWorld(t testing.TB) *world {
	t.Helper()
	w := &world{e: apptest.New(t)}
	w.c = w.e.Campus(t)
	w.mathBranch = w.e.Org(t, w.c.Math, org.TypeBranch, "数学教工党支部")
	w.secretaryTK, w.secretaryID = w.e.UserAt(t, "LEVEL", w.c.Branch, home.PermView)
	w.mathTK, _ = w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.Math, home.PermView)
	w.noPermTK, _ = w.e.UserWith("ALL", 0, "dzz:list", "dy:list")
	w.today = string(date.Today()) // the member domain checks dates by China's calendar
	return w
}

// member creates a member of orgID as the admin: a full member since 2014
// (full=false: a probationary member who joined today) and answers its id.
func (w *world) member(t testing.TB, orgID int64, full bool, extra ...any) int64 {
	t.Helper()
	w.memberSeq++
	b := apptest.FullMember(fmt.Sprintf("党员%03d", w.memberSeq), orgID, "gender", member.GenderMale)
	if !full {
		b = apptest.With(b, "partyStatus", member.PartyProbation, "appliedOn", "2024-03-01", "joinedOn", w.today, "fullOn", nil)
	}
	return w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.With(b, extra...))
}

// members creates n full and probation probationary members of orgID.
func (w *world) members(t testing.TB, orgID int64, full, probation int) {
	t.Helper()
	for range full {
		w.member(t, orgID, true)
	}
	for range probation {
		w.member(t, orgID, false)
	}
}

// summary reads the home page as token.
func (w *world) summary(t testing.TB, token string) home.Summary {
	t.Helper()
	return apptest.DoJSON[home.Summary](t, w.e, 200, "GET", "/api/home/summary", token, nil)
}

// count is the figure of value in a list of counts (-1 when the list lacks it).
func count(list []home.Count, value string) int {
	for _, c := range list {
		if c.Value == value {
			return c.Count
		}
	}
	return -1
}

// rulesOf lists the rules the summary reports for organisation id.
func rulesOf(s home.Summary, id int64) []string {
	var out []string
	for _, w := range s.Warnings.Items {
		if w.OrgID == id {
			out = append(out, w.Rule)
		}
	}
	return out
}
