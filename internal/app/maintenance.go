package app

import (
	"context"
	"log/slog"
	"time"
)

// RunMaintenance clears expired sessions and captchas, and import batches
// never imported past their expiry, every ten minutes; and purges the logs
// past their retention at start and then daily; until ctx ends. Each
// instance may run it: the deletes are idempotent.
func (a *App) RunMaintenance(ctx context.Context) {
	t := time.NewTicker(10 * time.Minute)
	defer t.Stop()
	daily := time.NewTicker(24 * time.Hour)
	defer daily.Stop()
	a.purgeLogs(ctx)
	for {
		if err := a.System.PurgeExpired(ctx); err != nil && ctx.Err() == nil {
			slog.Warn("maintenance", "err", err)
		}
		if err := a.Imports.PurgeExpired(ctx); err != nil && ctx.Err() == nil {
			slog.Warn("maintenance", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-daily.C:
			a.purgeLogs(ctx)
		}
	}
}

func (a *App) purgeLogs(ctx context.Context) {
	if err := a.System.PurgeLogs(ctx); err != nil && ctx.Err() == nil {
		slog.Warn("maintenance: log retention", "err", err)
	}
}
