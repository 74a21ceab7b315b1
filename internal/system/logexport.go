package system

import (
	"fmt"
	"net/http"
	"time"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
)

// The log exports stream the rows of the list's filters and sort as xlsx
// (the request bodies stay in the detail view) and are logged themselves.

var (
	operLogHeaders = []string{"序号", "时间", "用户", "模块", "操作", "对象编号", "对象名称", "结果", "状态码", "说明",
		"耗时（毫秒）", "请求方法", "请求路径", "IP", "浏览器"}
	operLogWidths   = []float64{8, 20, 14, 14, 16, 16, 20, 8, 8, 30, 10, 10, 30, 16, 30}
	loginLogHeaders = []string{"序号", "时间", "用户名", "结果", "说明", "IP", "浏览器"}
	loginLogWidths  = []float64{8, 20, 16, 8, 30, 16, 40}
)

// logTime is a log row's time as people read it (China time).
func logTime(t time.Time) string { return t.In(date.China).Format("2006-01-02 15:04:05") }

func resultLabel(ok bool) string {
	if ok {
		return "成功"
	}
	return "失败"
}

func (s *Service) handleOperLogExport(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	q, err := operLogSpec.Query(s.operLogs(), lq)
	if err != nil {
		return err
	}
	name := "操作日志-" + date.Of(s.now()).Compact() + ".xlsx"
	n, err := excel.Export(ctx, w, s.db, q, operLogHeaders, operLogWidths, name, func(n int, l *OperLog) []any {
		return []any{n, logTime(l.CreatedAt), l.Username, l.Module, l.Action, l.Target, l.TargetName, resultLabel(l.Status < 400),
			l.Status, l.Message, l.DurationMS, l.Method, l.Path, l.IP, l.UserAgent}
	})
	if err == nil {
		s.LogAccess(ctx, r, fmt.Sprintf("导出操作日志（%d条）", n))
	}
	return err
}

func (s *Service) handleLoginLogExport(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	q, err := loginLogSpec.Query(s.db.NewSelect().Model((*LoginLog)(nil)), lq)
	if err != nil {
		return err
	}
	name := "登录日志-" + date.Of(s.now()).Compact() + ".xlsx"
	n, err := excel.Export(ctx, w, s.db, q, loginLogHeaders, loginLogWidths, name, func(n int, l *LoginLog) []any {
		return []any{n, logTime(l.CreatedAt), l.Username, resultLabel(l.Success), l.Message, l.IP, l.UserAgent}
	})
	if err == nil {
		s.LogAccess(ctx, r, fmt.Sprintf("导出登录日志（%d条）", n))
	}
	return err
}
