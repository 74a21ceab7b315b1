package report

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Read serves one read as the view and, through send, as the export; a
// failed read sends nothing.
func TestReadServesOneReadAsViewAndExport(t *testing.T) {
	t.Parallel()
	reads := 0
	failed := errors.New("read failed")
	read := func(_ context.Context, q Query) ([]int, error) {
		reads++
		if q.Year == 0 {
			return nil, failed
		}
		return []int{q.Year}, nil
	}
	var sent []int
	rt := Read(Route{Path: "/r", Name: "报表", Perm: "x:report"}, read, func(_ http.ResponseWriter, _ Query, v []int) error {
		sent = v
		return nil
	})
	if rt.Path != "/r" || rt.Name != "报表" || rt.Perm != "x:report" {
		t.Fatalf("the route's own fields: %+v", rt)
	}
	r := httptest.NewRequest(http.MethodGet, "/r", nil)
	if v, err := rt.View(r, Query{Year: 2025}); err != nil || v.([]int)[0] != 2025 {
		t.Fatalf("view: %v, %v", v, err)
	}
	if err := rt.Export(httptest.NewRecorder(), r, Query{Year: 2024}); err != nil || len(sent) != 1 || sent[0] != 2024 {
		t.Fatalf("export: %v, sent %v", err, sent)
	}
	sent = nil
	if err := rt.Export(httptest.NewRecorder(), r, Query{}); !errors.Is(err, failed) || sent != nil {
		t.Fatalf("a failed read: %v, sent %v; want the read's error and nothing sent", err, sent)
	}
	if reads != 3 {
		t.Fatalf("reads: %d, want one per call", reads)
	}
}
