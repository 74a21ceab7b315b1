package quota_test

import (
	"context"
	"sync"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre/quota"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/module"
)

// gb_base_refresh (spec §9) reaches the bus's after-commit subscribers once
// per issued document, and never for a document refused.
func TestIssuePublishesBaseRefreshAfterCommitOnly(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var heard []quota.BaseRefresh
	e := apptest.NewModules(t, func(mods []module.Module) []module.Module {
		return append(mods, module.Module{Name: "listener", Subscribe: func(b *event.Bus) {
			event.SubscribeAfterCommit(b, func(_ context.Context, e quota.BaseRefresh) error {
				mu.Lock()
				defer mu.Unlock()
				heard = append(heard, e)
				return nil
			})
		}})
	})
	w := newWorldOf(t, e)
	pos := w.position(t, w.csUnit, "副院长", deputy, false)
	w.quota(t, w.csUnit, deputy, 1)
	a, b := w.cadre(t, "甲", w.csUnit), w.cadre(t, "乙", w.csUnit)
	refused := w.draft(t, appoint(a, pos, "2026-03-01", true, ""), appoint(b, pos, "2026-03-01", true, ""))
	apptest.Expect(t, w.issue(t, refused), 400)
	doc := w.draft(t, appoint(a, pos, "2026-03-01", true, ""))
	apptest.Expect(t, w.issue(t, doc), 200)
	mu.Lock()
	defer mu.Unlock()
	if len(heard) != 1 || heard[0].Name != "gb_base_refresh" || heard[0].DocumentID != doc || len(heard[0].CadreIDs) != 1 || heard[0].CadreIDs[0] != a {
		t.Fatalf("heard %+v, want one gb_base_refresh of document %d for cadre %d", heard, doc, a)
	}
}
