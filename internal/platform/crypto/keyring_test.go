package crypto

import (
	"bytes"
	"context"
	"crypto/cipher"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/emmansun/gmsm/sm3"
	"github.com/emmansun/gmsm/sm4"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The national algorithms give the standards' results: GB/T 32907-2016's
// SM4 example, GB/T 32905-2016's SM3 of "abc", and RFC 8998's SM4-GCM
// example through newAEAD, the cipher the sm scheme stores values with.
func TestSMKnownAnswers(t *testing.T) {
	t.Parallel()
	key := unhex(t, "0123456789abcdeffedcba9876543210")
	block, err := sm4.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 16)
	block.Encrypt(out, key)
	if hex.EncodeToString(out) != "681edf34d206965e86b3e94f536e4246" {
		t.Errorf("SM4: %x", out)
	}
	if sum := sm3.Sum([]byte("abc")); hex.EncodeToString(sum[:]) != "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0" {
		t.Errorf("SM3: %x", sum)
	}
	aead, err := newAEAD(SchemeSM, key)
	if err != nil {
		t.Fatal(err)
	}
	nonce := unhex(t, "00001234567800000000ABCD")
	ad := unhex(t, "FEEDFACEDEADBEEFFEEDFACEDEADBEEFABADDAD2")
	plain := unhex(t, "AAAAAAAAAAAAAAAABBBBBBBBBBBBBBBBCCCCCCCCCCCCCCCCDDDDDDDDDDDDDDDDEEEEEEEEEEEEEEEEFFFFFFFFFFFFFFFFEEEEEEEEEEEEEEEEAAAAAAAAAAAAAAAA")
	want := unhex(t, "17F399F08C67D5EE19D0DC9969C4BB7D5FD46FD3756489069157B282BB200735D82710CA5C22F0CCFA7CBF93D496AC15A56834CBCF98C397B4024A2691233B8D"+
		"83DE3541E4C2B58177E065A9BF7B62EC")
	if got := aead.Seal(nil, nonce, plain, ad); !bytes.Equal(got, want) {
		t.Errorf("SM4-GCM: %X", got)
	}
	var _ cipher.AEAD = aead
}

// A stored value names its key: legacy values have no prefix, and no
// base64 text is read as a prefix.
func TestSplitStored(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]int{"abc+/=": 0, "$1$abc": 1, "$12$abc": 12, "$2$": 2} {
		if id, _, ok := splitStored(in); !ok || id != want {
			t.Errorf("%q: %d %v", in, id, ok)
		}
	}
	for _, in := range []string{"$", "$$abc", "$1a$x", "$1", "$12345678901$x"} {
		if _, _, ok := splitStored(in); ok {
			t.Errorf("%q accepted", in)
		}
	}
}

// testColumn is a table of the tests' own with one encrypted, indexed field.
var testColumn = Column{Table: "t_person", Enc: "phone_enc", Idx: "phone_idx"}

var testMigrations = append(Migrations(), db.Migration{Version: 2026121499, Name: "t_person",
	Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx, `CREATE TABLE t_person (id {{pk}}, phone_enc VARCHAR(200) NOT NULL DEFAULT '',
			phone_idx VARCHAR(40) NOT NULL DEFAULT '')`)
	}})

type keyEnv struct {
	t   *testing.T
	ctx context.Context
	db  *bun.DB
	c   *FieldCipher
	key []byte
}

func newKeyEnv(t *testing.T) *keyEnv {
	t.Helper()
	e := &keyEnv{t: t, ctx: context.Background(), db: db.NewTest(t, testMigrations)}
	dir := t.TempDir()
	var err error
	if e.c, err = LoadOrCreate(dir); err != nil {
		t.Fatal(err)
	}
	e.key = append([]byte(nil), e.c.master...)
	if err := e.c.Attach(e.ctx, e.db); err != nil {
		t.Fatal(err)
	}
	return e
}

// instance is another instance on the same database and master key.
func (e *keyEnv) instance() *FieldCipher {
	c, err := New(e.key)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := c.Attach(e.ctx, e.db); err != nil {
		e.t.Fatal(err)
	}
	return c
}

func (e *keyEnv) insert(c *FieldCipher, phone string) int64 {
	var id int64
	if err := e.db.NewRaw(`INSERT INTO t_person (phone_enc, phone_idx) VALUES (?, ?) RETURNING id`,
		c.Encrypt(phone), c.Index(phone)).Scan(e.ctx, &id); err != nil {
		e.t.Fatal(err)
	}
	return id
}

// find is the search of a module: the ids whose index is one of the value's.
func (e *keyEnv) find(c *FieldCipher, phone string) []int64 {
	var ids []int64
	if err := e.db.NewSelect().Table("t_person").Column("id").Where("phone_idx IN (?)", bun.In(c.Indexes(phone))).
		OrderExpr("id").Scan(e.ctx, &ids); err != nil {
		e.t.Fatal(err)
	}
	return ids
}

func (e *keyEnv) stored(id int64) string {
	var enc []string
	if err := e.db.NewSelect().Table("t_person").Column("phone_enc").Where("id = ?", id).Scan(e.ctx, &enc); err != nil {
		e.t.Fatal(err)
	}
	return enc[0]
}

// check reads every row back: each decrypts to its phone and is found by
// searching for it, whatever key it is under.
func (e *keyEnv) check(c *FieldCipher, phones map[int64]string) {
	e.t.Helper()
	for id, phone := range phones {
		if got, err := c.Decrypt(e.stored(id)); err != nil || got != phone {
			e.t.Errorf("row %d: %q %v", id, got, err)
		}
		if got := e.find(c, phone); len(got) != 1 || got[0] != id {
			e.t.Errorf("search %s: %v, want [%d]", phone, got, id)
		}
	}
}

func (e *keyEnv) state(id int) string {
	keys, err := Keys(e.ctx, e.db)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, k := range keys {
		if k.ID == id {
			return k.State
		}
	}
	return ""
}

func (e *keyEnv) rekeyer(c *FieldCipher) *Rekeyer {
	r := NewRekeyer(e.db, c, []Column{testColumn})
	r.Batch, r.Grace = 2, 0
	return r
}

// Before any rotation nothing changes: key 0 is active, values are written
// as they always were (no prefix), and the job has nothing to do.
func TestNoRotationKeepsTheLegacyFormat(t *testing.T) {
	t.Parallel()
	e := newKeyEnv(t)
	if id, scheme := e.c.ActiveKey(); id != 0 || scheme != SchemeAES {
		t.Fatalf("active key %d %s", id, scheme)
	}
	enc := e.c.Encrypt("13800138000")
	if strings.HasPrefix(enc, "$") || len(e.c.Indexes("13800138000")) != 1 {
		t.Fatalf("%q %v", enc, e.c.Indexes("13800138000"))
	}
	if err := e.rekeyer(e.c).Run(e.ctx); err != nil || e.state(0) != StateActive {
		t.Fatalf("%v %s", err, e.state(0))
	}
}

// The whole path of the 国密 option: rows written with today's algorithms,
// a rotation to sm, a job stopped half way (as a restart stops it), the
// table read and searched in that state, the job resumed from its saved
// progress, and at its end no value under the old key and the key retired.
func TestRotateToSMAndReencrypt(t *testing.T) {
	t.Parallel()
	e := newKeyEnv(t)
	phones := map[int64]string{}
	for _, p := range []string{"13800138000", "13800138001", "13800138002", "13800138003", "13800138004"} {
		phones[e.insert(e.c, p)] = p
	}
	id, err := e.c.Rotate(e.ctx, e.db, SchemeSM)
	if err != nil || id != 1 {
		t.Fatalf("rotate: %d %v", id, err)
	}
	if e.state(0) != StateRetiring || e.state(1) != StateActive {
		t.Fatalf("states %s %s", e.state(0), e.state(1))
	}
	// Legacy rows still read and are found; a new row is written with SM4.
	e.check(e.c, phones)
	fresh := e.insert(e.c, "13900139000")
	phones[fresh] = "13900139000"
	if !strings.HasPrefix(e.stored(fresh), "$1$") {
		t.Fatalf("new value %q", e.stored(fresh))
	}
	if len(e.c.Indexes("x")) != 2 {
		t.Fatal("searches do not compare with the old key's index")
	}

	// Half way: one batch of two rows, then stop.
	r := e.rekeyer(e.c)
	r.maxBatches = 1
	if err := r.Run(e.ctx); err != nil {
		t.Fatal(err)
	}
	st, err := r.Status(e.ctx)
	if err != nil || len(st) != 1 || st[0].KeyID != 1 || st[0].LastID != 2 || st[0].Left != 3 {
		t.Fatalf("status after one batch: %+v %v", st, err)
	}
	e.check(e.c, phones)
	e.check(e.instance(), phones)
	if sum, err := r.Summary(e.ctx); err != nil || sum != (Summary{ActiveKey: 1, Scheme: SchemeSM, Retiring: 1, Left: 3}) {
		t.Fatalf("summary half way: %+v %v", sum, err)
	}

	// A row behind the saved progress put back under the old key: the
	// resumed walk starts after row 2 and leaves it, the next run's catch-up
	// pass moves it (what an instance writing before it saw the rotation does).
	legacy := e.c.ring.Load().keys[0]
	nonce := make([]byte, 12)
	old := legacy.prefix + base64Std(legacy.aead.Seal(nonce, nonce, []byte(phones[1]), nil))
	if _, err := e.db.NewUpdate().Table("t_person").Set("phone_enc = ?", old).Set("phone_idx = ?", legacy.index(phones[1])).
		Where("id = 1").Exec(e.ctx); err != nil {
		t.Fatal(err)
	}
	resumed := e.rekeyer(e.instance()) // a restart: a new worker, the progress from the table
	if err := resumed.Run(e.ctx); err != nil {
		t.Fatal(err)
	}
	if e.stored(1) != old || e.state(0) != StateRetiring {
		t.Fatalf("resumed walk went back to row 1 or retired a key in use: %q %s", e.stored(1), e.state(0))
	}
	e.check(e.c, phones)
	if err := resumed.Run(e.ctx); err != nil {
		t.Fatal(err)
	}
	for id := range phones {
		if !strings.HasPrefix(e.stored(id), "$1$") {
			t.Errorf("row %d still under the old key: %q", id, e.stored(id))
		}
	}
	if e.state(0) != StateRetired {
		t.Fatalf("old key %s", e.state(0))
	}
	if err := e.c.Refresh(e.ctx, e.db); err != nil {
		t.Fatal(err)
	}
	if len(e.c.Indexes("x")) != 1 {
		t.Fatal("a retired key's index is still searched")
	}
	if sum, err := r.Summary(e.ctx); err != nil || sum != (Summary{ActiveKey: 1, Scheme: SchemeSM}) {
		t.Fatalf("summary at the end: %+v %v", sum, err)
	}
	e.check(e.c, phones)

	// And back to today's algorithms, the same way.
	if _, err := e.c.Rotate(e.ctx, e.db, SchemeAES); err != nil {
		t.Fatal(err)
	}
	if err := e.rekeyer(e.c).Run(e.ctx); err != nil {
		t.Fatal(err)
	}
	if e.state(1) != StateRetired || !strings.HasPrefix(e.stored(fresh), "$2$") {
		t.Fatalf("back to aes: %s %q", e.state(1), e.stored(fresh))
	}
	e.check(e.c, phones)
}

// A user saving the row between the job's read and its write keeps their
// value: the job's update compares the ciphertext it read.
func TestReencryptNeverOverwritesAnEdit(t *testing.T) {
	t.Parallel()
	e := newKeyEnv(t)
	id := e.insert(e.c, "13800138000")
	var row rekeyRow
	if err := e.db.NewSelect().Table("t_person").ColumnExpr("id, phone_enc AS enc, phone_idx AS idx").Where("id = ?", id).
		Scan(e.ctx, &row); err != nil {
		t.Fatal(err)
	}
	if _, err := e.c.Rotate(e.ctx, e.db, SchemeSM); err != nil {
		t.Fatal(err)
	}
	// The user's save (another instance, still on key 0 for all it knows).
	other, _ := New(e.key)
	enc, idx := other.Seal("13900139000", "13900139000", "13800138000", row.Enc)
	if _, err := e.db.NewUpdate().Table("t_person").Set("phone_enc = ?", enc).Set("phone_idx = ?", idx).Where("id = ?", id).Exec(e.ctx); err != nil {
		t.Fatal(err)
	}
	r := e.rekeyer(e.c)
	if ok, err := r.move(e.ctx, testColumn, row); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if e.stored(id) != enc {
		t.Fatalf("the edit was overwritten: %q", e.stored(id))
	}
	// The job's next pass moves the edited value, which it has not yet.
	if err := r.Run(e.ctx); err != nil {
		t.Fatal(err)
	}
	e.check(e.c, map[int64]string{id: "13900139000"})
	if !e.c.IsCurrent(e.stored(id)) || e.state(0) != StateRetired {
		t.Fatalf("%q %s", e.stored(id), e.state(0))
	}
}

// Two instances on one database agree after one of them rotates: the
// other decrypts the new key's values at once (an unknown key id makes it
// re-read the keys), and after its periodic refresh writes and indexes
// with the new key too.
func TestInstancesAgreeAfterARotation(t *testing.T) {
	t.Parallel()
	e := newKeyEnv(t)
	b := e.instance()
	if _, err := e.c.Rotate(e.ctx, e.db, SchemeSM); err != nil {
		t.Fatal(err)
	}
	id := e.insert(e.c, "13800138000")
	if got, err := b.Decrypt(e.stored(id)); err != nil || got != "13800138000" {
		t.Fatalf("other instance: %q %v", got, err)
	}
	if err := b.Refresh(e.ctx, e.db); err != nil {
		t.Fatal(err)
	}
	if ida, _ := e.c.ActiveKey(); func() int { idb, _ := b.ActiveKey(); return idb }() != ida {
		t.Fatal("active keys differ")
	}
	if b.Index("13800138000") != e.c.Index("13800138000") || !e.c.IsCurrent(b.Encrypt("x")) {
		t.Fatal("instances index or encrypt differently")
	}
	if !equalStrings(b.Indexes("13800138000"), e.c.Indexes("13800138000")) {
		t.Fatal("instances search differently")
	}
}

// Another master key cannot unwrap the data keys: an instance started with
// the wrong field.key fails on the keys, it does not make up values.
func TestWrappedKeysNeedTheMasterKey(t *testing.T) {
	t.Parallel()
	e := newKeyEnv(t)
	if _, err := e.c.Rotate(e.ctx, e.db, SchemeSM); err != nil {
		t.Fatal(err)
	}
	stranger, _ := LoadOrCreate(t.TempDir())
	if err := stranger.Refresh(e.ctx, e.db); err == nil {
		t.Fatal("a foreign master key unwrapped the data keys")
	}
	if _, err := e.c.Rotate(e.ctx, e.db, "des"); err == nil {
		t.Fatal("unknown scheme accepted")
	}
}

// The job does not retire a key while an instance may not have seen the
// rotation yet (Grace after the new key's creation).
func TestRetireWaitsForTheGrace(t *testing.T) {
	t.Parallel()
	e := newKeyEnv(t)
	e.insert(e.c, "13800138000")
	if _, err := e.c.Rotate(e.ctx, e.db, SchemeSM); err != nil {
		t.Fatal(err)
	}
	r := e.rekeyer(e.c)
	r.Grace = time.Hour
	if err := r.Run(e.ctx); err != nil || e.state(0) != StateRetiring {
		t.Fatalf("%v %s", err, e.state(0))
	}
	r.now = func() time.Time { return time.Now().Add(2 * time.Hour) }
	if err := r.Run(e.ctx); err != nil || e.state(0) != StateRetired {
		t.Fatalf("%v %s", err, e.state(0))
	}
}

// Seal moves an unchanged value made by an older key to the active one.
func TestSealMovesAnOldKeysValue(t *testing.T) {
	t.Parallel()
	e := newKeyEnv(t)
	cur := e.c.Encrypt("13800138000")
	if enc, _ := e.c.Seal("13800138000", "13800138000", "13800138000", cur); enc != cur {
		t.Fatal("unchanged value re-encrypted")
	}
	if _, err := e.c.Rotate(e.ctx, e.db, SchemeSM); err != nil {
		t.Fatal(err)
	}
	if enc, _ := e.c.Seal("13800138000", "13800138000", "13800138000", cur); enc == cur || !e.c.IsCurrent(enc) {
		t.Fatalf("old key's value kept: %q", enc)
	}
}

func equalStrings(a, b []string) bool { return strings.Join(a, ",") == strings.Join(b, ",") }

func base64Std(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// The setting moves the fields between the options: a run whose Want names
// another scheme than the active key's first rotates to it (once: the next
// run finds the key it made), then re-encrypts; Want naming the active
// scheme, or nothing, rotates nothing.
func TestRunFollowsTheWantedScheme(t *testing.T) {
	t.Parallel()
	e := newKeyEnv(t)
	phones := map[int64]string{e.insert(e.c, "13800138000"): "13800138000", e.insert(e.c, "13700137000"): "13700137000"}
	r := e.rekeyer(e.c)
	want := ""
	r.Want = func(context.Context) string { return want }
	for _, w := range []string{"", SchemeAES} {
		want = w
		if err := r.Run(e.ctx); err != nil {
			t.Fatal(err)
		}
		if id, _ := e.c.ActiveKey(); id != 0 {
			t.Fatalf("want %q rotated to key %d", w, id)
		}
	}
	want = SchemeSM
	for range 2 {
		if err := r.Run(e.ctx); err != nil {
			t.Fatal(err)
		}
	}
	if id, scheme := e.c.ActiveKey(); id != 1 || scheme != SchemeSM || e.state(0) != StateRetired {
		t.Fatalf("active %d %s, key 0 %s", id, scheme, e.state(0))
	}
	for id := range phones {
		if !strings.HasPrefix(e.stored(id), "$1$") {
			t.Fatalf("row %d still %q", id, e.stored(id))
		}
	}
	e.check(e.c, phones)
	want = SchemeAES // and back
	if err := r.Run(e.ctx); err != nil {
		t.Fatal(err)
	}
	if id, scheme := e.c.ActiveKey(); id != 2 || scheme != SchemeAES {
		t.Fatalf("back: %d %s", id, scheme)
	}
	e.check(e.c, phones)
}
