package system

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// A background export (后台导出): a list export that may take a while runs
// after its request has been answered. The module checks permission and data
// scope and builds its query when the job is created (StartExport, inside the
// request); the job then writes the workbook through a pipe into the file
// store (bounded memory: rows stream from a database cursor), counts the rows
// written where the requester can watch them, and sends the requester a
// message with a link to the file when it is ready. The file is the
// requester's alone: anyone else, even a file administrator, gets 404.

// Export job states (export_job.state).
const (
	ExportRunning = 0
	ExportDone    = 1
	ExportFailed  = 2
)

var exportStateLabels = map[int]string{ExportRunning: "生成中", ExportDone: "已完成", ExportFailed: "失败"}

// maxExportBytes bounds one export's file (the roster of 200,000 members is
// about 25 MB).
const maxExportBytes = 512 << 20

// exportTimeout ends an export that runs longer than any real one (the
// roster of 200,000 members takes well under a minute). A job still
// 生成中 after it was cut off by a restart of its server: its requester is
// told it was interrupted (interrupted) rather than left waiting.
const exportTimeout = 15 * time.Minute

// exportInterrupted is the error of an export whose server stopped under it.
const exportInterrupted = "导出已中断（服务曾重启或超时），请重新导出"

// interrupted marks a job 生成中 past the time any run of it would have
// ended as failed, as its requester reads it (a server stopped mid-export;
// another instance may be running a newer one, so nothing is swept at start).
func (j *ExportJob) interrupted(now time.Time) {
	if j.State == ExportRunning && now.Sub(j.CreatedAt) > exportTimeout+time.Minute {
		j.State, j.Error = ExportFailed, exportInterrupted
	}
}

// ExportJob is one background export as its requester sees it.
type ExportJob struct {
	bun.BaseModel `bun:"table:export_job,alias:x"`
	ID            int64      `bun:"id,pk,autoincrement" json:"id"`
	UserID        int64      `bun:"user_id" json:"-"`
	Title         string     `bun:"title" json:"title"`
	FileName      string     `bun:"file_name" json:"fileName"`
	State         int        `bun:"state" json:"state"`
	StateLabel    string     `bun:"-" json:"stateLabel"`
	Rows          int        `bun:"rows_written" json:"rows"`
	StoredName    string     `bun:"stored_name" json:"-"`
	Size          int64      `bun:"size" json:"size"`
	Error         string     `bun:"error" json:"error"`
	CreatedAt     time.Time  `bun:"created_at" json:"createTime"`
	FinishedAt    *time.Time `bun:"finished_at" json:"finishTime"`
}

// ExportWrite writes the export's file to out, calling progress with the rows
// written so far, and returns how many rows it wrote. It runs after the
// request has ended: everything that depends on the caller (scope, filters,
// masking) must be settled before StartExport.
type ExportWrite func(ctx context.Context, out io.Writer, progress func(rows int)) (int, error)

// ExportRequest is what a module hands to StartExport.
type ExportRequest struct {
	// Title names the export in the progress and the message (党员花名册).
	Title string
	// FileName is the download's name; its extension is the stored file's.
	FileName string
	Write    ExportWrite
}

func exportJobMigration() db.Migration {
	return db.Migration{Version: 2026120160, Name: "background exports: the job, its progress and its file", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx,
			`CREATE TABLE export_job (
				id {{pk}},
				user_id BIGINT NOT NULL,
				title VARCHAR(100) NOT NULL,
				file_name VARCHAR(200) NOT NULL,
				state SMALLINT NOT NULL,
				rows_written BIGINT NOT NULL,
				stored_name VARCHAR(100) NOT NULL,
				size BIGINT NOT NULL,
				error VARCHAR(500) NOT NULL,
				created_at TIMESTAMP NOT NULL,
				finished_at TIMESTAMP NULL)`,
			`CREATE INDEX idx_export_job_user ON export_job(user_id, id)`)
	}}
}

func (s *Service) exportRoutes(rs *httpx.Routes) {
	rs.Get("/api/exports/{id}", httpx.SignedIn, "查看导出进度", s.handleExportJob)
	rs.Get("/api/exports/{id}/file", httpx.SignedIn, "下载导出文件", s.handleExportFile)
}

// errNoExport is the one answer for an export that does not exist or is not
// the caller's, so that ids cannot be probed.
var errNoExport = httpx.NotFound("导出任务不存在")

// StartExport records a background export for the signed-in caller and starts
// it; the caller answers with the job (202) and the web app follows its rows.
func (s *Service) StartExport(ctx context.Context, req ExportRequest) (ExportJob, error) {
	p := rbac.From(ctx)
	if p == nil || p.UserID == 0 {
		return ExportJob{}, httpx.E(http.StatusUnauthorized, "请先登录")
	}
	job := ExportJob{UserID: p.UserID, Title: req.Title, FileName: req.FileName, State: ExportRunning, CreatedAt: s.now()}
	if _, err := s.db.NewInsert().Model(&job).Returning("id").Exec(ctx); err != nil {
		return ExportJob{}, httpx.Internal(err)
	}
	job.StateLabel = exportStateLabels[job.State]
	s.exports.Add(1)
	go func() {
		defer s.exports.Done()
		s.runExport(job, req.Write)
	}()
	return job, nil
}

// WaitExports blocks until the running background exports have ended (the
// server's shutdown and tests).
func (s *Service) WaitExports() { s.exports.Wait() }

// runExport writes the file through a pipe into the file store, then records
// the outcome and tells the requester.
func (s *Service) runExport(job ExportJob, write ExportWrite) {
	ctx, cancel := context.WithTimeout(context.Background(), exportTimeout)
	defer cancel()
	progress := func(rows int) {
		// One statement: the web app reads the count while the rows are written.
		if _, err := s.db.NewUpdate().Table("export_job").Set("rows_written = ?", rows).
			Where("id = ? AND state = ?", job.ID, ExportRunning).Exec(ctx); err != nil {
			slog.Warn("export progress not recorded", "export", job.ID, "err", err)
		}
	}
	pr, pw := io.Pipe()
	written := make(chan int, 1)
	go func() {
		n, err := write(ctx, pw, progress)
		written <- n
		pw.CloseWithError(err) // nil closes normally
	}()
	ext := strings.TrimPrefix(strings.ToLower(path.Ext(job.FileName)), ".")
	saved, err := s.store.Save(ctx, pr, ext, maxExportBytes)
	pr.CloseWithError(err) // a failed save stops the writer
	rows := <-written
	finished := s.now()
	upd := s.db.NewUpdate().Table("export_job").Set("rows_written = ?", rows).Set("finished_at = ?", finished).
		Where("id = ?", job.ID)
	if err != nil {
		slog.Error("background export failed", "export", job.ID, "title", job.Title, "err", err)
		upd = upd.Set("state = ?", ExportFailed).Set("error = ?", "导出失败，请稍后重试或缩小导出范围")
	} else {
		upd = upd.Set("state = ?", ExportDone).Set("stored_name = ?", saved.Name).Set("size = ?", saved.Size)
	}
	if _, uerr := upd.Exec(ctx); uerr != nil {
		slog.Error("background export outcome not recorded", "export", job.ID, "err", uerr)
		if err == nil {
			_ = s.store.Remove(ctx, saved.Name)
		}
		return
	}
	title, content := fmt.Sprintf("导出文件已生成：%s", job.Title), fmt.Sprintf("%s，共 %d 行，点击查看并下载。文件仅您本人可以下载。", job.FileName, rows)
	if err != nil {
		title, content = fmt.Sprintf("导出失败：%s", job.Title), "生成导出文件时出错，请稍后重试或缩小导出范围。"
	}
	if nerr := s.Notify(ctx, s.db, []int64{job.UserID}, title, content, fmt.Sprintf("/export?id=%d", job.ID), false); nerr != nil {
		slog.Warn("background export message not sent", "export", job.ID, "err", nerr)
	}
}

// ownExport loads an export of the signed-in caller; anyone else's is errNoExport.
func (s *Service) ownExport(ctx context.Context, id int64) (*ExportJob, error) {
	p := rbac.From(ctx)
	if p == nil {
		return nil, errNoExport
	}
	job := new(ExportJob)
	err := s.db.NewSelect().Model(job).Where("x.id = ? AND x.user_id = ?", id, p.UserID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoExport
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	job.interrupted(s.now())
	job.StateLabel = exportStateLabels[job.State]
	return job, nil
}

// handleExportJob answers an export's state and the rows written so far.
func (s *Service) handleExportJob(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", errNoExport)
	if err != nil {
		return err
	}
	job, err := s.ownExport(r.Context(), id)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, job)
	return nil
}

// handleExportFile sends a finished export's file to its requester.
func (s *Service) handleExportFile(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", errNoExport)
	if err != nil {
		return err
	}
	job, err := s.ownExport(r.Context(), id)
	if err != nil {
		return err
	}
	if job.State != ExportDone {
		return httpx.E(http.StatusConflict, "导出文件尚未生成")
	}
	f, err := s.store.Open(r.Context(), job.StoredName)
	if err != nil {
		return httpx.Internal(err)
	}
	defer f.Close()
	httpx.SetDownload(w, job.FileName, contentTypeOf(job.FileName))
	w.Header().Set("Content-Security-Policy", fileCSP)
	http.ServeContent(w, r, "", job.CreatedAt, f)
	return nil
}

func contentTypeOf(name string) string {
	if strings.HasSuffix(strings.ToLower(name), ".xlsx") {
		return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	}
	return "application/octet-stream"
}
