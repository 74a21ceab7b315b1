package rmb

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/cadre/lrmx"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/docx"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// Permissions: downloading forms and .lrmx files, and importing .lrmx files.
const (
	PermRmb    = "gbjbxx:rmb"
	PermImport = "gbjbxx:import"
)

// Processing states of an imported file (spec §4, cadre info processing
// state).
const (
	StateBegin   = 1
	StateSuccess = 2
	StateFail    = 3
)

// StateLabels are the states' names as the page shows them.
var StateLabels = map[int]string{StateBegin: "处理中", StateSuccess: "成功", StateFail: "失败"}

// Limits of one import request and of a batch download.
const (
	MaxImportFiles   = 50
	MaxImportRequest = 100 << 20
	MaxBatch         = 1000
)

// Service serves the 干部任免审批表 and the .lrmx files of the cadre base.
type Service struct {
	db        *bun.DB
	sys       *system.Service
	cadres    *cadre.Service
	workbooks *excel.Reader
	now       func() time.Time
}

// New builds the service; workbooks reads the Excel imports (the app's
// shared reader, whose parse slots bound the memory of concurrent imports).
func New(database *bun.DB, sys *system.Service, cadres *cadre.Service, workbooks *excel.Reader) *Service {
	return &Service{db: database, sys: sys, cadres: cadres, workbooks: workbooks, now: func() time.Time { return time.Now().UTC() }}
}

// Module describes the forms and imports to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "cadre-rmb", Migrations: Migrations(), Routes: s.Routes}
}

// Migrations: the import's processing rows and the page's buttons.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121020, Name: "cadre forms: lrmx import rows, 任免审批表 and import buttons", Up: func(ctx context.Context, tx bun.Tx) error {
		if err := db.DDL(ctx, tx, `CREATE TABLE gb_rmb_import (
			id {{pk}},
			file_name VARCHAR(255) NOT NULL,
			state INTEGER NOT NULL,
			errors TEXT NOT NULL DEFAULT '[]',
			cadre_id BIGINT NULL,
			cadre_name VARCHAR(100) NOT NULL DEFAULT '',
			created_by BIGINT NULL,
			{{stamps}})`,
			`CREATE INDEX idx_gb_rmb_import_created_by ON gb_rmb_import(created_by, id)`); err != nil {
			return err
		}
		return system.AddButtons(ctx, tx, "gb/jbxx", []system.MenuSeed{
			{Title: "下载任免审批表", Type: system.MenuButton, Permission: PermRmb},
			{Title: "导入任免审批表", Type: system.MenuButton, Permission: PermImport},
		}, system.RoleCadreAdmin, system.RoleOrgDept)
	}}}
}

// Routes registers the downloads and the import, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	r := rs.In("干部任免审批表")
	r.Get("/api/gbjbxx/{id}/rmb", PermRmb, "下载任免审批表", s.handleForm)
	r.Post("/api/gbjbxx/rmb/batch", PermRmb, "批量下载任免审批表", s.handleBatch)
	r.Get("/api/gbjbxx/{id}/lrmx", PermRmb, "导出lrmx", s.handleLrmx)
	r.Post("/api/gbjbxx/import/lrmx", PermImport, "导入lrmx", s.handleImport)
	r.Get("/api/gbjbxx/import/lrmx", PermImport, "导入记录", s.handleImports)
	r.Get("/api/gbjbxx/import/excel/template", PermImport, "下载Excel导入模板", s.handleExcelTemplate)
	r.Post("/api/gbjbxx/import/excel", PermImport, "Excel导入任免审批表", s.handleExcelImport)
}

func errNoCadre() error { return httpx.NotFound("干部不存在") }

// stamp is the caller and today, for the form's 填表人 and 填表时间.
func (s *Service) stamp(ctx context.Context) Stamp {
	st := Stamp{On: s.now().In(chinaTime)}
	if p := rbac.From(ctx); p != nil {
		st.By = p.Username
		if names, err := s.sys.NickNames(ctx, s.db, []int64{p.UserID}); err == nil && names[p.UserID] != "" {
			st.By = names[p.UserID]
		}
	}
	return st
}

var chinaTime = time.FixedZone("CST", 8*3600)

// person reads cadre id's form in the caller's scope (404 outside).
func (s *Service) person(ctx context.Context, id int64, st Stamp) (lrmx.Person, error) {
	f, err := s.cadres.Form(ctx, id)
	if err != nil {
		return lrmx.Person{}, err
	}
	return PersonOf(f, st), nil
}

func (s *Service) handleForm(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", errNoCadre())
	if err != nil {
		return err
	}
	st := s.stamp(r.Context())
	p, err := s.person(r.Context(), id, st)
	if err != nil {
		return err
	}
	httpx.SetDownload(w, FileName(p), docx.ContentType)
	return Write(w, p, Options{ReckonOn: st.On})
}

func (s *Service) handleLrmx(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", errNoCadre())
	if err != nil {
		return err
	}
	p, err := s.person(r.Context(), id, s.stamp(r.Context()))
	if err != nil {
		return err
	}
	httpx.SetDownload(w, safeName(p.Name)+".lrmx", "application/xml")
	return lrmx.Encode(w, p)
}

// handleBatch streams the forms of the ids as a zip. Every id is checked
// against the caller's scope before the first byte is sent: a refused
// batch is an error answer, not a broken zip.
func (s *Service) handleBatch(w http.ResponseWriter, r *http.Request) error {
	ids, err := httpx.IDs(r)
	if err != nil {
		return err
	}
	ids = unique(ids)
	if len(ids) > MaxBatch {
		return httpx.Invalid("ids", "一次最多下载 %d 份任免审批表", MaxBatch)
	}
	ctx := r.Context()
	scope, err := s.cadres.Scoped("g.unit_id")(ctx)
	if err != nil {
		return err
	}
	found := map[int64]bool{}
	if err := s.cadres.Each(ctx, s.db, func(q *bun.SelectQuery) *bun.SelectQuery {
		return scope(q.Where("g.id IN (?)", bun.In(ids)))
	}, func(c cadre.Row) error { found[c.ID] = true; return nil }); err != nil {
		return err
	}
	if len(found) != len(ids) {
		return errNoCadre()
	}
	st := s.stamp(ctx)
	httpx.SetDownload(w, "干部任免审批表.zip", "application/zip")
	batch := NewBatch(w, st.On)
	for _, id := range ids {
		p, err := s.person(ctx, id, st)
		if err == nil {
			err = batch.Add(p, Options{ReckonOn: st.On})
		}
		if err != nil {
			// The answer has begun: the client sees a broken zip, the log why.
			slog.ErrorContext(ctx, "rmb batch", "cadre", id, "err", err)
			return nil
		}
	}
	if err := batch.Close(); err != nil {
		slog.ErrorContext(ctx, "rmb batch", "err", err)
	}
	return nil
}

func unique(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := ids[:0:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// ImportRow is one imported file: its processing state, the cadre it
// wrote, or the errors per field.
type ImportRow struct {
	ID         int64             `json:"id" bun:"id,pk,autoincrement"`
	FileName   string            `json:"fileName" bun:"file_name"`
	State      int               `json:"state" bun:"state"`
	StateLabel string            `json:"stateLabel" bun:"-"`
	ErrorsJSON string            `json:"-" bun:"errors"`
	Errors     []lrmx.FieldError `json:"errors" bun:"-"`
	CadreID    *int64            `json:"cadreId" bun:"cadre_id"`
	CadreName  string            `json:"cadreName" bun:"cadre_name"`
	CreatedBy  *int64            `json:"-" bun:"created_by"`
	CreatedAt  time.Time         `json:"createTime" bun:"created_at"`
	UpdatedAt  time.Time         `json:"updateTime" bun:"updated_at"`

	bun.BaseModel `bun:"table:gb_rmb_import,alias:x"`
}

func (row *ImportRow) fill() {
	row.StateLabel = StateLabels[row.State]
	row.Errors = []lrmx.FieldError{}
	_ = json.Unmarshal([]byte(row.ErrorsJSON), &row.Errors)
}

// handleImport reads several .lrmx files (field "files") and the unit new
// cadres join ("unitId"); each file becomes a processing row and is
// committed on its own, so one bad file fails alone.
func (s *Service) handleImport(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, MaxImportRequest)
	if err := r.ParseMultipartForm(8 << 20); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return httpx.BadRequest("上传的文件合计不能超过 %d MB", MaxImportRequest>>20)
		}
		return httpx.BadRequest("请选择要导入的 lrmx 文件")
	}
	defer r.MultipartForm.RemoveAll() //nolint:errcheck
	if err := httpx.CheckForm(r.MultipartForm); err != nil {
		return err
	}
	files := r.MultipartForm.File["files"]
	if len(files) == 0 {
		return httpx.Invalid("files", "请选择要导入的 lrmx 文件")
	}
	if len(files) > MaxImportFiles {
		return httpx.Invalid("files", "一次最多导入 %d 个文件", MaxImportFiles)
	}
	var unitID int64
	if v := strings.TrimSpace(r.FormValue("unitId")); v != "" {
		if _, err := fmt.Sscan(v, &unitID); err != nil || unitID <= 0 {
			return httpx.Invalid("unitId", "所在单位无效")
		}
	}
	dicts, err := s.dictionaries(r.Context())
	if err != nil {
		return err
	}
	out := make([]ImportRow, 0, len(files))
	for _, fh := range files {
		row, err := s.importFile(r.Context(), fh, dicts, unitID)
		if err != nil {
			return err
		}
		out = append(out, row)
	}
	return httpx.OK(w, out)
}

// ImportFile imports one .lrmx (name, content) for the caller: a
// processing row BEGIN, then SUCCESS with the cadre written in one
// transaction, or FAIL with the errors and nothing written.
func (s *Service) ImportFile(ctx context.Context, name string, content io.Reader, unitID int64) (ImportRow, error) {
	dicts, err := s.dictionaries(ctx)
	if err != nil {
		return ImportRow{}, err
	}
	return s.importReader(ctx, name, content, dicts, unitID)
}

func (s *Service) importFile(ctx context.Context, fh *multipart.FileHeader, dicts Dictionaries, unitID int64) (ImportRow, error) {
	f, err := fh.Open()
	if err != nil {
		return ImportRow{}, httpx.Internal(err)
	}
	defer f.Close()
	return s.importReader(ctx, filepath.Base(strings.ReplaceAll(fh.Filename, "\\", "/")), f, dicts, unitID)
}

func (s *Service) importReader(ctx context.Context, name string, content io.Reader, dicts Dictionaries, unitID int64) (ImportRow, error) {
	return s.importOne(ctx, name, func() (lrmx.Person, error) { return lrmx.Decode(content, lrmx.MaxFile) }, dicts, unitID)
}

// importOne records a processing row BEGIN for name, reads the form with
// read and commits it with its photo in one transaction (SUCCESS), or
// records why not (FAIL) with nothing written.
func (s *Service) importOne(ctx context.Context, name string, read func() (lrmx.Person, error), dicts Dictionaries, unitID int64) (ImportRow, error) {
	now := s.now()
	row := ImportRow{FileName: truncate(name, 255), State: StateBegin, ErrorsJSON: "[]", CreatedAt: now, UpdatedAt: now}
	if p := rbac.From(ctx); p != nil {
		row.CreatedBy = &p.UserID
	}
	if _, err := s.db.NewInsert().Model(&row).Returning("id").Exec(ctx); err != nil {
		return row, httpx.Internal(err)
	}
	person, err := read()
	row.CadreName = truncate(person.Name, 100)
	if err != nil {
		// A form whose fields are wrong is checked against the record too,
		// so the file can be fixed in one go.
		var list lrmx.Errors
		if errors.As(err, &list) && len(list) > 0 && list[0].Field != "文件" {
			var more lrmx.Errors
			if _, ferr := FormOf(person, dicts, unitID); errors.As(ferr, &more) {
				err = append(list, more...)
			}
		}
		return s.fail(ctx, row, err)
	}
	form, err := FormOf(person, dicts, unitID)
	if err != nil {
		return s.fail(ctx, row, err)
	}
	// The photo is stored before the transaction: the cadre base checks a
	// photo file through its own connection, which would not see it inside
	// ours. It is removed again when the form is not committed.
	var photoID int64
	if len(form.Photo) > 0 {
		file, _, err := s.sys.SaveFileBytes(ctx, s.db, safeName(person.Name)+"."+docx.Extension(form.PhotoType), form.Photo, "cadre", "photo")
		if err != nil {
			return s.fail(ctx, row, err)
		}
		photoID = file.ID
		form.PhotoFileID = &file.ID
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		id, err := s.cadres.SaveForm(ctx, tx, form, audit.OriginSystemImport)
		if err != nil {
			return err
		}
		row.State, row.CadreID, row.UpdatedAt = StateSuccess, &id, s.now()
		_, err = tx.NewUpdate().Model(&row).Column("state", "cadre_id", "cadre_name", "updated_at").WherePK().Exec(ctx)
		return err
	})
	if err != nil {
		if photoID != 0 {
			s.sys.RemoveAttachedFiles(ctx, []int64{photoID})
		}
		return s.fail(ctx, row, err)
	}
	row.fill()
	return row, nil
}

// fail records why a file failed; an error that is no one's input (the
// database went away) is answered as it is.
func (s *Service) fail(ctx context.Context, row ImportRow, cause error) (ImportRow, error) {
	var list lrmx.Errors
	var fields []lrmx.FieldError
	switch {
	case errors.As(cause, &list):
		fields = list
	case len(httpx.FieldErrors(cause)) > 0:
		for _, fe := range httpx.FieldErrors(cause) {
			fields = append(fields, lrmx.FieldError{Field: fe.Field, Message: fe.Message})
		}
	default:
		var he *httpx.Error
		if !errors.As(cause, &he) || he.Status >= 500 {
			return row, httpx.AsError(cause)
		}
		fields = []lrmx.FieldError{{Field: "文件", Message: he.Message}}
	}
	b, _ := json.Marshal(fields)
	row.State, row.ErrorsJSON, row.CadreID, row.UpdatedAt = StateFail, string(b), nil, s.now()
	if _, err := s.db.NewUpdate().Model(&row).Column("state", "errors", "cadre_id", "cadre_name", "updated_at").WherePK().Exec(ctx); err != nil {
		return row, httpx.Internal(err)
	}
	row.fill()
	return row, nil
}

// handleImports is the caller's own imported files, newest first, paged.
func (s *Service) handleImports(w http.ResponseWriter, r *http.Request) error {
	pg, err := httpx.ParsePage(r.URL.Query())
	if err != nil {
		return err
	}
	p := rbac.From(r.Context())
	if p == nil {
		return httpx.E(http.StatusUnauthorized, "请先登录")
	}
	var rows []ImportRow
	n, err := s.db.NewSelect().Model(&rows).Where("created_by = ?", p.UserID).OrderExpr("id DESC").
		Limit(int64(pg.Size)).Offset(int64(pg.Offset())).ScanAndCount(r.Context())
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return httpx.Internal(err)
	}
	for i := range rows {
		rows[i].fill()
	}
	return httpx.OK(w, httpx.NewPage(rows, int(n)))
}

// aliases are the short labels forms written by other software use for
// dictionary items, by dictionary: label → code (taken only when the code
// is an enabled item).
var aliases = map[string]map[string]string{
	cadre.DictPolitical: {"中共党员": "01", "中共预备党员": "02", "共青团员": "03", "群众": "13"},
	cadre.DictEducation: {"研究生": "10", "大学": "21", "大学本科": "21", "大专": "31", "大学专科": "31", "中专": "41"},
}

// dictionaries are the labels of the dictionaries a form names, mapped to
// their codes: the label, the label without "学位" (工学学士) or without a
// bracketed note (讲师（高校）: 讲师), the aliases, and the code itself.
func (s *Service) dictionaries(ctx context.Context) (Dictionaries, error) {
	names := []string{cadre.DictGender, cadre.DictEthnicity, cadre.DictPolitical, cadre.DictEducation, cadre.DictDegree, cadre.DictTitle}
	items, err := s.sys.DictItems(ctx, names)
	if err != nil {
		return nil, err
	}
	out := Dictionaries{}
	for _, name := range names {
		m := map[string]string{}
		enabled := map[string]bool{}
		put := func(label, code string) {
			if _, taken := m[label]; !taken && label != "" {
				m[label] = code
			}
		}
		for _, it := range items[name] {
			if !it.Disabled {
				enabled[it.Value] = true
				m[it.Label] = it.Value
			}
		}
		for _, it := range items[name] {
			if it.Disabled {
				continue
			}
			put(strings.TrimSuffix(it.Label, "学位"), it.Value)
			if i := strings.Index(it.Label, "（"); i > 0 {
				put(it.Label[:i], it.Value)
			}
			put(it.Value, it.Value)
		}
		for label, code := range aliases[name] {
			if enabled[code] {
				put(label, code)
			}
		}
		out[name] = m
	}
	return out, nil
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
