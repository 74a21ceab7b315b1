package record_test

import (
	"context"
	"errors"
	"testing"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// WriteError keeps the domain's answers and names the broken constraint by
// the messages it is given; a foreign key nobody expects is a 500.
func TestWriteError(t *testing.T) {
	t.Parallel()
	// The package's test databases share one template (audit's tables): the
	// sample tables are made here.
	database := db.NewTest(t, audit.Migrations())
	ctx := context.Background()
	for _, ddl := range []string{`CREATE TABLE sample_parent (id BIGINT PRIMARY KEY)`,
		`CREATE TABLE sample (id BIGINT PRIMARY KEY, code VARCHAR(8) NOT NULL UNIQUE, parent_id BIGINT NULL REFERENCES sample_parent(id))`} {
		if _, err := database.ExecContext(ctx, ddl); err != nil {
			t.Fatal(err)
		}
	}
	if record.WriteError(nil, "重复", "不存在") != nil {
		t.Fatal("nil became an error")
	}
	mine := httpx.Invalid("code", "编码无效")
	if err := record.WriteError(mine, "重复", "不存在"); err != mine {
		t.Fatalf("domain error: %v", err)
	}
	if _, err := database.ExecContext(ctx, "INSERT INTO sample (id, code) VALUES (1, 'a')"); err != nil {
		t.Fatal(err)
	}
	_, dup := database.ExecContext(ctx, "INSERT INTO sample (id, code) VALUES (2, 'a')")
	_, orphan := database.ExecContext(ctx, "INSERT INTO sample (id, code, parent_id) VALUES (3, 'b', 9)")
	var he *httpx.Error
	for _, c := range []struct {
		err     error
		fk      string
		status  int
		message string
	}{
		{dup, "不存在", 409, "重复"},
		{orphan, "不存在", 400, "不存在"},
		{orphan, "", 500, "服务器内部错误，请稍后重试"},
		{errors.New("down"), "不存在", 500, "服务器内部错误，请稍后重试"},
	} {
		if err := record.WriteError(c.err, "重复", c.fk); !errors.As(err, &he) || he.Status != c.status || he.Message != c.message {
			t.Errorf("%v: %v", c.err, err)
		}
	}
}
