// Package datasource is 数据源配置: the school's HR system (teachers and
// staff) and student system (students, classes) as sources of the people
// registry, read over a database connection (PostgreSQL or MySQL, in a
// read-only transaction) or an HTTP JSON endpoint, with a field mapping the
// administrator edits and previews. A run is an import (internal/imports)
// whose rows come from the source instead of a workbook: the registry's own
// checks apply, each batch of up to imports.MaxRows is written all or
// nothing, and the batches stay in the import history (导入批次) with their
// rows' problems. A dry run stops before writing: its batches wait in
// 导入批次, where they can be looked at, committed or dropped. Scheduled runs
// are one job (one run at a time across instances), acting as the account
// that last saved the source, with its permissions as they are then.
// Design: docs/datasource.md.
package datasource

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"
	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/people"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// Source types.
const (
	TypeHTTP     = "http"
	TypePostgres = "postgres"
	TypeMySQL    = "mysql"
)

// Types and their names.
var (
	Types      = []string{TypeHTTP, TypePostgres, TypeMySQL}
	TypeLabels = map[string]string{TypeHTTP: "HTTP 接口（JSON）", TypePostgres: "PostgreSQL 数据库", TypeMySQL: "MySQL 数据库"}
)

// Permissions of the 数据源配置 page.
const (
	PermList = "dataSource:list"
	PermEdit = "dataSource:edit"
	PermRun  = "dataSource:run"
)

// JobSync is the nightly run of the scheduled sources.
const JobSync = "datasource.sync"

// Source is one configured source.
type Source struct {
	bun.BaseModel `bun:"table:ds_source,alias:ds"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	Name          string `bun:"name" json:"name"`
	Target        string `bun:"target" json:"target"` // the import kind it fills (jsjbxx, xsjbxx, bj)
	Type          string `bun:"type" json:"type"`
	// EndpointEnc is the URL or connection string, encrypted: it carries
	// credentials, and is never answered back.
	EndpointEnc string `bun:"endpoint_enc" json:"-"`
	// Query is the SQL (a database) or the JSON path of the records' array
	// (HTTP; "" when the answer is the array).
	Query       string `bun:"query" json:"query"`
	MappingJSON string `bun:"mapping" json:"-"`
	// AbsentStatus is the status of the registry's people the source no
	// longer lists ("": nobody is marked; people targets only).
	AbsentStatus string     `bun:"absent_status" json:"absentStatus"`
	Scheduled    bool       `bun:"scheduled" json:"scheduled"`
	OwnerID      int64      `bun:"owner_id" json:"-"`
	Running      *time.Time `bun:"running_since" json:"-"`
	LastRunAt    *time.Time `bun:"last_run_at" json:"lastRunAt"`
	LastStatus   string     `bun:"last_status" json:"lastStatus"` // "" | ok | failed
	LastMessage  string     `bun:"last_message" json:"lastMessage"`
	db.Stamps
}

// SourceView is a source as the page shows it.
type SourceView struct {
	Source
	Mapping map[string]string `json:"mapping"` // column key → the source's field
	// EndpointHint is the endpoint without its credentials (host and path).
	EndpointHint string `json:"endpointHint"`
}

// Run is one run of a source.
type Run struct {
	bun.BaseModel  `bun:"table:ds_run,alias:dr"`
	ID             int64      `bun:"id,pk,autoincrement" json:"id"`
	SourceID       int64      `bun:"source_id" json:"sourceId"`
	Dry            bool       `bun:"dry" json:"dry"`
	Scheduled      bool       `bun:"scheduled" json:"scheduled"`
	ByName         string     `bun:"by_name" json:"byName"`
	StartedAt      time.Time  `bun:"started_at" json:"startedAt"`
	FinishedAt     *time.Time `bun:"finished_at" json:"finishedAt"`
	Status         string     `bun:"status" json:"status"` // ok | failed
	Message        string     `bun:"message" json:"message"`
	Records        int        `bun:"records" json:"records"`
	NewCount       int        `bun:"new_count" json:"newCount"`
	ChangedCount   int        `bun:"changed_count" json:"changedCount"`
	UnchangedCount int        `bun:"unchanged_count" json:"unchangedCount"`
	InvalidCount   int        `bun:"invalid_count" json:"invalidCount"`
	LeftCount      int        `bun:"left_count" json:"leftCount"`         // marked as left (a dry run: to be)
	ReturnedCount  int        `bun:"returned_count" json:"returnedCount"` // marked before, listed again
	BatchIDs       string     `bun:"batch_ids" json:"batchIds"`           // comma separated, in order
}

// Service is the data source module.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	imp     *imports.Service
	people  *people.Service
	cipher  *crypto.FieldCipher
	targets map[string]imports.Kind
	client  *http.Client // nil: the readers' own (tests replace it)
	now     func() time.Time
}

// New builds the service; targets are the import kinds a source may fill.
func New(database *bun.DB, sys *system.Service, imp *imports.Service, persons *people.Service, cipher *crypto.FieldCipher,
	targets ...imports.Kind) *Service {
	s := &Service{db: database, sys: sys, imp: imp, people: persons, cipher: cipher, targets: map[string]imports.Kind{},
		now: func() time.Time { return time.Now().UTC() }}
	for _, k := range targets {
		s.targets[k.Name()] = k
	}
	return s
}

// SetHTTPClient replaces the client of HTTP sources (tests).
func (s *Service) SetHTTPClient(c *http.Client) { s.client = c }

// Module describes the module to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "datasource", Migrations: Migrations(), Routes: s.Routes, Menus: []system.MenuSeed{page()},
		Jobs: []jobs.Job{{Name: JobSync, Title: "数据源定时同步（人事、学生系统）", Cron: "20 2 * * *", Timeout: 2 * time.Hour, Run: s.runScheduled}}, Encrypted: encrypted()}
}

// page is the 数据源配置 page under 系统管理 (system administrators).
func page() system.MenuSeed {
	return system.MenuSeed{Title: "数据源配置", Name: "DataSource", Path: "dataSource", Component: "system/dataSource", Icon: "database",
		Type: system.MenuPage, Roles: []string{system.RoleAdmin}, Children: system.Granted([]system.MenuSeed{
			{Title: "查询", Type: system.MenuButton, Permission: PermList},
			{Title: "编辑", Type: system.MenuButton, Permission: PermEdit},
			{Title: "同步", Type: system.MenuButton, Permission: PermRun},
		}, system.RoleAdmin)}
}

// Migrations: the sources and their runs; the page.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121294, Name: "数据源配置: sources and runs; the page", Up: func(ctx context.Context, tx bun.Tx) error {
		if err := db.DDL(ctx, tx, `CREATE TABLE ds_source (
			id {{pk}},
			name VARCHAR(100) NOT NULL UNIQUE,
			target VARCHAR(32) NOT NULL,
			type VARCHAR(16) NOT NULL,
			endpoint_enc VARCHAR(4000) NOT NULL,
			query VARCHAR(8000) NOT NULL DEFAULT '',
			mapping VARCHAR(8000) NOT NULL DEFAULT '{}',
			scheduled BOOLEAN NOT NULL DEFAULT FALSE,
			owner_id BIGINT NOT NULL,
			running_since TIMESTAMP NULL,
			last_run_at TIMESTAMP NULL,
			last_status VARCHAR(16) NOT NULL DEFAULT '',
			last_message VARCHAR(500) NOT NULL DEFAULT '',
			{{stamps}})`,
			`CREATE TABLE ds_run (
			id {{pk}},
			source_id BIGINT NOT NULL REFERENCES ds_source(id) ON DELETE CASCADE,
			dry BOOLEAN NOT NULL,
			scheduled BOOLEAN NOT NULL,
			by_name VARCHAR(64) NOT NULL DEFAULT '',
			started_at TIMESTAMP NOT NULL,
			finished_at TIMESTAMP NULL,
			status VARCHAR(16) NOT NULL,
			message VARCHAR(500) NOT NULL DEFAULT '',
			records INTEGER NOT NULL DEFAULT 0,
			new_count INTEGER NOT NULL DEFAULT 0,
			changed_count INTEGER NOT NULL DEFAULT 0,
			unchanged_count INTEGER NOT NULL DEFAULT 0,
			invalid_count INTEGER NOT NULL DEFAULT 0,
			batch_ids VARCHAR(200) NOT NULL DEFAULT '')`,
			`CREATE INDEX idx_ds_run_source ON ds_run(source_id, started_at)`); err != nil {
			return err
		}
		return system.AddPages(ctx, tx, "/system", []system.MenuSeed{page()})
	}}, {Version: 2026121296, Name: "数据源配置: leavers (the status of people a source no longer lists)", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx, `ALTER TABLE ds_source ADD COLUMN absent_status VARCHAR(16) NOT NULL DEFAULT ''`,
			`ALTER TABLE ds_run ADD COLUMN left_count INTEGER NOT NULL DEFAULT 0`,
			`ALTER TABLE ds_run ADD COLUMN returned_count INTEGER NOT NULL DEFAULT 0`)
	}}}
}

func errNoSource() *httpx.Error { return httpx.NotFound("数据源不存在") }

// Routes registers the endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	r := rs.In("数据源配置")
	r.Get("/api/dataSources", PermList, "查询", httpx.Read(s.List))
	r.Get("/api/dataSources/targets", PermList, "查询同步目标", httpx.Read(s.Targets))
	r.Post("/api/dataSources", PermEdit, "新增", httpx.Create(s.Create))
	r.Put("/api/dataSources", PermEdit, "修改", httpx.Update(s.Update))
	r.Delete("/api/dataSources", PermEdit, "删除", httpx.IDsAction(s.Delete))
	r.Post("/api/dataSources/preview", PermEdit, "预览", httpx.Action(s.Preview))
	r.Post("/api/dataSources/{id}/run", PermRun, "同步", httpx.ActionOn(errNoSource, s.RunNow))
	r.Get("/api/dataSources/{id}/runs", PermList, "同步记录", httpx.ReadOn(errNoSource, s.Runs))
}

// Target is an import kind a source may fill, with its columns.
type Target struct {
	Key     string           `json:"key"`
	Label   string           `json:"label"`
	Columns []imports.Column `json:"columns"`
	// AbsentStatuses are the statuses its leavers may be marked with (none:
	// the target lists no people).
	AbsentStatuses []system.DictOption `json:"absentStatuses"`
}

// Targets lists what a source may fill, in a fixed order.
func (s *Service) Targets(ctx context.Context) ([]Target, error) {
	statuses, err := s.people.LeaverStatuses(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Target, 0, len(s.targets))
	for _, k := range s.targets {
		out = append(out, Target{Key: k.Name(), Label: k.Title(), Columns: k.Columns(), AbsentStatuses: nonNil(statuses[k.Name()])})
	}
	slices.SortFunc(out, func(a, b Target) int { return strings.Compare(a.Key, b.Key) })
	return out, nil
}

// List lists the sources (a school has a handful).
func (s *Service) List(ctx context.Context) ([]SourceView, error) {
	var rows []Source
	if err := s.db.NewSelect().Model(&rows).OrderExpr("ds.id").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]SourceView, len(rows))
	for i := range rows {
		out[i] = s.view(&rows[i])
	}
	return out, nil
}

// mapping is the source's mapping, column key → the source's field.
func (src *Source) mapping() map[string]string {
	m := map[string]string{}
	json.Unmarshal([]byte(src.MappingJSON), &m) //nolint:errcheck // written by us, checked on the way in
	return m
}

func (s *Service) view(src *Source) SourceView {
	v := SourceView{Source: *src, Mapping: src.mapping()}
	if endpoint, err := s.cipher.Decrypt(src.EndpointEnc); err == nil {
		v.EndpointHint = hint(src.Type, endpoint)
	}
	return v
}

// hint is an endpoint without its credentials.
func hint(typ, endpoint string) string {
	switch typ {
	case TypeHTTP, TypePostgres:
		if u, err := url.Parse(endpoint); err == nil && u.Host != "" {
			return u.Scheme + "://" + u.Host + u.Path
		}
		if cfg, err := pgx.ParseConfig(endpoint); err == nil {
			return "postgres://" + cfg.Host + "/" + cfg.Database
		}
	case TypeMySQL:
		if cfg, err := mysql.ParseDSN(endpoint); err == nil {
			return "mysql://" + cfg.Addr + "/" + cfg.DBName
		}
	}
	return ""
}

// Input is the body of create, update and preview. Endpoint is write-only:
// empty on an update or a preview of a saved source keeps the stored one.
type Input struct {
	ID       int64             `json:"id"`
	Name     string            `json:"name"`
	Target   string            `json:"target"`
	Type     string            `json:"type"`
	Endpoint string            `json:"endpoint"`
	Query    string            `json:"query"`
	Mapping  map[string]string `json:"mapping"`
	// AbsentStatus marks the people the source no longer lists ("": none).
	AbsentStatus string `json:"absentStatus"`
	Scheduled    bool   `json:"scheduled"`
}

var (
	selectPattern = regexp.MustCompile(`(?is)^\s*(select|with)\s`)
	pathPattern   = regexp.MustCompile(`^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$`)
)

// check validates in (the endpoint in clear: stored's when in leaves it out).
// A refusal of the mapping (checked last) still answers the endpoint.
func (s *Service) check(in *Input, stored string) (endpoint string, err error) {
	in.Name, in.Query, in.Endpoint = strings.TrimSpace(in.Name), strings.TrimSpace(in.Query), strings.TrimSpace(in.Endpoint)
	in.AbsentStatus = strings.TrimSpace(in.AbsentStatus)
	endpoint = in.Endpoint
	if endpoint == "" {
		endpoint = stored
	}
	k, ok := s.targets[in.Target]
	switch {
	case in.Name == "" || utf8.RuneCountInString(in.Name) > 100:
		return "", httpx.Invalid("name", "请输入名称（不超过100个字）")
	case !ok:
		return "", httpx.Invalid("target", "请选择同步到哪个信息库")
	case !slices.Contains(Types, in.Type):
		return "", httpx.Invalid("type", "请选择数据源类型")
	case endpoint == "":
		return "", httpx.Invalid("endpoint", "请输入接口地址或数据库连接串")
	case len(endpoint) > 2000:
		return "", httpx.Invalid("endpoint", "地址或连接串不能超过2000个字符")
	case len(in.Query) > 8000:
		return "", httpx.Invalid("query", "查询不能超过8000个字符")
	}
	switch in.Type {
	case TypeHTTP:
		u, err := url.Parse(endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", httpx.Invalid("endpoint", "接口地址须为 http(s):// 开头的完整地址")
		}
		if in.Query != "" && !pathPattern.MatchString(in.Query) {
			return "", httpx.Invalid("query", "数据路径须为以点分隔的字段名，如 data.list；接口直接返回数组时留空")
		}
	case TypePostgres:
		if _, err := pgx.ParseConfig(endpoint); err != nil || !strings.HasPrefix(endpoint, "postgres") {
			return "", httpx.Invalid("endpoint", "PostgreSQL 连接串须形如 postgres://只读账号:密码@主机:5432/库名")
		}
	case TypeMySQL:
		if _, err := mysql.ParseDSN(endpoint); err != nil {
			return "", httpx.Invalid("endpoint", "MySQL 连接串须形如 只读账号:密码@tcp(主机:3306)/库名")
		}
	}
	if in.Type != TypeHTTP && (!selectPattern.MatchString(in.Query) || strings.Contains(strings.TrimRight(in.Query, "; \n\t"), ";")) {
		return "", httpx.Invalid("query", "请输入一条 SELECT 查询（不含分号）")
	}
	cols := k.Columns()
	mapped := map[string]string{}
	for key, field := range in.Mapping {
		field = strings.TrimSpace(field)
		if field == "" {
			continue
		}
		if !slices.ContainsFunc(cols, func(c imports.Column) bool { return c.Key == key }) {
			return endpoint, httpx.Invalid("mapping", "“%s”不是%s的字段", key, k.Title())
		}
		if utf8.RuneCountInString(field) > 100 {
			return endpoint, httpx.Invalid("mapping", "来源字段名不能超过100个字")
		}
		mapped[key] = field
	}
	var missing []string
	for _, c := range cols {
		if c.Required && mapped[c.Key] == "" {
			missing = append(missing, c.Label)
		}
	}
	if len(missing) > 0 {
		// The endpoint is good: a preview reads with a mapping still being written.
		return endpoint, httpx.Invalid("mapping", "请为必填字段指定来源字段：%s", strings.Join(missing, "、"))
	}
	in.Mapping = mapped
	return endpoint, nil
}

// checkAbsent checks the status leavers get: none, or one of the target's
// (people.LeaverStatuses).
func (s *Service) checkAbsent(ctx context.Context, in *Input) error {
	if in.AbsentStatus == "" {
		return nil
	}
	statuses, err := s.people.LeaverStatuses(ctx)
	if err != nil {
		return err
	}
	options, ok := statuses[in.Target]
	if !ok {
		return httpx.Invalid("absentStatus", "%s不是人员信息，不能标记离校", s.targets[in.Target].Title())
	}
	if !slices.ContainsFunc(options, func(o system.DictOption) bool { return o.Value == in.AbsentStatus }) {
		return httpx.Invalid("absentStatus", "请选择状态字典中“在读”“在职”以外的一项")
	}
	return nil
}

func nonNil[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}

// checkTarget refuses a caller that could not import into the target itself.
func (s *Service) checkTarget(ctx context.Context, target string) error {
	k, ok := s.targets[target]
	if ok && !rbac.From(ctx).Allows(k.Permission()) {
		return httpx.Forbidden("您没有导入%s的权限，不能配置或同步这个数据源", k.Title())
	}
	return nil
}

func (s *Service) find(ctx context.Context, id int64) (*Source, error) {
	src := &Source{ID: id}
	err := s.db.NewSelect().Model(src).WherePK().Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoSource()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return src, nil
}

func (s *Service) stored(ctx context.Context, id int64) (*Source, string, error) {
	if id == 0 {
		return nil, "", nil
	}
	src, err := s.find(ctx, id)
	if err != nil {
		return nil, "", err
	}
	endpoint, err := s.cipher.Decrypt(src.EndpointEnc)
	if err != nil {
		return nil, "", httpx.Internal(err)
	}
	return src, endpoint, nil
}

// Create adds a source owned by the caller.
func (s *Service) Create(ctx context.Context, in Input) (*SourceView, error) {
	endpoint, err := s.check(&in, "")
	if err != nil {
		return nil, err
	}
	if err := s.checkAbsent(ctx, &in); err != nil {
		return nil, err
	}
	if err := s.checkTarget(ctx, in.Target); err != nil {
		return nil, err
	}
	mapping, _ := json.Marshal(in.Mapping)
	now := s.now()
	src := &Source{Name: in.Name, Target: in.Target, Type: in.Type, EndpointEnc: s.cipher.Encrypt(endpoint), Query: in.Query,
		MappingJSON: string(mapping), AbsentStatus: in.AbsentStatus, Scheduled: in.Scheduled, OwnerID: rbac.From(ctx).UserID, Stamps: db.StampsAt(now)}
	if _, err := s.db.NewInsert().Model(src).Returning("id").Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return nil, httpx.Invalid("name", "已有名为“%s”的数据源", in.Name)
		}
		return nil, httpx.Internal(err)
	}
	v := s.view(src)
	return &v, nil
}

// Update changes a source; the caller becomes its owner (the account its
// scheduled runs act as).
func (s *Service) Update(ctx context.Context, in Input) error {
	cur, endpoint, err := s.stored(ctx, in.ID)
	if err != nil {
		return err
	}
	if cur == nil {
		return errNoSource()
	}
	if in.Type != cur.Type && in.Endpoint == "" {
		return httpx.Invalid("endpoint", "更换数据源类型后请重新输入地址或连接串")
	}
	if endpoint, err = s.check(&in, endpoint); err != nil {
		return err
	}
	if err := s.checkAbsent(ctx, &in); err != nil {
		return err
	}
	if err := s.checkTarget(ctx, cur.Target); err != nil {
		return err
	}
	if err := s.checkTarget(ctx, in.Target); err != nil {
		return err
	}
	mapping, _ := json.Marshal(in.Mapping)
	_, err = s.db.NewUpdate().Model((*Source)(nil)).Where("id = ?", in.ID).
		Set("name = ?", in.Name).Set("target = ?", in.Target).Set("type = ?", in.Type).
		Set("endpoint_enc = ?", s.cipher.Encrypt(endpoint)).Set("query = ?", in.Query).Set("mapping = ?", string(mapping)).
		Set("absent_status = ?", in.AbsentStatus).Set("scheduled = ?", in.Scheduled).Set("owner_id = ?", rbac.From(ctx).UserID).Set("updated_at = ?", s.now()).Exec(ctx)
	if db.IsUniqueViolation(err) {
		return httpx.Invalid("name", "已有名为“%s”的数据源", in.Name)
	} else if err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// Delete removes sources (their runs go with them; the import batches stay).
func (s *Service) Delete(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return httpx.BadRequest("请选择要删除的数据源")
	}
	if _, err := s.db.NewDelete().Model((*Source)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// Runs is the run history of a source, newest first (the last 50).
func (s *Service) Runs(ctx context.Context, id int64) ([]Run, error) {
	if _, err := s.find(ctx, id); err != nil {
		return nil, err
	}
	var out []Run
	if err := s.db.NewSelect().Model(&out).Where("source_id = ?", id).OrderExpr("dr.id DESC").Limit(50).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// asInvalid answers a reader's failure as a 400 the page shows.
func asInvalid(err error) error {
	var fe errFetch
	if errors.As(err, &fe) {
		return httpx.BadRequest("%s", fe.msg)
	}
	return httpx.Internal(err)
}

// Preview is the first records of a source (saved or being edited) with
// the fields it has and the cells the mapping makes of them.
type Preview struct {
	Fields  []string            `json:"fields"`  // the source's field names, sorted
	Records []Record            `json:"records"` // as read
	Rows    []map[string]string `json:"rows"`    // column key → cell, by the mapping
}

// Preview reads the first 10 records of the source in.
func (s *Service) Preview(ctx context.Context, in Input) (Preview, error) {
	_, endpoint, err := s.stored(ctx, in.ID)
	if err != nil {
		return Preview{}, err
	}
	if endpoint, err = s.check(&in, endpoint); err != nil {
		var he *httpx.Error
		// The mapping may still be incomplete while it is being written.
		if !errors.As(err, &he) || he.Field != "mapping" {
			return Preview{}, err
		}
	}
	records, err := fetch(ctx, in.Type, endpoint, in.Query, 10, s.client)
	if err != nil {
		return Preview{}, asInvalid(err)
	}
	seen := map[string]bool{}
	out := Preview{Records: records, Rows: make([]map[string]string, len(records))}
	for i, rec := range records {
		for f := range rec {
			if !seen[f] {
				seen[f] = true
				out.Fields = append(out.Fields, f)
			}
		}
		row := map[string]string{}
		for key, field := range in.Mapping {
			row[key] = rec[strings.TrimSpace(field)]
		}
		out.Rows[i] = row
	}
	slices.Sort(out.Fields)
	return out, nil
}
