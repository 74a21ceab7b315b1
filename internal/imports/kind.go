// Package imports is the staged Excel import (导入批次): an uploaded workbook
// is staged row by row (STASHED_END), validated by the domain that owns the
// data (COLLECT_END), corrected row by row if need be, and committed in one
// transaction (IMPORT_END) or abandoned. Nothing reaches the live tables
// before the commit. A domain takes part by providing a Kind.
package imports

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/rbac"
)

// Batch states (spec §4 "Import batch status").
const (
	StateNoStart    = 0 // NO_START: created, rows not yet staged
	StateStashedEnd = 1 // STASHED_END: rows staged, not yet validated
	StateCollectEnd = 2 // COLLECT_END: validated; rows may be edited, the batch committed or abandoned
	StateImportEnd  = 3 // IMPORT_END: committed
)

// Row statuses after validation.
const (
	StatusNew       = "new"       // no live record matches: the commit creates one
	StatusChanged   = "changed"   // a live record matches and differs: the commit updates it
	StatusUnchanged = "unchanged" // a live record matches and equals the row: skipped
	StatusInvalid   = "invalid"   // at least one cell error: never written
)

// MaxRows bounds the data rows of one workbook.
const MaxRows = 50000

// Column is one column of a kind's template.
type Column struct {
	Key      string `json:"key"`
	Label    string `json:"label"`
	Required bool   `json:"required"`
	Dict     string `json:"dict,omitempty"`    // dictionary whose labels (or values) the cell takes
	Example  string `json:"example,omitempty"` // the example row of the template
	// Personal marks an ID number or phone column: stored encrypted while
	// staged, shown masked (see Personal).
	Personal Personal `json:"personal,omitempty"`
	Note     string   `json:"-"` // extra explanation in the template's 填写说明 sheet
	// Field is the input field (its JSON name) the column fills when that
	// name is not Key: a save-path error naming Field (httpx.Invalid) is
	// shown on this column.
	Field string `json:"-"`
}

// CellError is a problem of one cell (Column is the column key).
type CellError struct {
	Column  string `json:"column"`
	Message string `json:"message"`
}

// Change is a field a changed row would update, with its label and the
// values as the user sees them.
type Change struct {
	Field string `json:"field"`
	Label string `json:"label"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// Row is one data row of a batch. Cells hold the text as typed (trimmed),
// keyed by column key; absent columns have no key.
type Row struct {
	ID       int64             `json:"id"`
	RowNo    int               `json:"rowNo"` // the Excel row number (the header is row 1)
	Cells    map[string]string `json:"cells"`
	Status   string            `json:"status"`
	TargetID *int64            `json:"targetId"`
	Errors   []CellError       `json:"errors"`
	Changes  []Change          `json:"changes"`
	// Data is what the kind's Validate prepared for its Commit within one
	// commit call (the record to write); it is never stored.
	Data any `json:"-"`
}

// Fail adds a cell error and marks the row invalid.
func (r *Row) Fail(column, message string) {
	r.Errors = append(r.Errors, CellError{Column: column, Message: message})
	r.Status = StatusInvalid
}

// Failed tells whether the row already has an error in column.
func (r *Row) Failed(column string) bool {
	for _, e := range r.Errors {
		if e.Column == column {
			return true
		}
	}
	return false
}

// Has tells whether the file has the column (a column left out of the file
// keeps the live record's value on update).
func (r *Row) Has(column string) bool {
	_, ok := r.Cells[column]
	return ok
}

// Reset clears the results of an earlier validation.
func (r *Row) Reset() {
	r.Status, r.TargetID, r.Errors, r.Changes, r.Data = "", nil, nil, nil, nil
}

// Kind is what a domain provides to import its records.
type Kind interface {
	Name() string       // the URL segment, e.g. "dyjbxx"
	Title() string      // e.g. "党员信息" (template file name, sheet name)
	Permission() string // e.g. "dy:import"
	Columns() []Column
	// Validate sees ALL rows of the batch (so it can find duplicates inside
	// the file) and sets Status, Errors, Changes and TargetID of each. It
	// reads live data through idb within the caller's data scope, in bulk,
	// never one query per row. Rows referring to records outside the
	// caller's scope are invalid.
	Validate(ctx context.Context, idb bun.IDB, p *rbac.Principal, rows []*Row) error
	// Commit writes the new and changed rows (validated in the same
	// transaction just before) and their change trail inside tx; it may set
	// b.Result, answered once and never stored.
	Commit(ctx context.Context, tx bun.Tx, p *rbac.Principal, b *Batch, rows []*Row) error
}
