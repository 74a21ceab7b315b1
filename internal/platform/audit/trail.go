// Package audit keeps the change trail (变动轨迹) of business records: every
// create, update, import, restore and delete writes one entry with the
// changed fields (old and new values, with their Chinese labels) and a
// snapshot of the whole record after the change (before it, for a delete),
// from which a later restore is made.
package audit

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// Change types (spec §4 "Change-record TYPE").
const (
	TypeAdd    = 1
	TypeUpdate = 2
	TypeDelete = 3
)

// Change origins (spec §4 "Change-record ORIGIN"; dictionary PARTY_MEMBER_UPDATE).
const (
	OriginSystemImport       = 1
	OriginUserCreate         = 2
	OriginUserUpdate         = 3
	OriginSystemImportUpdate = 4
	OriginUserRestore        = 5
	OriginUserDelete         = 6
)

// Migrations creates the trail table.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026112210, Name: "change trail", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx,
			`CREATE TABLE change_trail (
				id {{pk}},
				module INTEGER NOT NULL,
				record_id BIGINT NOT NULL,
				type INTEGER NOT NULL,
				origin INTEGER NOT NULL,
				summary VARCHAR(200) NOT NULL DEFAULT '',
				changes TEXT NOT NULL,
				snapshot TEXT NOT NULL,
				operator_id BIGINT NULL,
				operator_name VARCHAR(64) NOT NULL DEFAULT '',
				restored_from BIGINT NULL,
				created_at TIMESTAMP NOT NULL)`,
			`CREATE INDEX idx_change_trail_record ON change_trail(module, record_id, id)`,
			`CREATE INDEX idx_change_trail_created ON change_trail(module, created_at)`,
		)
	}}, {Version: 2026112652, Name: "change trail: the anchor and name of a deleted record", Up: func(ctx context.Context, tx bun.Tx) error {
		// A DELETE entry outlives its record: the anchor (the organisation or
		// unit the record's scope was checked by) keeps it in the trail across
		// the scope, the name names it there.
		return db.DDL(ctx, tx,
			`ALTER TABLE change_trail ADD COLUMN anchor_id BIGINT NULL`,
			`ALTER TABLE change_trail ADD COLUMN record_name VARCHAR(200) NOT NULL DEFAULT ''`,
			`CREATE INDEX idx_change_trail_type ON change_trail(module, type, anchor_id)`,
		)
	}}}
}

// Change is one field's old and new value.
type Change struct {
	Field string `json:"field"`
	Label string `json:"label"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// Entry is one row of the trail.
type Entry struct {
	bun.BaseModel `bun:"table:change_trail,alias:ct"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	Module        int    `bun:"module" json:"module"`
	RecordID      int64  `bun:"record_id" json:"recordId"`
	Type          int    `bun:"type" json:"type"`
	Origin        int    `bun:"origin" json:"origin"`
	Summary       string `bun:"summary" json:"summary"`
	ChangesJSON   string `bun:"changes" json:"-"`
	SnapshotJSON  string `bun:"snapshot" json:"-"`
	OperatorID    *int64 `bun:"operator_id" json:"operatorId"`
	OperatorName  string `bun:"operator_name" json:"operatorName"`
	RestoredFrom  *int64 `bun:"restored_from" json:"restoredFrom"`
	// AnchorID and RecordName are kept by a DELETE entry: what the scope of
	// the gone record is checked by, and what it was called.
	AnchorID   *int64          `bun:"anchor_id" json:"-"`
	RecordName string          `bun:"record_name" json:"-"`
	CreatedAt  time.Time       `bun:"created_at" json:"createTime"`
	Changes    []Change        `bun:"-" json:"changes"`
	Snapshot   json.RawMessage `bun:"-" json:"snapshot,omitempty"`
}

// Fields names the fields a module tracks, in display order, with labels.
type Fields []struct{ Name, Label string }

// Diff compares two flat views of a record (field → display value) and
// returns the changed fields in the order of fields.
func (fields Fields) Diff(before, after map[string]string) []Change {
	var out []Change
	for _, f := range fields {
		if before[f.Name] != after[f.Name] {
			out = append(out, Change{Field: f.Name, Label: f.Label, Old: before[f.Name], New: after[f.Name]})
		}
	}
	return out
}

// Record writes one trail entry inside the caller's transaction. snapshot is
// the record after the change (any JSON-encodable value).
func Record(ctx context.Context, idb bun.IDB, module int, recordID int64, typ, origin int, changes []Change, snapshot any, restoredFrom *int64) error {
	e, err := NewEntry(ctx, module, recordID, typ, origin, changes, snapshot, restoredFrom)
	if err != nil {
		return err
	}
	_, err = idb.NewInsert().Model(&e).Exec(ctx)
	return err
}

// NewEntry builds the entry Record would write (operator from ctx), for
// callers that insert many at once with InsertEntries.
func NewEntry(ctx context.Context, module int, recordID int64, typ, origin int, changes []Change, snapshot any, restoredFrom *int64) (Entry, error) {
	if changes == nil {
		changes = []Change{}
	}
	cj, err := json.Marshal(changes)
	if err != nil {
		return Entry{}, err
	}
	sj, err := json.Marshal(snapshot)
	if err != nil {
		return Entry{}, err
	}
	e := Entry{Module: module, RecordID: recordID, Type: typ, Origin: origin, Summary: summarise(changes),
		ChangesJSON: string(cj), SnapshotJSON: string(sj), RestoredFrom: restoredFrom, CreatedAt: time.Now().UTC()}
	if p := rbac.From(ctx); p != nil {
		e.OperatorID, e.OperatorName = &p.UserID, p.Username
	}
	return e, nil
}

// insertChunk bounds the entries of one INSERT statement.
const insertChunk = 500

// InsertEntries writes entries in multi-row INSERTs (an import's trail).
func InsertEntries(ctx context.Context, idb bun.IDB, entries []Entry) error {
	for start := 0; start < len(entries); start += insertChunk {
		part := entries[start:min(start+insertChunk, len(entries))]
		if _, err := idb.NewInsert().Model(&part).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

func summarise(changes []Change) string {
	labels := make([]string, 0, len(changes))
	for _, c := range changes {
		labels = append(labels, c.Label)
	}
	sort.Strings(labels)
	s := fmt.Sprint(labels)
	if len(s) > 200 {
		s = s[:197] + "..."
	}
	return s
}

// List returns a record's trail, newest first, paged.
func List(ctx context.Context, idb bun.IDB, module int, recordID int64, limit, offset int) ([]Entry, int, error) {
	return ListIn(ctx, idb, []int{module}, recordID, limit, offset)
}

// ListIn is List over the entries of record recordID in any of modules: a
// record whose parts are trailed in a module of their own (a cadre's
// managed departments) shows them in its one trail.
func ListIn(ctx context.Context, idb bun.IDB, modules []int, recordID int64, limit, offset int) ([]Entry, int, error) {
	var list []Entry
	n, err := idb.NewSelect().Model(&list).Where("module IN (?)", bun.In(modules)).Where("record_id = ?", recordID).
		OrderExpr("id DESC").Limit(int64(limit)).Offset(int64(offset)).ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	for i := range list {
		if err := list[i].decode(false); err != nil {
			return nil, 0, err
		}
	}
	return list, int(n), nil
}

// Get reads one entry with its snapshot, checking it belongs to module.
func Get(ctx context.Context, idb bun.IDB, module int, id int64) (*Entry, error) {
	e := new(Entry)
	if err := idb.NewSelect().Model(e).Where("id = ?", id).Where("module = ?", module).Scan(ctx); err != nil {
		return nil, err
	}
	return e, e.decode(true)
}

func (e *Entry) decode(withSnapshot bool) error {
	if err := json.Unmarshal([]byte(e.ChangesJSON), &e.Changes); err != nil {
		return err
	}
	if withSnapshot {
		e.Snapshot = json.RawMessage(e.SnapshotJSON)
	}
	return nil
}

// Dictionaries whose labels name the types and origins of entries (spec:
// PARTY_MEMBER_UPLOAD labels TYPE, PARTY_MEMBER_UPDATE labels ORIGIN).
const (
	DictType   = "PARTY_MEMBER_UPLOAD"
	DictOrigin = "PARTY_MEMBER_UPDATE"
)

// Labelled is an entry as the trail pages show it: with the labels of its
// type and origin.
type Labelled struct {
	Entry
	TypeLabel   string `json:"typeLabel"`
	OriginLabel string `json:"originLabel"`
}

// Labeller gives the label of a dictionary value (system.DictLabels.Label
// over at least DictType and DictOrigin).
type Labeller func(dict, value string) string

// Label labels e.
func Label(e Entry, label Labeller) Labelled {
	return Labelled{Entry: e, TypeLabel: label(DictType, strconv.Itoa(e.Type)),
		OriginLabel: label(DictOrigin, strconv.Itoa(e.Origin))}
}

// Page is one page (p) of a record's trail, newest first, labelled. The
// caller has checked that the record is in the user's scope.
func Page(ctx context.Context, idb bun.IDB, module int, recordID int64, p httpx.Page, label Labeller) (httpx.PageResult[Labelled], error) {
	return PageIn(ctx, idb, []int{module}, recordID, p, label)
}

// PageIn is Page over the entries of record recordID in any of modules (ListIn).
func PageIn(ctx context.Context, idb bun.IDB, modules []int, recordID int64, p httpx.Page, label Labeller) (httpx.PageResult[Labelled], error) {
	list, total, err := ListIn(ctx, idb, modules, recordID, p.Size, p.Offset())
	if err != nil {
		return httpx.PageResult[Labelled]{}, httpx.Internal(err)
	}
	out := make([]Labelled, len(list))
	for i, e := range list {
		out[i] = Label(e, label)
	}
	return httpx.NewPage(out, total), nil
}

// ErrNoEntry is the answer for a trail entry that does not exist, belongs to
// another module, or to a record outside the caller's scope.
func ErrNoEntry() *httpx.Error { return httpx.NotFound("变动记录不存在") }

// Snapshot reads entry id of module and decodes its snapshot into dest (a
// pointer to the record type). A missing entry is ErrNoEntry.
func Snapshot(ctx context.Context, idb bun.IDB, module int, id int64, dest any) (*Entry, error) {
	if id <= 0 {
		return nil, httpx.BadRequest("请选择要还原的变动记录")
	}
	e, err := Get(ctx, idb, module, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoEntry()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	if err := json.Unmarshal(e.Snapshot, dest); err != nil {
		return nil, httpx.Internal(fmt.Errorf("trail %d snapshot: %w", e.ID, err))
	}
	return e, nil
}
