package crypto

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Column is a personal field a module stores encrypted: what the
// re-encryption job walks after a rotation. Modules declare theirs
// (module.Module.Encrypted); a column not declared keeps its values under
// the key that wrote them (retired keys still decrypt).
type Column struct {
	Table string // "dyjbxx"
	ID    string // the table's integer key column; "" is "id"
	Enc   string // the ciphertext column, "id_number_enc"
	Idx   string // its blind index column, "id_number_idx"; "" when none
	// Canonical is the form the index is made of, from the plaintext (an ID
	// number's 18-character form); nil: the plaintext itself.
	Canonical func(plain string) string
}

// Name is the column's key in the job's progress ("dyjbxx.id_number_enc").
func (c Column) Name() string { return c.Table + "." + c.Enc }

func (c Column) id() string {
	if c.ID == "" {
		return "id"
	}
	return c.ID
}

// rekeyMigration creates the job's progress: per column, the key it moves
// the values to and the last row id done, so a run cut short (a restart,
// its timeout) goes on where it stopped.
func rekeyMigration() db.Migration {
	return db.Migration{Version: 2026121421, Name: "sys_field_rekey (progress of the re-encryption after a key rotation)",
		Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx, `CREATE TABLE sys_field_rekey (
				name VARCHAR(100) PRIMARY KEY,
				key_id INTEGER NOT NULL,
				last_id BIGINT NOT NULL,
				updated_at TIMESTAMP NOT NULL)`)
		}}
}

// Rekeyer re-encrypts and re-indexes the declared columns with the active
// key and retires the keys no row uses any more. It runs as a job of the
// jobs kit, whose lease makes one instance at a time run it.
type Rekeyer struct {
	db     bun.IDB
	cipher *FieldCipher
	cols   []Column
	// Batch is the rows read per query and per progress save.
	Batch int
	// Grace is how long after a rotation a key may be retired: instances
	// learn of a rotation within WatchInterval, and one that has not yet
	// may still write under the old key, which must stay searchable.
	Grace time.Duration
	now   func() time.Time
	// maxBatches stops a walk after that many batches (0: no limit): how a
	// test leaves a table half migrated, as a restart would.
	maxBatches int
	// Want, when set, names the scheme the installation's setting asks for
	// (system: cryptoSuite); a run whose active key has another scheme
	// first rotates to it, so the setting alone moves the fields between
	// the options.
	Want func(ctx context.Context) string
}

// WatchInterval is how often an instance re-reads the data keys.
const WatchInterval = 5 * time.Second

// NewRekeyer returns the job's worker over cols.
func NewRekeyer(idb bun.IDB, c *FieldCipher, cols []Column) *Rekeyer {
	return &Rekeyer{db: idb, cipher: c, cols: cols, Batch: 500, Grace: 3 * WatchInterval, now: time.Now}
}

// JobName is the job's key in sys_job.
const JobName = "crypto.rekey"

// Run moves every declared column to the active key, then retires the
// retiring keys no row uses. Nothing to do (no retiring key) is cheap: one
// query.
func (r *Rekeyer) Run(ctx context.Context) error {
	if err := r.cipher.Refresh(ctx, r.db); err != nil {
		return err
	}
	if err := r.follow(ctx); err != nil {
		return err
	}
	keys, err := Keys(ctx, r.db)
	if err != nil {
		return err
	}
	var retiring []KeyInfo
	var active KeyInfo
	for _, k := range keys {
		switch k.State {
		case StateRetiring:
			retiring = append(retiring, k)
		case StateActive:
			active = k
		}
	}
	if len(retiring) == 0 {
		return nil
	}
	var failed int
	for _, col := range r.cols {
		n, err := r.walk(ctx, col, active.ID)
		if err == errStopped {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", col.Name(), err)
		}
		failed += n
	}
	if r.now().Sub(active.CreatedAt) < r.Grace {
		return nil // the next run retires them, once every instance writes with the new key
	}
	for _, k := range retiring {
		left, err := r.count(ctx, k.ID, false)
		if err != nil {
			return err
		}
		if left == 0 {
			if err := retire(ctx, r.db, k.ID); err != nil {
				return err
			}
			slog.Info("field data key retired", "key", k.ID, "scheme", k.Scheme)
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d 个加密字段无法解密，保留原密钥（见日志）", failed)
	}
	return nil
}

var errStopped = errors.New("stopped after maxBatches")

// follow rotates to the scheme Want names when the active key has another.
// A rotation another instance's command made at the same moment is as good.
func (r *Rekeyer) follow(ctx context.Context) error {
	if r.Want == nil {
		return nil
	}
	want := r.Want(ctx)
	if _, scheme := r.cipher.ActiveKey(); want == "" || scheme == want {
		return nil
	}
	id, err := r.cipher.Rotate(ctx, r.db, want)
	if errors.Is(err, ErrRotating) {
		return r.cipher.Refresh(ctx, r.db)
	}
	if err != nil {
		return err
	}
	slog.Info("field data key rotated to the scheme the settings name", "key", id, "scheme", want)
	return nil
}

type rekeyRow struct {
	ID  int64  `bun:"id"`
	Enc string `bun:"enc"`
	Idx string `bun:"idx"`
}

// walk moves col's rows to the active key from where the last run stopped;
// it returns the number of values it could not decrypt (left as they are).
func (r *Rekeyer) walk(ctx context.Context, col Column, active int) (failed int, err error) {
	last, err := r.progress(ctx, col, active)
	if err != nil {
		return 0, err
	}
	for batch := 1; ; batch++ {
		q := r.db.NewSelect().TableExpr("?", bun.Ident(col.Table)).ColumnExpr("? AS id", bun.Ident(col.id())).
			ColumnExpr("? AS enc", bun.Ident(col.Enc)).Where("? > ?", bun.Ident(col.id()), last).
			Where("? <> ''", bun.Ident(col.Enc)).OrderExpr("? ASC", bun.Ident(col.id())).Limit(int64(r.Batch))
		if col.Idx != "" {
			q = q.ColumnExpr("? AS idx", bun.Ident(col.Idx))
		} else {
			q = q.ColumnExpr("'' AS idx")
		}
		var rows []rekeyRow
		if err := q.Scan(ctx, &rows); err != nil {
			return failed, err
		}
		if len(rows) == 0 {
			break
		}
		for _, row := range rows {
			moved, err := r.move(ctx, col, row)
			if err != nil {
				return failed, err
			}
			if !moved {
				failed++
			}
		}
		last = rows[len(rows)-1].ID
		if err := r.save(ctx, col, active, last); err != nil {
			return failed, err
		}
		if batch == r.maxBatches {
			return failed, errStopped
		}
	}
	// Rows an instance wrote under an old key behind the walk (before it
	// learnt of the rotation) send the next run round again.
	left, err := countKey(ctx, r.db, col, active, true)
	if err == nil && left > int64(failed) {
		err = r.save(ctx, col, active, 0)
	}
	return failed, err
}

// move rewrites one row's value and index under the active key. The update
// compares the ciphertext it read (compare-and-set): a user who saved the
// row meanwhile wrote with the active key already, and their value stays.
// It reports false for a value it cannot decrypt.
func (r *Rekeyer) move(ctx context.Context, col Column, row rekeyRow) (bool, error) {
	if r.cipher.IsCurrent(row.Enc) {
		return true, nil
	}
	plain, err := r.cipher.Decrypt(row.Enc)
	if err != nil {
		slog.Error("re-encrypt: value cannot be decrypted", "table", col.Table, "column", col.Enc, "id", row.ID)
		return false, nil
	}
	q := r.db.NewUpdate().TableExpr("?", bun.Ident(col.Table)).Set("? = ?", bun.Ident(col.Enc), r.cipher.Encrypt(plain)).
		Where("? = ?", bun.Ident(col.id()), row.ID).Where("? = ?", bun.Ident(col.Enc), row.Enc)
	if col.Idx != "" && row.Idx != "" {
		canonical := plain
		if col.Canonical != nil {
			canonical = col.Canonical(plain)
		}
		q = q.Set("? = ?", bun.Ident(col.Idx), r.cipher.Index(canonical))
	}
	_, err = q.Exec(ctx)
	return true, err
}

// progress is the last id done of col's walk to key active; a walk towards
// another key (a rotation since) starts again from the beginning.
func (r *Rekeyer) progress(ctx context.Context, col Column, active int) (int64, error) {
	var rows []struct {
		KeyID  int   `bun:"key_id"`
		LastID int64 `bun:"last_id"`
	}
	if err := r.db.NewSelect().Table("sys_field_rekey").Column("key_id", "last_id").Where("name = ?", col.Name()).
		Scan(ctx, &rows); err != nil {
		return 0, err
	}
	if len(rows) == 0 || rows[0].KeyID != active {
		return 0, r.save(ctx, col, active, 0)
	}
	return rows[0].LastID, nil
}

func (r *Rekeyer) save(ctx context.Context, col Column, active int, last int64) error {
	_, err := r.db.NewRaw(`INSERT INTO sys_field_rekey (name, key_id, last_id, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET key_id = excluded.key_id, last_id = excluded.last_id, updated_at = excluded.updated_at`,
		col.Name(), active, last, r.now().UTC()).Exec(ctx)
	return err
}

// count is the number of values of the declared columns made with key id
// (other false) or with any key but id (other true).
func (r *Rekeyer) count(ctx context.Context, id int, other bool) (int64, error) {
	var total int64
	for _, col := range r.cols {
		n, err := countKey(ctx, r.db, col, id, other)
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}

func countKey(ctx context.Context, idb bun.IDB, col Column, id int, other bool) (int64, error) {
	q := idb.NewSelect().TableExpr("?", bun.Ident(col.Table)).Where("? <> ''", bun.Ident(col.Enc))
	// Key 0's values have no prefix; '$' starts every other's (splitStored).
	cond, arg := "? NOT LIKE '$%'", ""
	if id != 0 {
		cond, arg = "? LIKE ?", "$"+strconv.Itoa(id)+"$%"
	}
	if other {
		cond = "NOT (" + cond + ")"
	}
	if arg == "" {
		q = q.Where(cond, bun.Ident(col.Enc))
	} else {
		q = q.Where(cond, bun.Ident(col.Enc), arg)
	}
	return q.Count(ctx)
}

// ColumnStatus is one column's state after a rotation (zhdj keys status).
type ColumnStatus struct {
	Name   string `json:"name"`
	KeyID  int    `json:"keyId"`  // the key its walk moves values to
	LastID int64  `json:"lastId"` // the last row id done
	Left   int64  `json:"left"`   // values still under another key than the active one
}

// Status is the re-encryption progress of every declared column.
func (r *Rekeyer) Status(ctx context.Context) ([]ColumnStatus, error) {
	active, _ := r.cipher.ActiveKey()
	out := make([]ColumnStatus, 0, len(r.cols))
	for _, col := range r.cols {
		st := ColumnStatus{Name: col.Name()}
		var rows []struct {
			KeyID  int   `bun:"key_id"`
			LastID int64 `bun:"last_id"`
		}
		if err := r.db.NewSelect().Table("sys_field_rekey").Column("key_id", "last_id").Where("name = ?", col.Name()).
			Scan(ctx, &rows); err != nil {
			return nil, err
		}
		if len(rows) > 0 {
			st.KeyID, st.LastID = rows[0].KeyID, rows[0].LastID
		}
		n, err := countKey(ctx, r.db, col, active, true)
		if err != nil {
			return nil, err
		}
		st.Left = n
		out = append(out, st)
	}
	return out, nil
}

// Summary is the state of the field keys at a glance (服务监控).
type Summary struct {
	ActiveKey int    `json:"activeKey"`
	Scheme    string `json:"scheme"`   // the active key's: aes, or sm (the 国密 option)
	Retiring  int    `json:"retiring"` // keys the re-encryption is still moving values away from
	Left      int64  `json:"left"`     // values still under them
}

// Summary reads the keys and, only while a key is retiring (the counts
// read whole tables), the values left to move.
func (r *Rekeyer) Summary(ctx context.Context) (Summary, error) {
	keys, err := Keys(ctx, r.db)
	if err != nil {
		return Summary{}, err
	}
	var s Summary
	for _, k := range keys {
		switch k.State {
		case StateActive:
			s.ActiveKey, s.Scheme = k.ID, k.Scheme
		case StateRetiring:
			s.Retiring++
		}
	}
	if s.Retiring > 0 {
		s.Left, err = r.count(ctx, s.ActiveKey, true)
	}
	return s, err
}
