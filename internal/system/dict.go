package system

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system/dictseed"
)

// Dictionaries are read on every page (selects, tables), so the read routes
// need only a session; managing them needs dict:*. There is no in-process
// cache: several instances may run, and the two indexed queries are cheap.
// The read routes list disabled items too, flagged: records holding one
// show its label, and forms offer it only to the record holding it.

func (s *Service) dictRoutes(rs *httpx.Routes) {
	rs.Get("/api/dict", "dict:list", "查询字典", httpx.ReadList(s.ListDicts))
	rs.Post("/api/dict", "dict:add", "新增字典", httpx.Create(s.CreateDict))
	rs.Put("/api/dict", "dict:edit", "修改字典", httpx.Update(s.UpdateDict))
	rs.Delete("/api/dict", "dict:del", "删除字典", httpx.IDsAction(s.DeleteDicts))

	rs.Get("/api/dictDetail", httpx.SignedIn, "查询字典值", httpx.ReadList(s.ListDictDetails))
	rs.Get("/api/dictDetail/cache", httpx.SignedIn, "读取字典", s.handleDictCache)
	rs.Get("/api/dictDetail/map", httpx.SignedIn, "读取多个字典", s.handleDictMap)
	rs.Post("/api/dictDetail", "dict:add", "新增字典值", httpx.Create(s.CreateDictDetail))
	rs.Put("/api/dictDetail", "dict:edit", "修改字典值", httpx.Update(s.UpdateDictDetail))
	rs.Delete("/api/dictDetail", "dict:del", "删除字典值", httpx.IDsAction(s.DeleteDictDetails))
	rs.Delete("/api/dictDetail/{id}", "dict:del", "删除字典值", func(w http.ResponseWriter, r *http.Request) error {
		id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
		if err != nil || id <= 0 {
			return httpx.BadRequest("字典项编号无效")
		}
		if err := s.DeleteDictDetail(r.Context(), id); err != nil {
			return err
		}
		return httpx.NoContent(w)
	})
}

var dictListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"dc.name", "dc.description"}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"id": "dc.id", "name": "dc.name", "createTime": "dc.created_at"},
	Key:         "dc.id",
	DefaultSort: "dc.id DESC",
}

var dictDetailListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"dictName": {Columns: []string{"dc.name"}},
		"dictId":   {Columns: []string{"dd.dict_id"}, Kind: httpx.Int},
		"blurry":   {Columns: []string{"dd.label", "dd.value"}, Match: httpx.Like},
		"enabled":  {Columns: []string{"dd.enabled"}, Kind: httpx.Bool},
	},
	Sorts:       map[string]string{"id": "dd.id", "sort": "dd.sort", "value": "dd.value", "label": "dd.label"},
	Key:         "dd.id",
	DefaultSort: "dd.sort ASC, dd.id ASC",
}

var dictNamePattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{1,99}$`)

// maxDictNames bounds one /api/dictDetail/map request.
const maxDictNames = 100

// DictInput is the body of dictionary create and update.
type DictInput struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
}

func (in *DictInput) normalise() error {
	in.Name, in.Description = strings.TrimSpace(in.Name), strings.TrimSpace(in.Description)
	switch {
	case in.Name == "":
		return httpx.Invalid("name", "请输入字典名称")
	case !dictNamePattern.MatchString(in.Name):
		return httpx.Invalid("name", "字典名称须以字母开头，由2-100位字母、数字或下划线组成")
	case utf8.RuneCountInString(in.Description) > 255:
		return httpx.Invalid("description", "字典描述不能超过255个字")
	}
	return nil
}

// CreateDict adds a dictionary.
func (s *Service) CreateDict(ctx context.Context, in DictInput) (*Dict, error) {
	if err := in.normalise(); err != nil {
		return nil, err
	}
	now := s.now()
	d := &Dict{Name: in.Name, Description: in.Description, Stamps: db.StampsAt(now)}
	_, err := s.db.NewInsert().Model(d).Returning("id").Exec(ctx)
	if db.IsUniqueViolation(err) {
		return nil, httpx.Conflict("字典名称已存在")
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return d, nil
}

// UpdateDict renames or re-describes a dictionary.
func (s *Service) UpdateDict(ctx context.Context, in DictInput) error {
	if in.ID <= 0 {
		return httpx.Invalid("id", "缺少字典编号")
	}
	if err := in.normalise(); err != nil {
		return err
	}
	var oldName string
	if err := s.db.NewSelect().Model((*Dict)(nil)).Column("name").Where("id = ?", in.ID).Scan(ctx, &oldName); err != nil {
		return httpx.NotFound("字典不存在")
	}
	if oldName != in.Name && builtinDicts[oldName] {
		return httpx.Invalid("name", "系统内置字典“%s”不能改名", oldName)
	}
	res, err := s.db.NewUpdate().Model((*Dict)(nil)).Where("id = ?", in.ID).Set("name = ?", in.Name).
		Set("description = ?", in.Description).Set("updated_at = ?", s.now()).Exec(ctx)
	if db.IsUniqueViolation(err) {
		return httpx.Conflict("字典名称已存在")
	} else if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return httpx.NotFound("字典不存在")
	}
	return nil
}

// builtinDicts are the dictionaries the seed data ships and the business
// modules read by name: their values may be edited or disabled, but the
// dictionaries themselves cannot be renamed or deleted.
var builtinDicts = func() map[string]bool {
	m := map[string]bool{}
	for _, d := range dictseed.All() {
		m[d.Name] = true
	}
	return m
}()

// DeleteDicts removes dictionaries with their items.
func (s *Service) DeleteDicts(ctx context.Context, ids []int64) error {
	var names []string
	if err := s.db.NewSelect().Model((*Dict)(nil)).Column("name").Where("id IN (?)", bun.In(ids)).Scan(ctx, &names); err != nil {
		return httpx.Internal(err)
	}
	for _, n := range names {
		if builtinDicts[n] {
			return httpx.BadRequest("系统内置字典“%s”不能删除，可停用其中的值", n)
		}
	}
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var items []dictItem
		if err := s.dictItemsOf(tx).Where("dd.dict_id IN (?)", bun.In(ids)).Scan(ctx, &items); err != nil {
			return httpx.Internal(err)
		}
		if err := s.refuseUsed(ctx, tx, items, "删除", ""); err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*DictDetail)(nil)).Where("dict_id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		if _, err := tx.NewDelete().Model((*Dict)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		return nil
	})
}

// dictItem is an item with its dictionary's name, as the usage check reads it.
type dictItem struct {
	ID       int64  `bun:"id"`
	DictName string `bun:"dict_name"`
	Label    string `bun:"label"`
	Value    string `bun:"value"`
}

func (s *Service) dictItemsOf(idb bun.IDB) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("sys_dict_detail AS dd").ColumnExpr("dd.id, dc.name AS dict_name, dd.label, dd.value").
		Join("JOIN sys_dict AS dc ON dc.id = dd.dict_id")
}

// DictUsage counts the records holding value of dictionary dict in the
// columns the modules declare (Options.DictUses): one query per column,
// each on its index.
func (s *Service) DictUsage(ctx context.Context, idb bun.IDB, dict, value string) (int, error) {
	total := 0
	for _, u := range s.opts.DictUses {
		if u.Dict != dict {
			continue
		}
		n, err := idb.NewSelect().TableExpr("?", bun.Ident(u.Table)).Where("? = ?", bun.Ident(u.Column), value).Count(ctx)
		if err != nil {
			return 0, fmt.Errorf("dictionary %s in %s.%s: %w", dict, u.Table, u.Column, err)
		}
		total += int(n)
	}
	return total, nil
}

// refuseUsed is the 400 (on field, when given) for the first item records
// hold: an item in use is disabled, not deleted nor recoded, or the
// records would lose its label.
func (s *Service) refuseUsed(ctx context.Context, idb bun.IDB, items []dictItem, what, field string) error {
	for _, it := range items {
		n, err := s.DictUsage(ctx, idb, it.DictName, it.Value)
		if err != nil {
			return httpx.Internal(err)
		}
		if n > 0 {
			return httpx.Invalid(field, "字典值“%s”已被 %d 条记录使用，不能%s；可以停用", it.Label, n, what)
		}
	}
	return nil
}

// DictDetailInput is the body of item create and update.
type DictDetailInput struct {
	ID      int64  `json:"id"`
	DictID  int64  `json:"dictId"`
	Label   string `json:"label"`
	Value   string `json:"value"`
	Sort    int    `json:"sort"`
	Enabled *bool  `json:"enabled"`
}

func (in *DictDetailInput) normalise() error {
	in.Label, in.Value = strings.TrimSpace(in.Label), strings.TrimSpace(in.Value)
	switch {
	case in.Label == "":
		return httpx.Invalid("label", "请输入字典标签")
	case utf8.RuneCountInString(in.Label) > 200:
		return httpx.Invalid("label", "字典标签不能超过200个字")
	case in.Value == "":
		return httpx.Invalid("value", "请输入字典值")
	case utf8.RuneCountInString(in.Value) > 100:
		return httpx.Invalid("value", "字典值不能超过100个字符")
	}
	return nil
}

// CreateDictDetail adds an item to a dictionary.
func (s *Service) CreateDictDetail(ctx context.Context, in DictDetailInput) (*DictDetail, error) {
	if in.DictID <= 0 {
		return nil, httpx.Invalid("dictId", "请选择字典")
	}
	if err := in.normalise(); err != nil {
		return nil, err
	}
	n, err := s.db.NewSelect().Model((*Dict)(nil)).Where("id = ?", in.DictID).Count(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if n == 0 {
		return nil, httpx.Invalid("dictId", "字典不存在")
	}
	now := s.now()
	d := &DictDetail{DictID: in.DictID, Label: in.Label, Value: in.Value, Sort: in.Sort,
		Enabled: in.Enabled == nil || *in.Enabled, Stamps: db.StampsAt(now)}
	_, err = s.db.NewInsert().Model(d).Returning("id").Exec(ctx)
	if db.IsUniqueViolation(err) {
		return nil, httpx.Conflict("该字典中已存在相同的值")
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return d, nil
}

// UpdateDictDetail changes an item (it stays in its dictionary).
func (s *Service) UpdateDictDetail(ctx context.Context, in DictDetailInput) error {
	if in.ID <= 0 {
		return httpx.Invalid("id", "缺少字典项编号")
	}
	if err := in.normalise(); err != nil {
		return err
	}
	old := new(DictDetail)
	err := s.db.NewSelect().Model(old).Where("id = ?", in.ID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return httpx.NotFound("字典项不存在")
	} else if err != nil {
		return httpx.Internal(err)
	}
	enabled := old.Enabled
	if in.Enabled != nil {
		enabled = *in.Enabled
	}
	if in.Value != old.Value {
		var items []dictItem
		if err := s.dictItemsOf(s.db).Where("dd.id = ?", in.ID).Scan(ctx, &items); err != nil {
			return httpx.Internal(err)
		}
		if err := s.refuseUsed(ctx, s.db, items, "修改值", "value"); err != nil {
			return err
		}
	}
	_, err = s.db.NewUpdate().Model((*DictDetail)(nil)).Where("id = ?", in.ID).Set("label = ?", in.Label).
		Set("value = ?", in.Value).Set("sort = ?", in.Sort).Set("enabled = ?", enabled).
		Set("updated_at = ?", s.now()).Exec(ctx)
	if db.IsUniqueViolation(err) {
		return httpx.Conflict("该字典中已存在相同的值")
	} else if err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// DeleteDictDetail removes one item, unless records hold its value.
func (s *Service) DeleteDictDetail(ctx context.Context, id int64) error {
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		n, err := s.deleteDictDetails(ctx, tx, []int64{id})
		if err == nil && n == 0 {
			return httpx.NotFound("字典项不存在")
		}
		return err
	})
}

// DeleteDictDetails removes items by id, none when records hold the
// value of one of them.
func (s *Service) DeleteDictDetails(ctx context.Context, ids []int64) error {
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		_, err := s.deleteDictDetails(ctx, tx, ids)
		return err
	})
}

func (s *Service) deleteDictDetails(ctx context.Context, tx bun.Tx, ids []int64) (int, error) {
	var items []dictItem
	if err := s.dictItemsOf(tx).Where("dd.id IN (?)", bun.In(ids)).Scan(ctx, &items); err != nil {
		return 0, httpx.Internal(err)
	}
	if err := s.refuseUsed(ctx, tx, items, "删除", ""); err != nil {
		return 0, err
	}
	if _, err := tx.NewDelete().Model((*DictDetail)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return 0, httpx.Internal(err)
	}
	return len(items), nil
}

// DictOption is one item as selects use it. A disabled item is still
// listed for the web (records holding it show its label; a form offers it
// only to the record that holds it), flagged.
type DictOption struct {
	Label    string `json:"label"`
	Value    string `json:"value"`
	Disabled bool   `json:"disabled,omitempty"`
}

// DictOptions returns the enabled items of the named dictionaries in one
// query, keyed by name; an unknown name maps to an empty list. They are
// what new input may choose (an import reads its cells by them).
func (s *Service) DictOptions(ctx context.Context, names []string) (map[string][]DictOption, error) {
	return s.dictItems(ctx, names, false)
}

// DictItems is DictOptions with the disabled items too (flagged): what a
// record holding one shows.
func (s *Service) DictItems(ctx context.Context, names []string) (map[string][]DictOption, error) {
	return s.dictItems(ctx, names, true)
}

func (s *Service) dictItems(ctx context.Context, names []string, disabled bool) (map[string][]DictOption, error) {
	out := make(map[string][]DictOption, len(names))
	for _, n := range names {
		out[n] = []DictOption{}
	}
	if len(names) == 0 {
		return out, nil
	}
	var rows []struct {
		DictName string `bun:"dict_name"`
		Label    string `bun:"label"`
		Value    string `bun:"value"`
		Enabled  bool   `bun:"enabled"`
	}
	q := s.db.NewSelect().TableExpr("sys_dict_detail AS dd").
		ColumnExpr("dc.name AS dict_name, dd.label, dd.value, dd.enabled").
		Join("JOIN sys_dict AS dc ON dc.id = dd.dict_id").
		Where("dc.name IN (?)", bun.In(names))
	if !disabled {
		q = q.Where("dd.enabled = ?", true)
	}
	if err := q.OrderExpr("dd.dict_id, dd.sort, dd.id").Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, r := range rows {
		out[r.DictName] = append(out[r.DictName], DictOption{Label: r.Label, Value: r.Value, Disabled: !r.Enabled})
	}
	return out, nil
}

// DictLabels are the labels of the named dictionaries' items, enabled or
// disabled (a record holding a disabled value still shows its label), and
// which may be chosen (Has: the enabled ones). It is the record kit's
// record.Dicts.
type DictLabels struct {
	labels   map[string]map[string]string
	disabled map[string]map[string]bool
}

// DictLabels loads the items of the named dictionaries in one query.
func (s *Service) DictLabels(ctx context.Context, names ...string) (DictLabels, error) {
	items, err := s.DictItems(ctx, names)
	if err != nil {
		return DictLabels{}, err
	}
	l := DictLabels{labels: make(map[string]map[string]string, len(items)), disabled: map[string]map[string]bool{}}
	for name, list := range items {
		m := make(map[string]string, len(list))
		for _, it := range list {
			m[it.Value] = it.Label
			if it.Disabled {
				if l.disabled[name] == nil {
					l.disabled[name] = map[string]bool{}
				}
				l.disabled[name][it.Value] = true
			}
		}
		l.labels[name] = m
	}
	return l, nil
}

// Label is the label of value in dict, or the value itself when the item is
// gone (so that an old record still shows something).
func (l DictLabels) Label(dict, value string) string {
	if value == "" {
		return ""
	}
	if v, ok := l.labels[dict][value]; ok {
		return v
	}
	return value
}

// Has tells whether value is an enabled item of dict (new input may choose it).
func (l DictLabels) Has(dict, value string) bool {
	_, ok := l.labels[dict][value]
	return ok && !l.disabled[dict][value]
}

// Disabled tells whether value is a disabled item of dict: records keep
// it, new input cannot choose it.
func (l DictLabels) Disabled(dict, value string) bool { return l.disabled[dict][value] }

// dictNames reads dictName=a,b and/or repeated dictName=a&dictName=b,
// trimmed, without blanks and duplicates.
func dictNames(r *http.Request) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range r.URL.Query()["dictName"] {
		for _, n := range strings.Split(v, ",") {
			if n = strings.TrimSpace(n); n != "" && !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}

// ListDicts is a page of dictionaries.
func (s *Service) ListDicts(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Dict], error) {
	return httpx.Paged[Dict](ctx, s.db.NewSelect().Model((*Dict)(nil)), dictListSpec, lq)
}

// ListDictDetails is a page of the items of the dictionary named by dictName.
func (s *Service) ListDictDetails(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[DictDetail], error) {
	if lq.Filter("dictName") == "" {
		return httpx.PageResult[DictDetail]{}, httpx.BadRequest("请指定字典名称")
	}
	q := s.db.NewSelect().Model((*DictDetail)(nil)).ColumnExpr("dd.*").
		Join("JOIN sys_dict AS dc ON dc.id = dd.dict_id")
	return httpx.Paged[DictDetail](ctx, q, dictDetailListSpec, lq)
}

func (s *Service) handleDictCache(w http.ResponseWriter, r *http.Request) error {
	name := strings.TrimSpace(r.URL.Query().Get("dictName"))
	if name == "" {
		return httpx.BadRequest("请指定字典名称")
	}
	m, err := s.DictItems(r.Context(), []string{name})
	if err != nil {
		return err
	}
	return httpx.OK(w, map[string]any{"content": m[name]})
}

func (s *Service) handleDictMap(w http.ResponseWriter, r *http.Request) error {
	names := dictNames(r)
	if len(names) == 0 {
		return httpx.BadRequest("need Dict names")
	}
	if len(names) > maxDictNames {
		return httpx.BadRequest("一次最多查询 %d 个字典", maxDictNames)
	}
	m, err := s.DictItems(r.Context(), names)
	if err != nil {
		return err
	}
	return httpx.OK(w, m)
}
