package people_test

import (
	"fmt"
	"os"
	"testing"
	"time"
)

// TestStudentImportVolume stages and commits ZHDJ_IMPORT_VOLUME students
// (skipped unless set) and reports the time: the import reads and writes in
// bulk, so 20,000 rows take seconds, not minutes.
func TestStudentImportVolume(t *testing.T) {
	t.Parallel()
	var n int
	if _, err := fmt.Sscan(os.Getenv("ZHDJ_IMPORT_VOLUME"), &n); err != nil || n <= 0 {
		t.Skip("set ZHDJ_IMPORT_VOLUME=20000 to run")
	}
	w := newWorld(t)
	tk := w.importer(t)
	rows := [][]string{studentHeader}
	for i := range n {
		rows = append(rows, []string{fmt.Sprintf("V%06d", i), "学生", "", "汉族", idNumber(fmt.Sprintf("2005%02d%02d", i%12+1, i%28+1), i%1000),
			"13900139000", "", "DW-CS", "", "2024", "本科", "2024-09-01", "", ""})
	}
	start := time.Now()
	b := w.e.Stage(t, "xsjbxx", tk, rows)
	staged := time.Since(start)
	if b.NewCount != n {
		t.Fatalf("batch %+v", b)
	}
	w.e.Commit(t, "xsjbxx", tk, b.ID, false)
	t.Logf("%d students: staged and validated in %v, total with the commit %v", n, staged, time.Since(start))
}
