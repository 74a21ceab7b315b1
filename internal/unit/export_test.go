package unit_test

import (
	"bytes"
	"sort"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/excel"
)

// The unit export follows the list's filters and the caller's scope.
func TestExport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	names := func(token, query string) []string {
		t.Helper()
		res := w.e.Do("GET", "/api/dwxx/export?"+query, token, nil)
		apptest.Expect(t, res, 200)
		rows, err := excel.Read(bytes.NewReader(res.Body), 10000)
		if err != nil {
			t.Fatal(err)
		}
		if rows[0][2] != "单位名称" {
			t.Fatalf("header %v", rows[0])
		}
		var out []string
		for _, r := range rows[1:] {
			out = append(out, r[2])
		}
		sort.Strings(out)
		return out
	}
	// 计算机学院 (paired with the committee) and 网络中心 (its branch belongs to it).
	if got := strings.Join(names(w.csTK, ""), ","); got != "网络中心,计算机学院" {
		t.Fatalf("cs scope: %s", got)
	}
	if got := strings.Join(names(w.mathTK, ""), ","); got != "数学学院" {
		t.Fatalf("math scope: %s", got)
	}
	if got := strings.Join(names(w.e.AdminTK, "blurry=学院"), ","); got != "数学学院,计算机学院" {
		t.Fatalf("filter: %s", got)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/dwxx/export?nosuch=1", w.csTK, nil), 400)
}
