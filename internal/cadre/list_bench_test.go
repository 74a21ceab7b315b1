package cadre_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/benchkit"
	"zhdj/internal/cadre"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// BenchmarkCadreList2000 is issue 28's list target: 2,000 cadres in two
// units, pages of 20 through HTTP as the 干部管理员, plain and with the
// filters a user combines (gender and level, the name box, a unit's
// subtree with the pinyin sort, a birth range with a status): p99 ≤ 30 ms.
// Run it alone: go test -run '^$' -bench CadreList2000 ./internal/cadre/
// (ZHDJ_TEST_DB for PostgreSQL).
func BenchmarkCadreList2000(b *testing.B) {
	const cadres = 2000
	w := newWorld(b)
	ctx := asAdmin(b)
	surnames := []string{"张", "王", "李", "赵", "陈", "刘", "杨", "黄", "周", "吴"}
	err := db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		for i := range cadres {
			unit := w.csUnit
			if i%3 == 0 {
				unit = w.mathUnit
			}
			f := cadre.FormData{Name: fmt.Sprintf("%s%04d", surnames[i%len(surnames)], i),
				Gender: cadre.Coded{Code: fmt.Sprint(1 + i%2)}, BirthOn: date.Date(fmt.Sprintf("%d-%02d-01", 1962+i%30, 1+i%12)),
				Ethnicity: cadre.Coded{Code: "01"}, PoliticalStatus: cadre.Coded{Code: "01"}, UnitID: unit,
				Post: fmt.Sprintf("岗位%d", i%40), Level: cadre.Coded{Code: fmt.Sprint(3 + i%4)}}
			if _, err := w.e.App.Cadres.SaveForm(ctx, tx, f, audit.OriginSystemImport); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	queries := []string{
		"/api/gbjbxx?page=0&size=20",
		"/api/gbjbxx?page=3&size=20&gender=2&level=4",
		"/api/gbjbxx?page=0&size=20&blurry=" + surnames[3],
		fmt.Sprintf("/api/gbjbxx?page=1&size=20&unitId=%d&sort=name,asc", w.mathUnit),
		"/api/gbjbxx?page=0&size=20&birthOnFrom=1970-01-01&birthOnTo=1979-12-31&status=7",
	}
	for _, q := range queries { // each answers a page
		if res := w.e.Do("GET", q, w.adminTK, nil); res.Status != 200 {
			b.Fatalf("%s: %d %s", q, res.Status, res.Body)
		}
	}
	s := benchkit.Loop(b, func(tb testing.TB, i int) {
		if res := w.e.Do("GET", queries[i%len(queries)], w.adminTK, nil); res.Status != 200 {
			tb.Fatalf("%d", res.Status)
		}
	})
	s.Target("cadre list 2000 with filters", 30*time.Millisecond)
}
