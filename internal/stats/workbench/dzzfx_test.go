package workbench_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
)

type analysis struct {
	CommitteeID int64
	Rows        []row
	Total       row
	Structure   row
	Dimensions  []struct {
		Key   string
		Items []struct {
			Value string
			Count int
		}
	}
	Joined []struct{ Year, Count int }
}

type row struct {
	CommitteeID                                             int64
	CommitteeName                                           string
	Branches, Under3, From3To6, From7To50, Over50           int
	WithCommittee, CommitteeMissing, TermsDue, TermsOverdue int
	Members, Full, Probationary                             int
}

func (a analysis) dim(key string) map[string]int {
	out := map[string]int{}
	for _, d := range a.Dimensions {
		if d.Key == key {
			for _, it := range d.Items {
				out[it.Value] = it.Count
			}
		}
	}
	return out
}

// analysisWorld: 计算机 has its teachers' branch of 3 (a committee
// recorded) and an empty students' branch whose term ended yesterday;
// 数学 has a branch of 7 full members without a committee, its term ending
// in exactly 6 months, and the committee's own term a day later.
func analysisWorld(t *testing.T) *world {
	w := newWorld(t)
	// 甲 turns 31 today (31–35); 乙 turns 31 tomorrow (still ≤30) and
	// went to a 技工学校 (47: 高中及以下, not 中专).
	w.member(t, "甲", w.c.Branch, map[string]any{"birth_date": w.today.AddYears(-31)})
	w.member(t, "乙", w.c.Branch, map[string]any{"birth_date": w.today.AddYears(-31).AddDays(1), "education": "47"})
	w.member(t, "丙", w.c.Branch, map[string]any{"party_status": member.PartyProbation, "full_on": nil, "gender": "2", "education": "21",
		"joined_on": w.today.AddMonths(-2)})
	for i := range 7 {
		w.member(t, fmt.Sprintf("数学%d", i), w.mathBr, nil)
	}
	w.set(t, "dzz", w.c.Branch, map[string]any{"committee": `["张三","李四","王五"]`})
	w.set(t, "dzz", w.csBr2, map[string]any{"term_end": w.today.AddDays(-1)})
	w.set(t, "dzz", w.mathBr, map[string]any{"term_end": w.today.AddMonths(6)})
	w.set(t, "dzz", w.c.Math, map[string]any{"term_end": w.today.AddMonths(6).AddDays(1)})
	return w
}

func TestAnalysisPerCommittee(t *testing.T) {
	t.Parallel()
	w := analysisWorld(t)
	all := apptest.DoJSON[analysis](t, w.e, 200, "GET", "/api/dzzfx", w.deptTK, nil)
	if len(all.Rows) != 2 || all.Rows[0].CommitteeID != w.c.CS || all.Rows[1].CommitteeID != w.c.Math {
		t.Fatalf("rows: %+v", all.Rows)
	}
	cs := row{CommitteeID: w.c.CS, CommitteeName: "计算机学院党委", Branches: 2, Under3: 1, From3To6: 1, WithCommittee: 1, TermsOverdue: 1,
		Members: 3, Full: 2, Probationary: 1}
	math := row{CommitteeID: w.c.Math, CommitteeName: "数学学院党委", Branches: 1, From7To50: 1, CommitteeMissing: 1, TermsDue: 1,
		Members: 7, Full: 7}
	if all.Rows[0] != cs || all.Rows[1] != math {
		t.Fatalf("rows:\n%+v\n%+v", all.Rows[0], all.Rows[1])
	}
	if all.Total.Branches != 3 || all.Total.Members != 10 || all.Structure != all.Total {
		t.Fatalf("total: %+v structure %+v", all.Total, all.Structure)
	}
	if got := all.dim("party"); got[member.PartyFull] != 9 || got[member.PartyProbation] != 1 {
		t.Fatalf("party: %v", got)
	}

	one := apptest.DoJSON[analysis](t, w.e, 200, "GET", fmt.Sprintf("/api/dzzfx?committeeId=%d", w.c.CS), w.deptTK, nil)
	if one.Structure != cs || len(one.Rows) != 2 {
		t.Fatalf("structure: %+v", one.Structure)
	}
	// The ID numbers' birth date (1990-01-01) puts 丙 at 36–40.
	if got := one.dim("age"); got["age30"] != 1 || got["age35"] != 1 || got["age40"] != 1 || got["age61"] != 0 {
		t.Fatalf("age: %v", got)
	}
	if got := one.dim("gender"); got["1"] != 2 || got["2"] != 1 {
		t.Fatalf("gender: %v", got)
	}
	if got := one.dim("education"); got["eduPostgrad"] != 1 || got["eduBachelor"] != 1 || got["eduHigh"] != 1 || got["eduSecondary"] != 0 {
		t.Fatalf("education: %v", got)
	}
	// 丁 was admitted three years ago and has died: not serving, admitted in
	// that year all the same.
	w.member(t, "丁", w.c.Branch, map[string]any{"joined_on": w.today.AddYears(-3), "member_status": member.StatusDeceased})
	one = apptest.DoJSON[analysis](t, w.e, 200, "GET", fmt.Sprintf("/api/dzzfx?committeeId=%d", w.c.CS), w.deptTK, nil)
	year := w.today.Time().Year()
	joined := map[int]int{}
	for _, j := range one.Joined {
		joined[j.Year] = j.Count
	}
	// 甲 and 乙 joined 2013 (the fixture's), out of the five years.
	if len(one.Joined) != 5 || joined[w.today.AddMonths(-2).Time().Year()] != 1 || joined[w.today.AddYears(-3).Time().Year()] != 1 ||
		joined[year-4]+joined[year-3]+joined[year-2]+joined[year-1]+joined[year] != 2 {
		t.Fatalf("joined: %+v", one.Joined)
	}

	// 计算机's officer sees 计算机 alone; 数学 is out of scope.
	own := apptest.DoJSON[analysis](t, w.e, 200, "GET", "/api/dzzfx", w.csTK, nil)
	if len(own.Rows) != 1 || own.Rows[0] != cs || own.Total.Members != 3 {
		t.Fatalf("cs rows: %+v", own.Rows)
	}
	apptest.ExpectMessage(t, w.e.Do("GET", fmt.Sprintf("/api/dzzfx?committeeId=%d", w.c.Math), w.csTK, nil), 404, "党组织不存在")
	apptest.ExpectMessage(t, w.e.Do("GET", fmt.Sprintf("/api/dzzfx?committeeId=%d", w.c.Branch), w.deptTK, nil), 404, "党组织不存在")
	apptest.ExpectField(t, w.e.Do("GET", "/api/dzzfx?committeeId=x", w.deptTK, nil), "committeeId", "二级党委参数错误")

	res := w.e.Do("GET", "/api/dzzfx/export", w.csTK, nil)
	apptest.Expect(t, res, 200)
	if !strings.HasPrefix(string(res.Body), "PK") || !strings.Contains(res.Header.Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("export: %q", res.Header)
	}
}

func TestRoutesRefuse401And403(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, path := range []string{"/api/dj/workbench", "/api/dzzfx", "/api/dzzfx/export"} {
		apptest.Expect(t, w.e.Do("GET", path, "", nil), 401)
		apptest.Expect(t, w.e.Do("GET", path, w.noPermTK, nil), 403)
	}
}
