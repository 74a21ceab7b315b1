package crypto

import (
	"context"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// The states of a data key. One key is active: writes use it. A retiring
// key was active before: rows still hold its values, so searches compare
// with its indexes too, until the re-encryption job has moved every row and
// retires it. A retired key only decrypts (its material is kept: a value
// outside the registered columns, or one an instance wrote just before it
// noticed a rotation, stays readable).
const (
	StateActive   = "active"
	StateRetiring = "retiring"
	StateRetired  = "retired"
)

// ring is one immutable view of the keys.
type ring struct {
	keys   map[int]*dataKey
	states map[int]string
	active *dataKey
	search []*dataKey // active first, then the retiring keys
	maxID  int
}

func newRing(keys map[int]*dataKey, states map[int]string) *ring {
	r := &ring{keys: keys, states: states}
	ids := make([]int, 0, len(keys))
	for id := range keys {
		ids = append(ids, id)
		r.maxID = max(r.maxID, id)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ids)))
	for _, id := range ids {
		switch states[id] {
		case StateActive:
			r.active = keys[id]
			r.search = append([]*dataKey{keys[id]}, r.search...)
		case StateRetiring:
			r.search = append(r.search, keys[id])
		}
	}
	return r
}

// keyMigration creates the table of data keys, holding key 0 (the master
// key used directly: every value written before it) as the active key, so
// an upgraded installation goes on exactly as before until a rotation.
func keyMigration() db.Migration {
	return db.Migration{Version: 2026121420, Name: "sys_field_key (the data keys of the personal fields, wrapped under field.key)",
		Up: func(ctx context.Context, tx bun.Tx) error {
			if err := db.DDL(ctx, tx, `CREATE TABLE sys_field_key (
				id INTEGER PRIMARY KEY,
				scheme VARCHAR(8) NOT NULL,
				wrapped VARCHAR(200) NOT NULL DEFAULT '',
				state VARCHAR(10) NOT NULL,
				created_at TIMESTAMP NOT NULL,
				retired_at TIMESTAMP NULL)`); err != nil {
				return err
			}
			_, err := tx.NewRaw(`INSERT INTO sys_field_key (id, scheme, wrapped, state, created_at) VALUES (0, ?, '', ?, ?)`,
				SchemeAES, StateActive, time.Now().UTC()).Exec(ctx)
			return err
		}}
}

// KeyInfo describes a data key (zhdj keys status).
type KeyInfo struct {
	ID        int        `bun:"id" json:"id"`
	Scheme    string     `bun:"scheme" json:"scheme"`
	State     string     `bun:"state" json:"state"`
	CreatedAt time.Time  `bun:"created_at" json:"createdAt"`
	RetiredAt *time.Time `bun:"retired_at" json:"retiredAt"`
}

type keyRow struct {
	ID        int        `bun:"id"`
	Scheme    string     `bun:"scheme"`
	State     string     `bun:"state"`
	CreatedAt time.Time  `bun:"created_at"`
	RetiredAt *time.Time `bun:"retired_at"`
	Wrapped   string     `bun:"wrapped"`
}

// Keys lists the data keys, oldest first.
func Keys(ctx context.Context, idb bun.IDB) ([]KeyInfo, error) {
	rows, err := keyRows(ctx, idb)
	out := make([]KeyInfo, len(rows))
	for i, r := range rows {
		out[i] = KeyInfo{ID: r.ID, Scheme: r.Scheme, State: r.State, CreatedAt: r.CreatedAt, RetiredAt: r.RetiredAt}
	}
	return out, err
}

func keyRows(ctx context.Context, idb bun.IDB) ([]keyRow, error) {
	var rows []keyRow
	if err := idb.NewSelect().Table("sys_field_key").Column("id", "scheme", "wrapped", "state", "created_at", "retired_at").
		OrderExpr("id").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read the field data keys: %w", err)
	}
	return rows, nil
}

// Attach makes c re-read idb's keys when it meets a value of a key it does
// not know yet (another instance rotated since the last Refresh), and
// refreshes now.
func (c *FieldCipher) Attach(ctx context.Context, idb bun.IDB) error {
	c.src.Store(&source{idb: idb})
	return c.Refresh(ctx, idb)
}

// Refresh reads the data keys from idb into the ring.
func (c *FieldCipher) Refresh(ctx context.Context, idb bun.IDB) error {
	c.refresh.Lock()
	defer c.refresh.Unlock()
	rows, err := keyRows(ctx, idb)
	if err != nil {
		return err
	}
	old := c.ring.Load()
	keys := map[int]*dataKey{0: old.keys[0]}
	states := map[int]string{}
	for _, r := range rows {
		states[r.ID] = r.State
		if k := old.keys[r.ID]; k != nil {
			keys[r.ID] = k
			continue
		}
		material, err := c.unwrap(r.ID, r.Scheme, r.Wrapped)
		if err != nil {
			return err
		}
		if keys[r.ID], err = newDataKey(r.ID, r.Scheme, material); err != nil {
			return err
		}
	}
	if len(rows) == 0 {
		states[0] = StateActive
	}
	next := newRing(keys, states)
	if next.active == nil {
		return errors.New("sys_field_key has no active key")
	}
	c.ring.Store(next)
	return nil
}

// Watch refreshes c from idb every interval until ctx ends: how an instance
// learns of a rotation another made (a write still under the old key in
// that window is found by searches and moved by the job, see docs/security.md).
func (c *FieldCipher) Watch(ctx context.Context, idb bun.IDB, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := c.Refresh(ctx, idb); err != nil && ctx.Err() == nil {
				slog.Warn("refresh the field data keys", "err", err)
			}
		}
	}
}

// ActiveKey is the id and scheme of the key writes use.
func (c *FieldCipher) ActiveKey() (id int, scheme string) {
	k := c.ring.Load().active
	return k.id, k.scheme
}

// KeyID is the id of the key stored was made with; ok false for a value
// that is no ciphertext of this program.
func KeyID(stored string) (id int, ok bool) {
	id, _, ok = splitStored(stored)
	return id, ok
}

// ErrRotating means another rotation changed the active key meanwhile.
var ErrRotating = errors.New("另一次密钥轮换正在进行，请稍后重试")

// Rotate makes a new data key of scheme the active one; the key it replaces
// becomes retiring (the re-encryption job moves its rows and retires it).
// The active key is read again inside the transaction: two rotations at
// once cannot both demote it, the second fails with ErrRotating.
func (c *FieldCipher) Rotate(ctx context.Context, idb bun.IDB, scheme string) (int, error) {
	if err := CheckScheme(scheme); err != nil {
		return 0, err
	}
	var id int
	err := idb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var top []int
		if err := tx.NewSelect().Table("sys_field_key").ColumnExpr("COALESCE(MAX(id), 0)").Scan(ctx, &top); err != nil {
			return err
		}
		id = top[0] + 1
		res, err := tx.NewUpdate().Table("sys_field_key").Set("state = ?", StateRetiring).
			Where("state = ?", StateActive).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrRotating
		}
		material := make([]byte, dataKeyLen)
		if _, err := rand.Read(material); err != nil {
			return err
		}
		wrapped, err := c.wrap(id, scheme, material)
		if err != nil {
			return err
		}
		_, err = tx.NewRaw(`INSERT INTO sys_field_key (id, scheme, wrapped, state, created_at) VALUES (?, ?, ?, ?, ?)`,
			id, scheme, wrapped, StateActive, time.Now().UTC()).Exec(ctx)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("rotate the field data key: %w", err)
	}
	return id, c.Refresh(ctx, idb)
}

// retire marks a retiring key retired (the job, when no row uses it).
func retire(ctx context.Context, idb bun.IDB, id int) error {
	_, err := idb.NewUpdate().Table("sys_field_key").Set("state = ?", StateRetired).Set("retired_at = ?", time.Now().UTC()).
		Where("id = ?", id).Where("state = ?", StateRetiring).Exec(ctx)
	return err
}

// wrapLabel names what the wrapping key is for, so it is no other key
// drawn from field.key.
const wrapLabel = "zhdj field data key wrap v1"

// wrapAEAD is the cipher data keys of scheme are wrapped with: the scheme's
// own algorithms (HMAC-SHA256 or HMAC-SM3 of a label under the master key,
// as AES-256-GCM or SM4-GCM key), so an sm installation's data keys are
// protected by the national algorithms too.
func (c *FieldCipher) wrapAEAD(scheme string) (cipher.AEAD, error) {
	m := hmac.New(macHash(scheme), c.master)
	m.Write([]byte(wrapLabel))
	return newAEAD(scheme, m.Sum(nil))
}

// wrapAD binds a wrapped key to its row: material moved to another id or
// scheme does not unwrap.
func wrapAD(id int, scheme string) []byte {
	return []byte("sys_field_key:" + strconv.Itoa(id) + ":" + scheme)
}

func (c *FieldCipher) wrap(id int, scheme string, material []byte) (string, error) {
	a, err := c.wrapAEAD(scheme)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, a.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(a.Seal(nonce, nonce, material, wrapAD(id, scheme))), nil
}

func (c *FieldCipher) unwrap(id int, scheme, wrapped string) ([]byte, error) {
	if id == 0 {
		return c.master, nil
	}
	a, err := c.wrapAEAD(scheme)
	if err != nil {
		return nil, err
	}
	raw, err := base64.StdEncoding.DecodeString(wrapped)
	n := a.NonceSize()
	if err != nil || len(raw) < n {
		return nil, fmt.Errorf("field data key %d: %w", id, ErrKeyMismatch)
	}
	material, err := a.Open(nil, raw[:n], raw[n:], wrapAD(id, scheme))
	if err != nil {
		return nil, fmt.Errorf("field data key %d: %w", id, ErrKeyMismatch)
	}
	return material, nil
}
