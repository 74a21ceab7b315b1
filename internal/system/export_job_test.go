package system_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

type exportView struct {
	ID         int64
	Title      string
	FileName   string
	State      int
	StateLabel string
	Rows       int
	Error      string
}

// A background export: the rows written show while it runs; once done the
// file is its requester's to download, with a message linking to it; anyone
// else gets 404 (even the admin, who may read every uploaded file), and
// without a session 401.
func TestBackgroundExport(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	requester, requesterID := e.UserWith("ALL", 0)
	other, _ := e.UserWith("ALL", 0)

	reached, release := make(chan struct{}), make(chan struct{})
	ctx := rbac.With(context.Background(), &rbac.Principal{UserID: requesterID})
	job, err := e.Sys.StartExport(ctx, system.ExportRequest{Title: "测试名册", FileName: "测试名册.xlsx",
		Write: func(_ context.Context, out io.Writer, progress func(int)) (int, error) {
			progress(500)
			close(reached)
			<-release
			_, err := io.WriteString(out, strings.Repeat("行", 1200))
			return 1200, err
		}})
	if err != nil {
		t.Fatal(err)
	}
	<-reached
	running := apptest.DoJSON[exportView](t, e, 200, "GET", fmt.Sprintf("/api/exports/%d", job.ID), requester, nil)
	if running.State != system.ExportRunning || running.StateLabel != "生成中" || running.Rows != 500 || running.Title != "测试名册" {
		t.Fatalf("while running: %+v", running)
	}
	apptest.ExpectMessage(t, e.Do("GET", fmt.Sprintf("/api/exports/%d/file", job.ID), requester, nil), http.StatusConflict, "导出文件尚未生成")
	close(release)
	e.Sys.WaitExports()

	done := apptest.DoJSON[exportView](t, e, 200, "GET", fmt.Sprintf("/api/exports/%d", job.ID), requester, nil)
	if done.State != system.ExportDone || done.Rows != 1200 || done.StateLabel != "已完成" {
		t.Fatalf("done: %+v", done)
	}
	res := e.Do("GET", fmt.Sprintf("/api/exports/%d/file", job.ID), requester, nil)
	apptest.Expect(t, res, 200)
	if string(res.Body) != strings.Repeat("行", 1200) {
		t.Fatalf("file %d bytes", len(res.Body))
	}
	if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, "filename*=UTF-8''%E6%B5%8B%E8%AF%95") {
		t.Fatalf("Content-Disposition %q", cd)
	}
	var link string
	if err := e.DB.NewSelect().Table("msg_push_history").Column("link").Where("user_id = ?", requesterID).
		Where("title = ?", "导出文件已生成：测试名册").Scan(context.Background(), &link); err != nil {
		t.Fatal(err)
	}
	if link != fmt.Sprintf("/export?id=%d", job.ID) {
		t.Fatalf("message link %q", link)
	}

	for _, path := range []string{fmt.Sprintf("/api/exports/%d", job.ID), fmt.Sprintf("/api/exports/%d/file", job.ID), "/api/exports/999999/file", "/api/exports/x"} {
		apptest.ExpectMessage(t, e.Do("GET", path, other, nil), 404, "导出任务不存在")
		apptest.Expect(t, e.Do("GET", path, e.AdminTK, nil), 404)
		apptest.Expect(t, e.Do("GET", path, "", nil), 401)
	}
}

// A failed export ends as 失败 with no file, and its requester is told.
func TestBackgroundExportFails(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	requester, requesterID := e.UserWith("ALL", 0)
	ctx := rbac.With(context.Background(), &rbac.Principal{UserID: requesterID})
	job, err := e.Sys.StartExport(ctx, system.ExportRequest{Title: "测试名册", FileName: "测试名册.xlsx",
		Write: func(_ context.Context, out io.Writer, progress func(int)) (int, error) {
			progress(500)
			return 700, fmt.Errorf("database gone")
		}})
	if err != nil {
		t.Fatal(err)
	}
	e.Sys.WaitExports()
	failed := apptest.DoJSON[exportView](t, e, 200, "GET", fmt.Sprintf("/api/exports/%d", job.ID), requester, nil)
	if failed.State != system.ExportFailed || failed.StateLabel != "失败" || failed.Error == "" {
		t.Fatalf("failed: %+v", failed)
	}
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("/api/exports/%d/file", job.ID), requester, nil), http.StatusConflict)
	n, err := e.DB.NewSelect().Table("msg_push_history").Where("user_id = ?", requesterID).
		Where("title = ?", "导出失败：测试名册").Count(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("%d failure messages, %v", n, err)
	}
	// Without a signed-in caller nothing starts.
	if _, err := e.Sys.StartExport(context.Background(), system.ExportRequest{Title: "x", FileName: "x.xlsx"}); err == nil {
		t.Fatal("started without a caller")
	}
}

// An export whose server stopped under it (still 生成中 past the export's
// time limit) reads as failed and says so, instead of running for ever.
func TestBackgroundExportInterruptedByARestart(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	requester, requesterID := e.UserWith("ALL", 0)
	var id, fresh int64
	for i, age := range []time.Duration{17 * time.Minute, 15 * time.Minute} {
		created := time.Now().UTC().Add(-age)
		var got int64
		if err := e.DB.NewRaw(`INSERT INTO export_job (user_id, title, file_name, state, rows_written, stored_name, size, error, created_at)
			VALUES (?, '测试名册', '测试名册.xlsx', ?, 500, '', 0, '', ?) RETURNING id`, requesterID, system.ExportRunning, created).Scan(t.Context(), &got); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			id = got
		} else {
			fresh = got
		}
	}
	stale := apptest.DoJSON[exportView](t, e, 200, "GET", fmt.Sprintf("/api/exports/%d", id), requester, nil)
	if stale.State != system.ExportFailed || stale.StateLabel != "失败" || !strings.Contains(stale.Error, "导出已中断") {
		t.Fatalf("an interrupted export: %+v", stale)
	}
	if running := apptest.DoJSON[exportView](t, e, 200, "GET", fmt.Sprintf("/api/exports/%d", fresh), requester, nil); running.State != system.ExportRunning {
		t.Fatalf("an export within its time: %+v", running)
	}
}
