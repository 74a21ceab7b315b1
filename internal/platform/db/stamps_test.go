package db_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// {{stamps}} declares the two NOT NULL columns of an embedded Stamps, which
// writes and reads them on both databases (ZHDJ_TEST_DB picks which) and
// shows them as createTime and updateTime.
func TestStampsColumns(t *testing.T) {
	t.Parallel()
	type stampedRow struct {
		bun.BaseModel `bun:"table:t_stamped,alias:t"`
		ID            int64  `bun:"id,pk,autoincrement" json:"id"`
		Name          string `bun:"name" json:"name"`
		db.Stamps
	}
	ctx := context.Background()
	database := db.NewTest(t, schema) // t_stamped: id, name, {{stamps}}
	created := time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC)
	row := &stampedRow{Name: "甲", Stamps: db.StampsAt(created)}
	if _, err := database.NewInsert().Model(row).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	changed := created.Add(time.Hour)
	if _, err := database.NewUpdate().Model(row).Set("updated_at = ?", changed).WherePK().Exec(ctx); err != nil {
		t.Fatal(err)
	}
	var got stampedRow
	if err := database.NewSelect().Model(&got).Where("id = ?", row.ID).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if !got.CreatedAt.Equal(created) || !got.UpdatedAt.Equal(changed) {
		t.Fatalf("stamps read back as %v, %v", got.CreatedAt, got.UpdatedAt)
	}
	body, _ := json.Marshal(got.Stamps)
	if want := `{"createTime":"2026-03-01T08:00:00Z","updateTime":"2026-03-01T09:00:00Z"}`; string(body) != want {
		t.Errorf("JSON %s, want %s", body, want)
	}
	// Both columns refuse NULL: a row without stamps is not written.
	if _, err := database.ExecContext(ctx, `INSERT INTO t_stamped (name, created_at) VALUES ('乙', ?)`, created); err == nil {
		t.Error("a row without updated_at was written")
	}
}
