package orglife_test

import (
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/home"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
)

func TestHomeMeetings_ThisMonthInScope(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	today := date.Today()
	meeting(t, w.e, w.branch, orglife.TypeBranchCommittee, string(today), orglife.StateClosed)
	meeting(t, w.e, w.branch, orglife.TypeThemeDay, string(today), orglife.StatePublished)
	csHome, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, home.PermView)
	got := apptest.DoJSON[orglife.MonthDue](t, w.e, 200, "GET", "/api/home/meetings", csHome, nil)
	items := apptest.ByKey(got.Items, func(i orglife.DueItem) string { return i.Key })
	if c := items[orglife.TypeBranchCommittee]; c.TypeCode != orglife.TypeBranchCommittee || items[orglife.MeasureSecretary].TypeCode != orglife.TypeLecture {
		t.Errorf("the types to hold: %+v", items)
	}
	if c := items[orglife.TypeBranchCommittee]; c.Orgs != 2 || c.Done != 1 || c.Open != 1 || c.PeriodEnd != today.Month().Last() {
		t.Errorf("支部委员会 this month %+v", c)
	}
	if d := items[orglife.TypeThemeDay]; d.Orgs != 2 || d.Planned != 1 || d.Open != 1 {
		t.Errorf("主题党日 this month %+v", d)
	}
	if m := items[orglife.TypeDemocratic]; m.Orgs != 1 { // 计算机's own; the school's and 数学's are out of scope
		t.Errorf("民主生活会 %+v", m)
	}
	if _, ok := items[orglife.MeasureTalk]; ok {
		t.Error("talks are no meeting")
	}
	if got.Missing < len(got.Gaps) || len(got.Gaps) > 10 {
		t.Errorf("missing %d, gaps %+v", got.Missing, got.Gaps)
	}
	for _, g := range got.Gaps {
		if g.OrgID != w.branch && g.OrgID != w.young && g.OrgID != w.cs {
			t.Errorf("a gap out of scope: %+v", g)
		}
	}
	apptest.Expect(t, w.e.Do("GET", "/api/home/meetings", w.noTK, nil), 403)
}
