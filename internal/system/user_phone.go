package system

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/idcard"
	"zhdj/internal/platform/search"
)

// An account's phone is personal data: it rests encrypted (phone_enc) next
// to its blind index (phone_idx), which the SMS sign-in and the user list's
// keyword box find it by. The plaintext column of the first schema is gone
// (userPhoneMigration).

// sealPhone is the stored pair of an account's phone; an unchanged phone
// (cur, stored as curEnc) keeps its ciphertext.
func (s *Service) sealPhone(phone, cur, curEnc string) (enc, idx string) {
	return s.opts.Cipher.Seal(phone, phone, cur, curEnc)
}

// PhoneIndex is the blind index an account's phone is found by.
func (s *Service) PhoneIndex(phone string) string { return s.opts.Cipher.Index(phone) }

// PhoneIndexes are the blind indexes a phone may be stored under (every key
// a re-encryption has not finished with): what a search compares.
func (s *Service) PhoneIndexes(phone string) []string { return s.opts.Cipher.Indexes(phone) }

// phoneOf is u's phone in clear; a value this installation's key cannot open
// reads as empty (and is logged) rather than failing the whole list.
func (s *Service) phoneOf(u *User) string {
	plain, err := s.opts.Cipher.Decrypt(u.PhoneEnc)
	if err != nil {
		slog.Error("account phone cannot be decrypted", "user", u.ID, "err", err)
		return ""
	}
	return plain
}

// userText is the user list's keyword filter: a substring of the username,
// the name or the e-mail (the text-search index), or, when the text is a
// mobile number, the phone exactly through its blind index.
func (s *Service) userText(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
	text := fmt.Sprint(v)
	cond, args := search.Match(db.IsPostgres(s.db), text, []string{"u.username", "u.nick_name", "u.email"}, search.On{Index: userSearch, Alias: "u"})
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		g = g.Where(cond, args...)
		if idcard.IsMobilePhone(text) {
			g = g.WhereOr("u.phone_idx IN (?)", bun.In(s.PhoneIndexes(text)))
		}
		return g
	}), nil
}

// userPhoneMigration moves the accounts' phones out of the plaintext column
// into the encrypted one with its index (the key comes with the migration's
// context: crypto.WithCipher), drops the plaintext column, and takes the
// phone out of the text-search index (a phone is found exactly, by its
// blind index, like the members' and the registry's).
func userPhoneMigration() db.Migration {
	return db.Migration{Version: 2026121290, Name: "accounts: the phone encrypted, with its blind index; the plaintext column dropped",
		Up: func(ctx context.Context, tx bun.Tx) error {
			if err := db.DDL(ctx, tx,
				`ALTER TABLE sys_user ADD COLUMN phone_enc VARCHAR(200) NOT NULL DEFAULT ''`,
				`ALTER TABLE sys_user ADD COLUMN phone_idx VARCHAR(40) NOT NULL DEFAULT ''`,
				`CREATE INDEX idx_sys_user_phone_idx ON sys_user (phone_idx)`); err != nil {
				return err
			}
			var rows []struct {
				ID    int64  `bun:"id"`
				Phone string `bun:"phone"`
			}
			if err := tx.NewSelect().Table("sys_user").Column("id", "phone").Where("phone <> ''").Scan(ctx, &rows); err != nil {
				return err
			}
			cipher := crypto.CipherFrom(ctx)
			if len(rows) > 0 && cipher == nil {
				return fmt.Errorf("sys_user holds %d plaintext phones and the migration has no field key to encrypt them", len(rows))
			}
			for _, r := range rows {
				enc, idx := cipher.Seal(r.Phone, r.Phone, "", "")
				if _, err := tx.NewUpdate().Table("sys_user").Set("phone_enc = ?", enc).Set("phone_idx = ?", idx).
					Where("id = ?", r.ID).Exec(ctx); err != nil {
					return err
				}
			}
			// The search triggers name the column: they go before it does.
			if err := search.Drop(ctx, tx, userSearch.Table); err != nil {
				return err
			}
			if err := db.DDL(ctx, tx, `ALTER TABLE sys_user DROP COLUMN phone`); err != nil {
				return err
			}
			return search.Create(ctx, tx, userSearch)
		}}
}
