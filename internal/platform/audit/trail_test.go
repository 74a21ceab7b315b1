package audit_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"testing"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

func TestMain(m *testing.M) { db.TestMain(m) }

// Module ids of this test (the domains own theirs).
const (
	moduleMember = 10
	moduleOrg    = 20
	moduleUnit   = 30
)

var fields = audit.Fields{{Name: "name", Label: "姓名"}, {Name: "phone", Label: "手机号"}, {Name: "org", Label: "所在党组织"}}

func TestDiffKeepsFieldOrderAndLabels(t *testing.T) {
	t.Parallel()
	got := fields.Diff(map[string]string{"name": "张三", "phone": "1", "org": "A"}, map[string]string{"name": "张三", "phone": "2", "org": "B"})
	if len(got) != 2 || got[0].Label != "手机号" || got[0].Old != "1" || got[1].Field != "org" || got[1].New != "B" {
		t.Fatalf("%+v", got)
	}
	if len(fields.Diff(map[string]string{"name": "x"}, map[string]string{"name": "x"})) != 0 {
		t.Fatal("no change reported as a change")
	}
}

func TestRecordListGet(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, audit.Migrations())
	ctx := rbac.With(context.Background(), &rbac.Principal{UserID: 7, Username: "zuzhibu"})
	snap := map[string]string{"name": "张三", "phone": "2"}
	if err := audit.Record(ctx, database, moduleMember, 42, audit.TypeAdd, audit.OriginUserCreate, nil, snap, nil); err != nil {
		t.Fatal(err)
	}
	changes := fields.Diff(map[string]string{"phone": "1"}, map[string]string{"phone": "2"})
	if err := audit.Record(ctx, database, moduleMember, 42, audit.TypeUpdate, audit.OriginUserUpdate, changes, snap, nil); err != nil {
		t.Fatal(err)
	}
	audit.Record(ctx, database, moduleOrg, 42, audit.TypeAdd, audit.OriginUserCreate, nil, snap, nil) //nolint:errcheck
	list, total, err := audit.List(ctx, database, moduleMember, 42, 10, 0)
	if err != nil || total != 2 || list[0].Type != audit.TypeUpdate || list[0].Changes[0].Label != "手机号" || list[0].OperatorName != "zuzhibu" {
		t.Fatalf("%v %d %+v", err, total, list)
	}
	e, err := audit.Get(ctx, database, moduleMember, list[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]string
	if err := json.Unmarshal(e.Snapshot, &back); err != nil || back["phone"] != "2" {
		t.Fatalf("snapshot %s", e.Snapshot)
	}
	// An entry of another module is not found through this module.
	if _, err := audit.Get(ctx, database, moduleOrg, list[0].ID); err == nil {
		t.Fatal("entry read through the wrong module")
	}
}

// Page labels entries and pages them newest first; Snapshot decodes one
// entry of its module and answers the trail's Chinese 400/404 otherwise.
func TestPageAndSnapshot(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, audit.Migrations())
	ctx := rbac.With(context.Background(), &rbac.Principal{UserID: 7, Username: "zuzhibu"})
	for i := 0; i < 3; i++ {
		snap := map[string]int{"n": i}
		if err := audit.Record(ctx, database, moduleUnit, 5, audit.TypeUpdate, audit.OriginSystemImportUpdate, nil, snap, nil); err != nil {
			t.Fatal(err)
		}
	}
	labels := map[string]map[string]string{audit.DictType: {"2": "修改"}, audit.DictOrigin: {"4": "导入更新"}}
	label := func(dict, value string) string { return labels[dict][value] }
	lq, err := httpx.ReadListQuery(httptest.NewRequest("GET", "/x?page=1&size=2", nil))
	if err != nil {
		t.Fatal(err)
	}
	page, err := audit.Page(ctx, database, moduleUnit, 5, lq.Page, label)
	if err != nil || page.TotalElements != 3 || len(page.Content) != 1 {
		t.Fatalf("%v %+v", err, page)
	}
	first := page.Content[0]
	if first.TypeLabel != "修改" || first.OriginLabel != "导入更新" {
		t.Fatalf("labels %+v", first)
	}
	var snap map[string]int
	e, err := audit.Snapshot(ctx, database, moduleUnit, first.ID, &snap)
	if err != nil || e.RecordID != 5 || snap["n"] != 0 {
		t.Fatalf("%v %+v %v", err, e, snap)
	}
	var he *httpx.Error
	if _, err := audit.Snapshot(ctx, database, moduleOrg, first.ID, &snap); !errors.As(err, &he) || he.Status != 404 || he.Message != "变动记录不存在" {
		t.Fatalf("other module: %v", err)
	}
	if _, err := audit.Snapshot(ctx, database, moduleUnit, 0, &snap); !errors.As(err, &he) || he.Status != 400 {
		t.Fatalf("no id: %v", err)
	}
	// A bad page is refused as the trail endpoints read it, before the trail.
	if _, err := httpx.ReadListQuery(httptest.NewRequest("GET", "/x?page=-1", nil)); !errors.As(err, &he) || he.Status != 400 {
		t.Fatalf("bad page: %v", err)
	}
}
