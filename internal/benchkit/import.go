package benchkit

import (
	"bytes"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/demo"
	"zhdj/internal/imports"
)

// ImportStats are the figures of one member import.
type ImportStats struct {
	Rows      int
	FileBytes int
	Upload    time.Duration // read, staged and validated
	Commit    time.Duration // revalidated and written with the trail
	Total     time.Duration
	Memory
}

// Report adds the figures to a benchmark's line.
func (s ImportStats) Report(b *testing.B) {
	b.ReportMetric(s.Upload.Seconds(), "upload-s")
	b.ReportMetric(s.Commit.Seconds(), "commit-s")
	b.ReportMetric(s.Total.Seconds(), "import-s")
	s.report(b)
}

func (s ImportStats) String() string {
	return fmt.Sprintf("%d rows (%d KiB xlsx): upload+validate %.1f s, commit %.1f s, total %.1f s, peak heap %.0f MB, peak RSS %.0f MB (anonymous %.0f MB)",
		s.Rows, s.FileBytes>>10, s.Upload.Seconds(), s.Commit.Seconds(), s.Total.Seconds(), s.PeakHeapMB, s.PeakRSSMB, s.PeakAnonMB)
}

// ImportMembers imports n new members as the organisation department
// does, through HTTP: upload the workbook (/api/import/dyjbxx/batches:
// read, staged, validated), then commit it. The rows come from the demo
// generator (demo.NewMembers), spread over the existing branches, so all
// are valid and new; each call imports another set. The figures are of the
// two requests; building the workbook is not measured.
func (w *World) ImportMembers(tb testing.TB, n int) ImportStats {
	tb.Helper()
	rows, err := demo.NewMembers(w.Options, n, w.imported)
	if err != nil {
		tb.Fatal(err)
	}
	w.imported++
	file := w.memberWorkbook(tb, rows)
	before := w.countMembers(tb)
	st := ImportStats{Rows: n, FileBytes: len(file)}
	var batch imports.Batch
	m := measure(func() {
		t0 := time.Now()
		res := w.Env.Upload("/api/import/dyjbxx/batches", w.Env.AdminTK, "file", "党员导入.xlsx", file, nil)
		if res.Status != 200 {
			tb.Fatalf("upload: %d %s", res.Status, res.Body)
		}
		res.JSON(tb, &batch)
		st.Upload = time.Since(t0)
		if batch.NewCount != n || batch.InvalidCount != 0 {
			tb.Fatalf("batch %+v; invalid rows: %s", batch, w.get(tb, fmt.Sprintf("/api/import/dyjbxx/batches/%d/rows?%s",
				batch.ID, url.Values{"status": {"invalid"}, "size": {"3"}}.Encode()), w.Env.AdminTK))
		}
		t1 := time.Now()
		res = w.Env.Do("POST", fmt.Sprintf("/api/import/dyjbxx/batches/%d/commit", batch.ID), w.Env.AdminTK, nil)
		if res.Status != 200 {
			tb.Fatalf("commit: %d %s", res.Status, res.Body)
		}
		st.Commit = time.Since(t1)
	})
	st.Total, st.Memory = m.took, m.Memory
	if after := w.countMembers(tb); after != before+n {
		tb.Fatalf("%d members before the import of %d, %d after", before, n, after)
	}
	return st
}

func (w *World) countMembers(tb testing.TB) int {
	n, err := w.Env.DB.NewSelect().Table("dyjbxx").Count(tb.Context())
	if err != nil {
		tb.Fatal(err)
	}
	return int(n)
}

// memberWorkbook writes rows (keyed by the member import's column keys)
// under the import's column labels, as a user's file would be.
func (w *World) memberWorkbook(tb testing.TB, rows []map[string]string) []byte {
	cols := w.Env.App.Members.ImportKind().Columns()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		tb.Fatal(err)
	}
	cells := make([]any, len(cols))
	for j, c := range cols {
		cells[j] = c.Label
	}
	if err := sw.SetRow("A1", cells); err != nil {
		tb.Fatal(err)
	}
	for i, r := range rows {
		for j, c := range cols {
			cells[j] = r[c.Key]
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, cells); err != nil {
			tb.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}
