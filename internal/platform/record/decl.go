// Package record is how a business record type (a member, an organisation, a
// unit …) declares its change trail and saves through one pipeline: the
// declaration names the trail module and the tracked fields with their
// Chinese labels and how each is shown (a dictionary label, a masked personal
// value), and the diff, the trail entry, the trail pages and the restore
// follow from it. The mechanism of the trail itself stays in audit.
package record

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/httpx"
)

// Field is one tracked field: its name (the record's JSON name), its label,
// and how the trail shows its value.
type Field struct {
	Name, Label string
	// Dict is the dictionary whose label shows the value (the value is its code).
	Dict string
	// Mask shows a personal value masked: the clear value is compared, so two
	// numbers sharing a mask still differ, and never reaches the trail.
	Mask func(string) string
}

// Text is a field shown as it is (names, dates, numbers already formatted).
func Text(name, label string) Field { return Field{Name: name, Label: label} }

// Dict is a field whose value is a code of dictionary dict, shown by its label.
func Dict(name, label, dict string) Field { return Field{Name: name, Label: label, Dict: dict} }

// IDNumber is an ID-card number, shown masked.
func IDNumber(name, label string) Field {
	return Field{Name: name, Label: label, Mask: crypto.MaskIDNumber}
}

// Phone is a mobile number, shown masked.
func Phone(name, label string) Field { return Field{Name: name, Label: label, Mask: crypto.MaskPhone} }

// Decl declares a record type that keeps a change trail.
type Decl struct {
	// Module is the trail module id (change_trail.module), owned by the domain.
	Module int
	// Noun names a record in messages: 党员, 党组织, 单位.
	Noun   string
	Fields []Field
}

// Dicts are the dictionaries the trail needs labels of: the declared fields'
// and those labelling an entry's type and origin.
func (d *Decl) Dicts() []string {
	out := []string{audit.DictType, audit.DictOrigin}
	for _, f := range d.Fields {
		if f.Dict != "" {
			out = append(out, f.Dict)
		}
	}
	return out
}

// show is the value of f as the trail shows it.
func (f Field) show(raw string, label audit.Labeller) string {
	switch {
	case f.Mask != nil:
		return f.Mask(raw)
	case f.Dict != "" && raw != "":
		return label(f.Dict, raw)
	}
	return raw
}

// Changes compares two raw views of a record (field → value: codes and clear
// personal values; nil before = a new record) and returns the changed fields
// in declaration order, shown as the trail shows them.
func (d *Decl) Changes(before, after map[string]string, label audit.Labeller) []audit.Change {
	out := []audit.Change{}
	for _, f := range d.Fields {
		old, cur := f.show(before[f.Name], label), f.show(after[f.Name], label)
		if old == cur && (f.Mask == nil || before[f.Name] == after[f.Name]) {
			continue
		}
		out = append(out, audit.Change{Field: f.Name, Label: f.Label, Old: old, New: cur})
	}
	return out
}

// Change is a change of the declared field name, labelled as declared, for
// an operation that sets a field without a save (a move, a revocation).
// A name the declaration lacks is a programming error.
func (d *Decl) Change(name, old, new string) audit.Change {
	for _, f := range d.Fields {
		if f.Name == name {
			return audit.Change{Field: name, Label: f.Label, Old: old, New: new}
		}
	}
	panic("record: " + d.Noun + " declares no field " + name)
}

// Note is a trail change that is no field of the record: what an operation
// did (a merge, a split, the members moved in), shown with its label.
func Note(field, label, old, new string) audit.Change {
	return audit.Change{Field: field, Label: label, Old: old, New: new}
}

// Record writes the trail entry of an operation on record id (an UPDATE by
// the user, ORIGIN USER_UPDATE) inside tx; snapshot is the record after it.
func (d *Decl) Record(ctx context.Context, tx bun.IDB, id int64, changes []audit.Change, snapshot any) error {
	if err := audit.Record(ctx, tx, d.Module, id, audit.TypeUpdate, audit.OriginUserUpdate, changes, snapshot, nil); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// Entry builds the trail entry of one save (the operator taken from ctx), for
// callers that insert many at once with audit.InsertEntries (an import).
func (d *Decl) Entry(ctx context.Context, recordID int64, typ, origin int, changes []audit.Change, snapshot any) (audit.Entry, error) {
	return audit.NewEntry(ctx, d.Module, recordID, typ, origin, changes, snapshot, nil)
}

// Gone is a record being deleted, as its DELETE entry keeps it.
type Gone struct {
	ID int64
	// Name names the record in the trail across the scope once it is gone.
	Name string
	// Anchor is what the caller's scope is checked by once the record is
	// gone (the organisation or unit it belonged to): Trail.Gone's column.
	Anchor int64
	// Before is the record's raw view (as Save's) and Snapshot the record.
	Before   map[string]string
	Snapshot any
}

// DeleteEntries are the DELETE entries (ORIGIN USER_DELETE) of records
// being deleted: each lists the record's last state (every field shown,
// from its value to nothing) and keeps the record as its snapshot. The
// caller inserts them (audit.InsertEntries) in the delete's transaction.
func (d *Decl) DeleteEntries(ctx context.Context, label audit.Labeller, gone []Gone) ([]audit.Entry, error) {
	out := make([]audit.Entry, len(gone))
	for i, g := range gone {
		e, err := audit.NewEntry(ctx, d.Module, g.ID, audit.TypeDelete, audit.OriginUserDelete,
			d.Changes(g.Before, map[string]string{}, label), g.Snapshot, nil)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		anchor := g.Anchor
		e.AnchorID, e.RecordName = &anchor, g.Name
		out[i] = e
	}
	return out, nil
}

// Page is the page of record recordID's trail lq asks for, newest first,
// labelled. The caller has checked that the record is in the user's scope.
func (d *Decl) Page(ctx context.Context, idb bun.IDB, recordID int64, lq httpx.ListQuery, label audit.Labeller) (httpx.PageResult[audit.Labelled], error) {
	return audit.Page(ctx, idb, d.Module, recordID, lq.Page, label)
}

// Across is the module's trail across its records (the 变动轨迹 page): join
// joins the record table to change_trail AS ct, name is the record's name
// column, scope restricts to the caller's records and gone (optional) the
// DELETE entries of deleted ones by their anchor.
func (d *Decl) Across(join, name string, scope, gone func(*bun.SelectQuery) *bun.SelectQuery) audit.Across {
	return audit.Across{Module: d.Module, Join: join, Name: name, Scope: scope, Gone: gone}
}

// Snapshot reads trail entry id of the module and decodes its snapshot into
// dest, for a restore (audit.Snapshot).
func (d *Decl) Snapshot(ctx context.Context, idb bun.IDB, id int64, dest any) (*audit.Entry, error) {
	return audit.Snapshot(ctx, idb, d.Module, id, dest)
}
