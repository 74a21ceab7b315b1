package imports

import (
	"errors"
	"fmt"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
)

// FailErr marks r invalid with the messages of a save-path check's error,
// each on the column of the input field it names (httpx.Invalid; a check
// that found several bad fields names them all); an error naming no field
// is about the row as a whole.
func (cs Columns) FailErr(r *Row, err error) {
	fields := httpx.FieldErrors(err)
	if len(fields) == 0 {
		r.FailErr("", err)
	}
	for _, f := range fields {
		r.Fail(cs.keyOf(f.Field), f.Message)
	}
}

// FailErr marks column (a key; "" is the row as a whole) invalid with the
// message of err: an *httpx.Error's message for the user, else its text.
func (r *Row) FailErr(column string, err error) {
	msg := err.Error()
	var he *httpx.Error
	if errors.As(err, &he) {
		msg = he.Message
	}
	r.Fail(column, msg)
}

// Each is the commit loop every kind shares: it hands each validated row's
// item (what Validate left in Row.Data) to save, in file order, inside the
// commit's transaction. The first failing row stops the commit (which then
// rolls back whole); its error names the row and keeps the field.
func Each[T any](rows []*Row, save func(r *Row, item T) error) error {
	for _, r := range rows {
		item, ok := r.Data.(T)
		if !ok {
			return fmt.Errorf("import row %d was not validated", r.RowNo)
		}
		if err := save(r, item); err != nil {
			return RowError(r, err)
		}
	}
	return nil
}

// EachTree is Each for a tree import, whose rows come parents first:
// parent gives the code of a row's parent when an earlier row of the file
// creates it ("" otherwise: the row keeps the parent it names) and the
// item's parent id, which is set to the id created for it before save;
// save returns the code and id of the record it created (id 0 for an
// update) for the rows below it. A parent not created is an error on pid
// naming it (what: 上级单位).
func EachTree[T any](rows []*Row, what string, parent func(item T) (code string, pid **int64),
	save func(r *Row, item T) (code string, id int64, err error)) error {
	created := Created{}
	return Each(rows, func(r *Row, item T) error {
		if code, pid := parent(item); code != "" {
			var err error
			if *pid, err = created.Parent(code, "pid", what); err != nil {
				return err
			}
		}
		code, id, err := save(r, item)
		if err == nil && id != 0 {
			created[code] = id
		}
		return err
	})
}

// Settle sets the status of a checked row that updates a live record from
// the record's changes (as its trail shows them): unchanged without any,
// else changed, listing them for the preview.
func (r *Row) Settle(changes []audit.Change) {
	r.Status = StatusUnchanged
	if len(changes) > 0 {
		r.Status = StatusChanged
	}
	for _, c := range changes {
		r.Changes = append(r.Changes, Change{Field: c.Field, Label: c.Label, Old: c.Old, New: c.New})
	}
}

// RowError names the row a save-path error of a Commit came from ("第 N 行：…");
// an error without a message for the user passes unchanged.
func RowError(r *Row, err error) error {
	var he *httpx.Error
	if !errors.As(err, &he) {
		return err
	}
	return &httpx.Error{Status: he.Status, Message: fmt.Sprintf("第 %d 行：%s", r.RowNo, he.Message), Cause: he.Cause,
		Field: he.Field, Code: he.Code}
}

// Created maps the codes of the records a commit created to their ids, so
// a row naming an earlier row's code as its parent gets that id (rows are
// saved in file order: a parent before its children).
type Created map[string]int64

// Parent is the id created for code, or an httpx.Invalid on field when no
// row of that code was imported (what names the parent, e.g. 上级单位).
func (c Created) Parent(code, field, what string) (*int64, error) {
	id, ok := c[code]
	if !ok {
		return nil, httpx.Invalid(field, "%s“%s”未导入", what, code)
	}
	return &id, nil
}
