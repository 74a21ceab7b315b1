package cadre_test

import (
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
	"zhdj/internal/platform/audit"
)

type trailEntry struct {
	ID       int64          `json:"id"`
	Type     int            `json:"type"`
	Origin   int            `json:"origin"`
	Changes  []audit.Change `json:"changes"`
	Snapshot map[string]any `json:"snapshot"`
}

func (w *world) trail(t testing.TB, cadreID int64) []trailEntry {
	t.Helper()
	rows, _ := apptest.GetPage[trailEntry](t, w.e, w.adminTK, path("/api/gbjbxx/%d/trail", cadreID), nil)
	return rows
}

// A résumé row is checked, trailed under its cadre on add, change and
// removal, and a removed row comes back by restoring its trail entry.
func TestSubTableTrailAndRestore(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.create(t, w.adminTK, cadreBody("张三", w.csUnit))
	base := path("/api/gbjbxx/%d/jl", c.ID)
	apptest.ExpectField(t, w.e.Do("POST", base, w.adminTK, map[string]any{"startOn": "2001-09-01", "endOn": "2000-07-01", "text": "学习"}),
		"endOn", "终止时间不能早于起始时间")
	apptest.ExpectField(t, w.e.Do("POST", base, w.adminTK, map[string]any{"startOn": "2001-09-01", "text": ""}), "text", "请输入经历（不超过500个字）")
	row := apptest.DoJSON[cadre.Resume](t, w.e, 201, "POST", base, w.adminTK, map[string]any{"startOn": "1993-09-01", "endOn": "1997-07-01", "text": "北京大学数学系学习"})
	apptest.DoJSON[cadre.Resume](t, w.e, 200, "PUT", base, w.adminTK, map[string]any{"id": row.ID, "startOn": "1993-09-01", "endOn": "1997-07-01", "text": "北京大学数学科学学院学习"})
	apptest.Expect(t, w.e.Do("DELETE", base, w.adminTK, []int64{row.ID}), 204)
	rows := apptest.DoJSON[[]cadre.Resume](t, w.e, 200, "GET", base, w.adminTK, nil)
	if len(rows) != 0 {
		t.Fatalf("after delete %+v", rows)
	}
	entries := w.trail(t, c.ID) // newest first: delete, update, add, the cadre's add
	if len(entries) != 4 || entries[0].Type != audit.TypeDelete || entries[1].Type != audit.TypeUpdate || entries[2].Type != audit.TypeAdd {
		t.Fatalf("trail %+v", entries)
	}
	if ch := entries[1].Changes; len(ch) != 1 || ch[0].Field != "jl.text" || ch[0].Label != "简历·经历" || ch[0].New != "北京大学数学科学学院学习" {
		t.Fatalf("update changes %+v", ch)
	}
	// Restoring the update's entry brings the removed row back as it was then.
	apptest.Expect(t, w.e.Do("POST", "/api/gbjbxx/trail/restore", w.adminTK, map[string]any{"trailId": entries[1].ID}), 200)
	rows = apptest.DoJSON[[]cadre.Resume](t, w.e, 200, "GET", base, w.adminTK, nil)
	if len(rows) != 1 || rows[0].Text != "北京大学数学科学学院学习" || rows[0].StartOn != "1993-09-01" {
		t.Fatalf("restored %+v", rows)
	}
	after := w.trail(t, c.ID)
	if after[0].Origin != audit.OriginUserRestore || after[0].Type != audit.TypeAdd {
		t.Fatalf("restore entry %+v", after[0])
	}
	// Restoring the cadre's own entry is the basic information's restore:
	// nothing changed since, so it is refused.
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/gbjbxx/trail/restore", w.adminTK, map[string]any{"trailId": entries[3].ID}), 400,
		"当前信息与该变动记录一致，无需还原")
	// Another unit leader cannot see or restore the entry.
	w.setUnitLeaders(t, true)
	mathTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.math, cadre.Perms.List, cadre.Perms.Edit)
	apptest.Expect(t, w.e.Do("POST", "/api/gbjbxx/trail/restore", mathTK, map[string]any{"trailId": entries[1].ID}), 404)
}

// A family member's name and employer are stored encrypted, shown in clear
// to those who see the cadre, and masked in the trail.
func TestFamilyEncrypted(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.create(t, w.adminTK, cadreBody("张三", w.csUnit))
	base := path("/api/gbjbxx/%d/jtcy", c.ID)
	f := apptest.DoJSON[cadre.Family](t, w.e, 201, "POST", base, w.adminTK, map[string]any{"relation": "妻子", "name": "李丽华",
		"birthOn": "1976-05-01", "politicalStatus": "01", "employerPost": "北京市第一中学教师"})
	if f.Name != "李丽华" || f.NameEnc != "" {
		t.Fatalf("answer %+v", f)
	}
	var enc string
	if err := w.e.DB.NewSelect().Table("gb_jtcy").Column("name_enc").Where("id = ?", f.ID).Scan(t.Context(), &enc); err != nil {
		t.Fatal(err)
	}
	if enc == "" || strings.Contains(enc, "李丽华") {
		t.Fatalf("name stored as %q", enc)
	}
	rows := apptest.DoJSON[[]cadre.Family](t, w.e, 200, "GET", base, w.adminTK, nil)
	if len(rows) != 1 || rows[0].EmployerPost != "北京市第一中学教师" {
		t.Fatalf("list %+v", rows)
	}
	for _, ch := range w.trail(t, c.ID)[0].Changes {
		if strings.Contains(ch.New, "李丽华") || strings.Contains(ch.New, "第一中学") {
			t.Fatalf("trail shows %+v", ch)
		}
	}
	apptest.ExpectField(t, w.e.Do("POST", path("/api/gbjbxx/%d/khqk", c.ID), w.adminTK, map[string]any{"year": 2024, "grade": "良好"}),
		"grade", "考核结果须为优秀、称职、基本称职、不称职")
}
