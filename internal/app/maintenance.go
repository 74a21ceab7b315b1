package app

import (
	"context"
	"log/slog"
	"time"
)

// RunMaintenance clears expired sessions and captchas, and import batches
// never imported past their expiry, every ten minutes until ctx ends. Each
// instance may run it: the deletes are idempotent.
func (a *App) RunMaintenance(ctx context.Context) {
	t := time.NewTicker(10 * time.Minute)
	defer t.Stop()
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
		}
	}
}
