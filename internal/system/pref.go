package system

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// A user's preferences (a table's columns, …) are kept on the server, so they
// follow the user to every browser. Each is a small JSON value under a key
// the web chooses (e.g. "columns.party.dyjbxx"); only the signed-in user
// reads and writes their own, and both size and count are bounded.
const (
	MaxPrefBytes    = 4096 // one value's JSON
	MaxPrefsPerUser = 200  // keys per user
)

var prefKeyPattern = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,64}$`)

// UserPref is one stored preference.
type UserPref struct {
	bun.BaseModel `bun:"table:sys_user_pref,alias:up"`
	ID            int64     `bun:"id,pk,autoincrement"`
	UserID        int64     `bun:"user_id"`
	Key           string    `bun:"pref_key"`
	Value         string    `bun:"value"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

// Pref is a preference as the API answers and takes it; Value is null when
// none is stored (PUT with null forgets it).
type Pref struct {
	Key   string          `json:"key"`
	Value json.RawMessage `json:"value"`
}

func (s *Service) prefRoutes(rs *httpx.Routes) {
	rs.Get("/api/users/prefs", httpx.SignedIn, "读取个人设置", func(w http.ResponseWriter, r *http.Request) error {
		p, err := s.MyPref(r.Context(), r.URL.Query().Get("key"))
		if err != nil {
			return err
		}
		return httpx.OK(w, p)
	})
	rs.Put("/api/users/prefs", httpx.SignedIn, "保存个人设置", httpx.Update(s.SaveMyPref))
}

func checkPrefKey(key string) error {
	if !prefKeyPattern.MatchString(key) {
		return httpx.Invalid("key", "偏好设置的键只能由字母、数字和 . _ : - 组成，且不超过64个字符")
	}
	return nil
}

// MyPref is the signed-in user's preference under key (Value null: none).
func (s *Service) MyPref(ctx context.Context, key string) (Pref, error) {
	if err := checkPrefKey(key); err != nil {
		return Pref{}, err
	}
	out := Pref{Key: key, Value: json.RawMessage("null")}
	var row UserPref
	err := s.db.NewSelect().Model(&row).Where("up.user_id = ?", rbac.From(ctx).UserID).Where("up.pref_key = ?", key).Scan(ctx)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return out, nil
	case err != nil:
		return Pref{}, httpx.Internal(err)
	}
	out.Value = json.RawMessage(row.Value)
	return out, nil
}

// SaveMyPref stores the signed-in user's preference (a null value forgets it).
func (s *Service) SaveMyPref(ctx context.Context, in Pref) error {
	if err := checkPrefKey(in.Key); err != nil {
		return err
	}
	if len(in.Value) > MaxPrefBytes {
		return httpx.Invalid("value", "偏好设置过大（不超过%d字节）", MaxPrefBytes)
	}
	user := rbac.From(ctx).UserID
	forget := len(in.Value) == 0 || string(in.Value) == "null"
	return httpx.AsError(db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		del := tx.NewDelete().Model((*UserPref)(nil)).Where("user_id = ?", user).Where("pref_key = ?", in.Key)
		if forget {
			_, err := del.Exec(ctx)
			return err
		}
		others, err := tx.NewSelect().Model((*UserPref)(nil)).Where("up.user_id = ?", user).Where("up.pref_key <> ?", in.Key).Count(ctx)
		if err != nil {
			return err
		}
		if others >= MaxPrefsPerUser {
			return httpx.BadRequest("偏好设置已达上限（%d项）", MaxPrefsPerUser)
		}
		// Replace in one transaction: the same statements on both databases.
		if _, err := del.Exec(ctx); err != nil {
			return err
		}
		_, err = tx.NewInsert().Model(&UserPref{UserID: user, Key: in.Key, Value: string(in.Value), UpdatedAt: s.now()}).Exec(ctx)
		return err
	}))
}

func migrateUserPrefs(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx,
		`CREATE TABLE sys_user_pref (
			id {{pk}},
			user_id BIGINT NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
			pref_key VARCHAR(64) NOT NULL,
			value TEXT NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE UNIQUE INDEX uq_sys_user_pref ON sys_user_pref(user_id, pref_key)`)
}
