package imports_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/imports"
	"zhdj/internal/platform/db"
)

// plaintextAt lists "table.column" of every text or blob column of every
// table holding one of needles.
func plaintextAt(t testing.TB, database *bun.DB, needles []string) []string {
	t.Helper()
	ctx := context.Background()
	type col struct{ table, name string }
	var cols []col
	if db.IsPostgres(database) {
		rows, err := database.QueryContext(ctx, `SELECT table_name, column_name FROM information_schema.columns
			WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea')`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var c col
			if err := rows.Scan(&c.table, &c.name); err != nil {
				t.Fatal(err)
			}
			cols = append(cols, c)
		}
		rows.Close()
	} else {
		var tables []string
		if err := database.NewRaw(`SELECT name FROM sqlite_master WHERE type = 'table'`).Scan(ctx, &tables); err != nil {
			t.Fatal(err)
		}
		for _, tb := range tables {
			rows, err := database.QueryContext(ctx, `SELECT name, type FROM pragma_table_info(?)`, tb)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var name, typ string
				if err := rows.Scan(&name, &typ); err != nil {
					t.Fatal(err)
				}
				typ = strings.ToUpper(typ)
				if typ == "" || strings.Contains(typ, "CHAR") || strings.Contains(typ, "TEXT") || strings.Contains(typ, "CLOB") ||
					strings.Contains(typ, "BLOB") || strings.Contains(typ, "JSON") {
					cols = append(cols, col{tb, name})
				}
			}
			rows.Close()
		}
	}
	if len(cols) < 50 {
		t.Fatalf("only %d text columns found: the scan is not looking", len(cols))
	}
	var found []string
	for _, c := range cols {
		var conds []string
		var args []any
		for _, n := range needles {
			conds = append(conds, "CAST(? AS TEXT) LIKE ?")
			args = append(args, bun.Ident(c.name), "%"+n+"%")
		}
		n, err := database.NewSelect().TableExpr("?", bun.Ident(c.table)).Where(strings.Join(conds, " OR "), args...).Count(ctx)
		if err != nil {
			t.Fatalf("%s.%s: %v", c.table, c.name, err)
		}
		if n > 0 {
			found = append(found, c.table+"."+c.name)
		}
	}
	return found
}

// Members imported with their ID numbers and phones: no table holds one of
// them in clear, neither while the batch is staged (nor after a row is
// corrected) nor after the commit, which also deletes the staged rows
// and keeps the batch as history.
func TestImportLeavesNoPlaintextIDNumberOrPhoneAtRest(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var needles []string
	sheet := [][]string{memberHeader}
	for i := range 3 {
		id, phone := idNumber("19850101", 100+i), fmt.Sprintf("1390013%04d", 7000+i)
		r := memberRow(fmt.Sprintf("明文%d", i), id, "B1")
		r[3] = phone
		sheet = append(sheet, r)
		needles = append(needles, id, phone)
	}
	// The third row has a wrong check character: the user corrects it in the wizard.
	good := sheet[3][1]
	sheet[3][1] = badCheck(good)
	needles = append(needles, sheet[3][1])
	b := w.stage(t, dy, w.e.AdminTK, sheet)
	if found := plaintextAt(t, w.e.DB, needles); len(found) > 0 {
		t.Fatalf("staged: plaintext in %v", found)
	}
	rows := w.rows(t, dy, w.e.AdminTK, b.ID, "")
	if id := rows[0].Cells["idNumber"]; id != "110101********"+needles[0][14:] || rows[0].Cells["phone"] != "139****7000" {
		t.Fatalf("staged cells shown %v", rows[0].Cells)
	}
	// The fix form sends every cell back: the masked phone (untouched) is
	// kept, the retyped ID number replaces the wrong one.
	bad := rows[2]
	cells := bad.Cells
	cells["idNumber"] = good
	res := w.e.Do("PUT", fmt.Sprintf("/api/import/%s/batches/%d/rows/%d", dy, b.ID, bad.ID), w.e.AdminTK, map[string]any{"cells": cells})
	apptest.Expect(t, res, 200)
	var edited imports.EditResult
	res.JSON(t, &edited)
	if edited.Batch.InvalidCount != 0 || edited.Row.Status != imports.StatusNew || edited.Row.Cells["phone"] != cells["phone"] {
		t.Fatalf("after the fix: %+v %+v", edited.Batch, edited.Row)
	}
	if found := plaintextAt(t, w.e.DB, needles); len(found) > 0 {
		t.Fatalf("after a fix: plaintext in %v", found)
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/import/%s/batches/%d/commit", dy, b.ID), w.e.AdminTK, nil), 200)
	if found := plaintextAt(t, w.e.DB, needles); len(found) > 0 {
		t.Fatalf("committed: plaintext in %v", found)
	}
	if n := w.count(t, "imp_row", "batch_id = ?", b.ID); n != 0 {
		t.Errorf("%d staged rows left after the commit", n)
	}
	if n := w.count(t, "imp_batch", "id = ? AND state = ? AND new_count = 3", b.ID, imports.StateImportEnd); n != 1 {
		t.Error("the committed batch is not kept as history")
	}
	// The members were written, with the phone kept from the masked cell.
	if n := w.count(t, "dyjbxx", ""); n != 3 {
		t.Fatalf("%d members", n)
	}
	var page struct{ Content []map[string]any }
	res = w.e.Do("GET", "/api/dyjbxx?blurry=明文2", w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	res.JSON(t, &page)
	if len(page.Content) != 1 || page.Content[0]["phone"] != "139****7002" {
		t.Fatalf("the corrected member: %v", page.Content)
	}
}

// A batch never imported expires after the setting (default 7 days): the
// maintenance purge deletes it with its staged rows; a fresh batch and an
// imported one (kept as history) stay.
func TestAbandonedBatchesExpireWithTheirStagedRows(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := t.Context()
	old := w.stage(t, dy, w.e.AdminTK, [][]string{memberHeader, memberRow("过期", idNumber("19800101", 11), "B1")})
	fresh := w.stage(t, dy, w.e.AdminTK, [][]string{memberHeader, memberRow("新鲜", idNumber("19800101", 12), "B1")})
	done := w.stage(t, dy, w.e.AdminTK, [][]string{memberHeader, memberRow("已导入", idNumber("19800101", 13), "B1")})
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/import/%s/batches/%d/commit", dy, done.ID), w.e.AdminTK, nil), 200)
	eightDaysAgo := time.Now().UTC().Add(-8 * 24 * time.Hour)
	if _, err := w.e.DB.NewUpdate().Table("imp_batch").Set("created_at = ?", eightDaysAgo).
		Where("id IN (?)", bun.In([]int64{old.ID, done.ID})).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	// A longer expiry set by an administrator keeps the 8-day-old batch.
	setExpiry(t, w, "30")
	if err := w.e.App.Imports.PurgeExpired(ctx); err != nil {
		t.Fatal(err)
	}
	if w.count(t, "imp_batch", "id = ?", old.ID) != 1 {
		t.Fatal("purged before the configured 30 days")
	}
	setExpiry(t, w, "7")
	if err := w.e.App.Imports.PurgeExpired(ctx); err != nil {
		t.Fatal(err)
	}
	if w.count(t, "imp_batch", "id = ?", old.ID)+w.count(t, "imp_row", "batch_id = ?", old.ID) != 0 {
		t.Error("the expired batch or its rows stayed")
	}
	if w.count(t, "imp_batch", "id = ?", fresh.ID) != 1 || w.count(t, "imp_row", "batch_id = ?", fresh.ID) != 1 {
		t.Error("the fresh batch was purged")
	}
	if w.count(t, "imp_batch", "id = ?", done.ID) != 1 {
		t.Error("the imported batch (history) was purged")
	}
}

// setExpiry changes the expiry setting through the settings API.
func setExpiry(t *testing.T, w *world, days string) {
	t.Helper()
	var id int64
	if err := w.e.DB.NewSelect().Table("sys_config").Column("id").Where("config_key = ?", imports.CfgBatchExpireDays).
		Scan(t.Context(), &id); err != nil {
		t.Fatalf("the setting is not seeded: %v", err)
	}
	res := w.e.Do("PUT", "/api/sysConfig", w.e.AdminTK, map[string]any{"id": id, "configKey": imports.CfgBatchExpireDays,
		"configValue": days, "configName": "未导入批次保留天数", "configGroup": "security", "valueKind": "int"})
	if res.Status != 200 && res.Status != 204 {
		t.Fatalf("update setting: %d %s", res.Status, res.Body)
	}
}
