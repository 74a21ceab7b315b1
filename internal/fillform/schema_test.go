package fillform_test

import (
	"slices"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fillform"
)

// 填报表单管理 and 填报信息管理 sit under 组织生活 for the 组织部 and the 二级党委;
// every member fills in (txbd:fill, no page of
// its own in the menus: the member's navigation and the to-dos lead there).
// The demo writes its forms with a mix of states the pages show.
func TestMenusGrantsAndDemo(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	pages := w.e.Pages(t, "/orglife")
	if i := slices.Index(pages, fillform.FormsPage); i < 0 || !slices.Contains(pages, fillform.EntriesPage) || slices.Index(pages, fillform.EntriesPage) != i+1 {
		t.Fatalf("pages %v", pages)
	}
	// The administrators fill in too (they are members), and a caller grants only what it holds.
	admin := []string{"txbd:add", "txbd:del", "txbd:edit", "txbd:export", "txbd:fill", "txbd:list", "txbd:publish", "txbd:review"}
	for role, want := range map[string][]string{"组织部管理员": admin, "二级党委管理员": admin, "党支部书记": {"txbd:fill"}, "党员": {"txbd:fill"}} {
		if got := slices.Sorted(slices.Values(w.e.Grants(t, role, "txbd:"))); !slices.Equal(got, want) {
			t.Errorf("%s holds %v, want %v", role, got, want)
		}
	}

	now := time.Now()
	res, err := w.e.App.FillForm.SeedDemo(t.Context(), fillform.DemoOptions{Seed: 5, Today: now})
	if err != nil {
		t.Fatal(err)
	}
	// The branches' form (3 branches), 计算机's members (3), last year's of 计算机's branches (2), a draft.
	if res.Forms != 4 || res.Entries != 3+3+2 {
		t.Fatalf("demo %+v", res)
	}
	forms, _ := apptest.GetPage[fillform.FormView](t, w.e, w.e.AdminTK, "/api/txbd/forms", nil)
	states := map[string]int{}
	for _, f := range forms {
		states[f.Status]++
		if f.Status != fillform.FormDraft && f.Total == 0 {
			t.Errorf("published without entries %+v", f)
		}
		rows := w.entries(t, w.e.AdminTK, f.ID, nil)
		for _, e := range rows {
			switch {
			case e.State != fillform.EntryEmpty && e.SavedAt == nil:
				t.Errorf("an entry past 未填报 never saved %+v", e)
			case (e.State == fillform.EntrySubmitted || e.State == fillform.EntryPassed) && (e.SubmittedAt == nil || e.SubmittedAt.After(now)):
				t.Errorf("submitted entry %+v", e)
			}
		}
	}
	if states[fillform.FormDraft] != 1 || states[fillform.FormPublished] != 2 || states[fillform.FormClosed] != 1 {
		t.Errorf("states %v", states)
	}
	// 计算机's administrators see the forms 计算机 sent, not the 党委's.
	if cs, _ := apptest.GetPage[fillform.FormView](t, w.e, w.csTK, "/api/txbd/forms", nil); len(cs) != 2 {
		t.Errorf("计算机's forms %+v", cs)
	}
}
