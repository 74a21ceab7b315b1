package system_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"zhdj/internal/app"
	"zhdj/internal/apptest"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/search"
)

// storedPhone is what the database holds of an account's phone.
type storedPhone struct {
	Enc string `bun:"phone_enc"`
	Idx string `bun:"phone_idx"`
}

func phoneRow(t *testing.T, e *apptest.Env, username string) storedPhone {
	t.Helper()
	var p storedPhone
	if err := e.DB.NewSelect().Table("sys_user").Column("phone_enc", "phone_idx").
		Where("username = ?", username).Scan(context.Background(), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// An account's phone is personal data: it never rests in clear, the list
// still shows it to whoever manages the account, the keyword box finds it
// exactly (its blind index), and an unchanged phone keeps its ciphertext.
func TestAccountPhoneRestsEncrypted(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	res := e.Do("POST", "/api/users", e.AdminTK, map[string]any{"username": "phoneholder", "nickName": "李四", "phone": "13812345678"})
	apptest.Expect(t, res, 201)
	id := res.Map(t)["id"]
	stored := phoneRow(t, e, "phoneholder")
	if stored.Enc == "" || strings.Contains(stored.Enc, "13812345678") || stored.Idx != e.Sys.PhoneIndex("13812345678") {
		t.Fatalf("stored %+v", stored)
	}
	list := string(e.Do("POST", "/api/users/list", e.AdminTK, map[string]any{"blurry": "13812345678"}).Body)
	if !strings.Contains(list, `"username":"phoneholder"`) || !strings.Contains(list, `"phone":"13812345678"`) {
		t.Fatalf("by phone: %s", list)
	}
	// A part of a phone is no longer a key: the phone is found whole.
	if list := string(e.Do("POST", "/api/users/list", e.AdminTK, map[string]any{"blurry": "1234567"}).Body); strings.Contains(list, "phoneholder") {
		t.Fatalf("by part of a phone: %s", list)
	}
	if list := string(e.Do("POST", "/api/users/list", e.AdminTK, map[string]any{"blurry": "李四"}).Body); !strings.Contains(list, "phoneholder") {
		t.Fatalf("by name: %s", list)
	}
	apptest.Expect(t, e.Do("PUT", "/api/users", e.AdminTK, map[string]any{"id": id, "username": "phoneholder", "nickName": "李四光", "phone": "13812345678"}), 204)
	if again := phoneRow(t, e, "phoneholder"); again != stored {
		t.Fatalf("an unchanged phone was sealed again: %+v then %+v", stored, again)
	}
	apptest.Expect(t, e.Do("PUT", "/api/users", e.AdminTK, map[string]any{"id": id, "username": "phoneholder", "nickName": "李四光", "phone": "13900001111"}), 204)
	if changed := phoneRow(t, e, "phoneholder"); changed.Idx != e.Sys.PhoneIndex("13900001111") {
		t.Fatalf("changed %+v", changed)
	}
	// The personal centre seals the caller's own phone the same way.
	apptest.Expect(t, e.Do("PUT", "/api/users/center", e.AdminTK, map[string]any{"nickName": "管理员", "phone": "13700007777"}), 204)
	if own := phoneRow(t, e, "admin"); own.Idx != e.Sys.PhoneIndex("13700007777") {
		t.Fatalf("centre %+v", own)
	}
}

// The phones an older version kept in clear are moved into the encrypted
// column by the migration (with the installation's key on its context), the
// plaintext column is dropped, and the keyword box still works; without the
// key the migration refuses rather than lose the phones.
func TestMigrationSealsPlainPhones(t *testing.T) {
	t.Parallel()
	var before []db.Migration
	for _, m := range app.Migrations() {
		if m.Version < 2026121290 {
			before = append(before, m)
		}
	}
	database := db.NewTest(t, before)
	ctx := context.Background()
	if _, err := database.ExecContext(ctx, `INSERT INTO sys_user (username, nick_name, phone, password_hash, created_at, updated_at)
		VALUES ('legacy', '旧账号', '13611112222', 'x', ?, ?)`, time.Now(), time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(ctx, database, app.Migrations()); err == nil || !strings.Contains(err.Error(), "plaintext phones") {
		t.Fatalf("without a key: %v", err)
	}
	key := make([]byte, 64)
	cipher, err := crypto.New(key)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(crypto.WithCipher(ctx, cipher), database, app.Migrations()); err != nil {
		t.Fatal(err)
	}
	var row struct {
		Enc string `bun:"phone_enc"`
		Idx string `bun:"phone_idx"`
	}
	if err := database.NewSelect().Table("sys_user").Column("phone_enc", "phone_idx").Where("username = 'legacy'").Scan(ctx, &row); err != nil {
		t.Fatal(err)
	}
	if plain, err := cipher.Decrypt(row.Enc); err != nil || plain != "13611112222" || row.Idx != cipher.Index("13611112222") {
		t.Fatalf("sealed %+v: %q %v", row, plain, err)
	}
	if _, err := database.ExecContext(ctx, "SELECT phone FROM sys_user"); err == nil {
		t.Fatal("the plaintext column is still there")
	}
	cond, args := search.Match(db.IsPostgres(database), "旧账", []string{"u.username", "u.nick_name", "u.email"}, search.On{Index: search.Index{Table: "sys_user", Columns: []string{"username", "nick_name", "email"}}, Alias: "u"})
	if n, err := database.NewSelect().TableExpr("sys_user AS u").Where(cond, args...).Count(ctx); err != nil || n != 1 {
		t.Fatalf("keyword search after the migration: %d %v", n, err)
	}
}
