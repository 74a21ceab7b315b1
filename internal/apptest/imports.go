package apptest

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/imports"
)

// Workbook builds an xlsx whose first sheet holds rows (the header first),
// every cell as text.
func Workbook(t testing.TB, rows [][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		vals := make([]any, len(r))
		for j, v := range r {
			vals[j] = v
		}
		if err := f.SetSheetRow("Sheet1", cell, &vals); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Stage uploads rows as a workbook to the import kind and expects a validated batch.
func (e *Env) Stage(t testing.TB, kind, token string, rows [][]string) imports.Batch {
	t.Helper()
	res := e.Upload("/api/import/"+kind+"/batches", token, "file", "导入.xlsx", Workbook(t, rows), nil)
	Expect(t, res, 200)
	var b imports.Batch
	res.JSON(t, &b)
	if b.State != imports.StateCollectEnd || b.Total != len(rows)-1 {
		t.Fatalf("batch %+v", b)
	}
	return b
}

// ImportRows reads all rows of a batch by their row number.
func (e *Env) ImportRows(t testing.TB, kind, token string, batch int64) map[int]imports.Row {
	t.Helper()
	q := url.Values{"size": {"100"}}
	return ListedBy(e, fmt.Sprintf("/api/import/%s/batches/%d/rows?%s", kind, batch, q.Encode()), token,
		func(r imports.Row) int { return r.RowNo })
}

// FixRow replaces a staged row's cells and returns the batch after revalidation.
func (e *Env) FixRow(t testing.TB, kind, token string, batch int64, row imports.Row, cells map[string]string) (imports.Row, imports.Batch) {
	t.Helper()
	res := e.Do("PUT", fmt.Sprintf("/api/import/%s/batches/%d/rows/%d", kind, batch, row.ID), token, map[string]any{"cells": cells})
	Expect(t, res, 200)
	var out struct {
		Row   imports.Row
		Batch imports.Batch
	}
	res.JSON(t, &out)
	return out.Row, out.Batch
}

// Commit commits a batch (skipping invalid rows when told) and expects IMPORT_END.
func (e *Env) Commit(t testing.TB, kind, token string, batch int64, skipInvalid bool) imports.Batch {
	t.Helper()
	res := e.Do("POST", fmt.Sprintf("/api/import/%s/batches/%d/commit", kind, batch), token, map[string]any{"skipInvalid": skipInvalid})
	Expect(t, res, 200)
	var b imports.Batch
	res.JSON(t, &b)
	if b.State != imports.StateImportEnd {
		t.Fatalf("batch %+v", b)
	}
	return b
}

// CellErrors maps column → message of a row's cell errors.
func CellErrors(r imports.Row) map[string]string {
	out := map[string]string{}
	for _, ce := range r.Errors {
		out[ce.Column] = ce.Message
	}
	return out
}

// Download expects res to be a workbook sent as a download (200, an
// attachment) and opens it; it is closed when the test ends.
func Download(t testing.TB, res *Response) *excelize.File {
	t.Helper()
	Expect(t, res, 200)
	if !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("not a download: %v", res.Header)
	}
	book, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { book.Close() })
	return book
}
