package app

import (
	"net/http"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/metrics"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/servermon"
)

// metricsModule is the Prometheus endpoint (issue 33, docs/monitoring.md).
// It needs what the 服务监控 page needs (server:list, system administrators):
// the figures name every route and job and how busy the server is. A
// scraper signs in as an account holding it and sends its token.
func metricsModule(mx *metrics.Metrics) module.Module {
	serve := mx.Handler()
	return module.Module{Name: "metrics", Routes: func(root *httpx.Routes) {
		root.In("服务监控").Get("/api/monitor/metrics", servermon.PermView, "导出监控指标（Prometheus）",
			func(w http.ResponseWriter, r *http.Request) error {
				serve.ServeHTTP(w, r)
				return nil
			})
	}}
}
