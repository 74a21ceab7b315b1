package analysis

import (
	"context"
	"net/http"
	"slices"
	"strconv"

	"zhdj/internal/cadre/alert"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/remind"
	"zhdj/internal/platform/report"
	"zhdj/internal/system"
)

// Routes registers the pages' and the workbench's endpoints.
func (s *Service) Routes(rs *httpx.Routes) {
	fx := rs.In("干部分析")
	fx.Get("/api/gb/fx/structure", PermFxList, "查看干部队伍结构", func(w http.ResponseWriter, r *http.Request) error {
		unit, err := unitParam(r)
		if err != nil {
			return err
		}
		out, err := s.Structure(r.Context(), unit)
		if err != nil {
			return err
		}
		return httpx.OK(w, out)
	})
	fx.Get("/api/gb/fx/structure/export", PermFxExport, "导出干部队伍结构", s.exportStructure)
	fx.Get("/api/gb/fx/units", PermFxList, "查看各单位干部结构", httpx.Read(s.Units))
	fx.Get("/api/gb/fx/units/export", PermFxExport, "导出各单位干部结构", s.exportUnits)

	tx := rs.In("干部提醒")
	tx.Get("/api/gb/tx/due", PermTxList, "查询到期提醒", s.dueList)
	tx.Get("/api/gb/tx/rules", PermTxList, "查询提醒规则", httpx.Read(s.Rules))
	tx.Put("/api/gb/tx/rules", PermTxConfig, "修改提醒规则", httpx.Update(s.UpdateRule))
	tx.Put("/api/gb/tx/settings", PermTxConfig, "修改提醒设置", httpx.Update(s.UpdateSetting))

	rs.In("干部工作台").Get("/api/gb/workbench", PermWorkbench, "查看干部工作台", httpx.Read(s.Workbench))
}

func unitParam(r *http.Request) (int64, error) {
	v := r.URL.Query().Get("unitId")
	if v == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, httpx.Invalid("unitId", "单位编号无效")
	}
	return id, nil
}

// structureLine is a line of the structure's workbook.
type structureLine struct {
	dimension, label string
	count, total     int
}

var structureSheet = report.Sheet[structureLine]{Name: "干部队伍结构", Title: "干部队伍结构分析", Columns: []report.Column[structureLine]{
	{Title: "分类", Width: 14, Lead: true, Cell: func(_ int, l *structureLine) any { return l.dimension }},
	{Title: "项目", Width: 24, Lead: true, Cell: func(_ int, l *structureLine) any { return l.label }},
	{Title: "人数", Width: 10, Cell: func(_ int, l *structureLine) any { return l.count }},
	{Title: "占比", Width: 10, Cell: func(_ int, l *structureLine) any { return share(l.count, l.total) }},
}}

func share(n, total int) string {
	if total == 0 {
		return "-"
	}
	return strconv.FormatFloat(float64(n)*100/float64(total), 'f', 1, 64) + "%"
}

func (s *Service) exportStructure(w http.ResponseWriter, r *http.Request) error {
	unit, err := unitParam(r)
	if err != nil {
		return err
	}
	st, err := s.Structure(r.Context(), unit)
	if err != nil {
		return err
	}
	var lines []structureLine
	for _, d := range st.Dimensions {
		for _, c := range d.Cells {
			lines = append(lines, structureLine{dimension: d.Title, label: c.Label, count: c.Count, total: st.Total})
		}
	}
	return structureSheet.Send(w, "干部队伍结构分析.xlsx", lines, nil)
}

var unitSheet = report.Sheet[UnitLine]{Name: "各单位干部结构", Title: "各单位干部队伍结构", Columns: []report.Column[UnitLine]{
	{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *UnitLine) any { return n }},
	{Title: "单位", Width: 28, Lead: true, Cell: func(_ int, l *UnitLine) any { return l.UnitName }},
	{Title: "干部总数", Width: 10, Cell: func(_ int, l *UnitLine) any { return l.Total }},
	{Title: "校领导", Width: 8, Cell: func(_ int, l *UnitLine) any { return l.School }},
	{Title: "处级", Width: 8, Cell: func(_ int, l *UnitLine) any { return l.Division }},
	{Title: "科级", Width: 8, Cell: func(_ int, l *UnitLine) any { return l.Section }},
	{Title: "女干部", Width: 8, Cell: func(_ int, l *UnitLine) any { return l.Women }},
	{Title: "中共党员", Width: 10, Cell: func(_ int, l *UnitLine) any { return l.CPC }},
	{Title: "40岁及以下", Width: 10, Cell: func(_ int, l *UnitLine) any { return l.Under40 }},
	{Title: "研究生学历", Width: 10, Cell: func(_ int, l *UnitLine) any { return l.Graduate }},
}}

func (s *Service) exportUnits(w http.ResponseWriter, r *http.Request) error {
	lines, err := s.Units(r.Context())
	if err != nil {
		return err
	}
	var total UnitLine
	for _, l := range lines {
		total.Total += l.Total
		total.School += l.School
		total.Division += l.Division
		total.Section += l.Section
		total.Women += l.Women
		total.CPC += l.CPC
		total.Under40 += l.Under40
		total.Graduate += l.Graduate
	}
	return unitSheet.Send(w, "各单位干部队伍结构.xlsx", lines, &total)
}

// Rules answers the rules of types 1–6 and the settings of the rules.
type Rules struct {
	Rules    []remind.RuleView `json:"rules"`
	Settings []alert.Setting   `json:"settings"`
}

// Rules reads the engine's rules of the cadre types.
func (s *Service) Rules(ctx context.Context) (Rules, error) {
	out := Rules{Rules: []remind.RuleView{}, Settings: s.alerts.Settings(ctx)}
	if s.engine == nil {
		return out, nil
	}
	all, err := s.engine.Rules(ctx)
	if err != nil {
		return out, err
	}
	for _, v := range all {
		if slices.Contains(alert.Types, v.Type) {
			out.Rules = append(out.Rules, v)
		}
	}
	return out, nil
}

// UpdateRule changes a cadre rule's window or switch (another type: 404).
func (s *Service) UpdateRule(ctx context.Context, in remind.RuleChange) error {
	if !slices.Contains(alert.Types, in.Type) || s.engine == nil {
		return httpx.NotFound("提醒类型不存在")
	}
	return s.engine.Update(ctx, in)
}

// SettingChange is the body of PUT /api/gb/tx/settings.
type SettingChange struct {
	Key   string `json:"key"`
	Value *int   `json:"value"`
}

// UpdateSetting changes one of the rules' settings within its bounds.
func (s *Service) UpdateSetting(ctx context.Context, in SettingChange) error {
	if in.Value == nil {
		return httpx.Invalid("value", "请输入设置值")
	}
	setting, ok, err := s.alerts.Check(ctx, in.Key, *in.Value)
	if !ok {
		return httpx.NotFound("提醒设置不存在")
	}
	if err != nil {
		return httpx.Invalid("value", "%s", err.Error())
	}
	return s.putSetting(ctx, setting, *in.Value)
}

// windowOf is a type's window: the engine's rule, or the kind's default.
func (s *Service) windows(ctx context.Context) (map[int]int, map[int]bool, error) {
	win, on := map[int]int{}, map[int]bool{}
	for _, k := range s.kinds {
		win[k.Type], on[k.Type] = k.Window, true
	}
	if s.engine == nil {
		return win, on, nil
	}
	all, err := s.engine.Rules(ctx)
	if err != nil {
		return nil, nil, err
	}
	for _, v := range all {
		if _, ok := win[v.Type]; ok {
			win[v.Type], on[v.Type] = v.Window, v.Enabled == remind.On
		}
	}
	return win, on, nil
}

// Due lists the records due of one type (0: every type switched on) within
// the caller's cadre scope, each by its rule's window from today, by date.
func (s *Service) Due(ctx context.Context, typ int) ([]alert.Due, error) {
	if typ != 0 && !slices.Contains(alert.Types, typ) {
		return nil, httpx.Invalid("type", "提醒类型无效")
	}
	scope, err := s.base.Scoped("g.unit_id")(ctx)
	if err != nil {
		return nil, err
	}
	win, on, err := s.windows(ctx)
	if err != nil {
		return nil, err
	}
	finder := s.alerts.Within(scope)
	today := s.today()
	out := []alert.Due{}
	for _, t := range alert.Types {
		if (typ != 0 && t != typ) || (typ == 0 && !on[t]) {
			continue
		}
		dues, err := finder.Find(ctx, t, today.AddDays(win[t]))
		if err != nil {
			return nil, httpx.Internal(err)
		}
		out = append(out, dues...)
	}
	slices.SortStableFunc(out, func(a, b alert.Due) int {
		if a.DueOn != b.DueOn {
			if a.DueOn.Before(b.DueOn) {
				return -1
			}
			return 1
		}
		return a.Type - b.Type
	})
	return out, nil
}

// dueList pages Due (the records due are few: those within a window).
func (s *Service) dueList(w http.ResponseWriter, r *http.Request) error {
	typ := 0
	if v := r.URL.Query().Get("type"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return httpx.Invalid("type", "提醒类型无效")
		}
		typ = n
	}
	p, err := httpx.ParsePage(r.URL.Query())
	if err != nil {
		return err
	}
	all, err := s.Due(r.Context(), typ)
	if err != nil {
		return err
	}
	from := min(p.Offset(), len(all))
	to := min(from+p.Size, len(all))
	return httpx.OK(w, httpx.PageResult[alert.Due]{Content: all[from:to], TotalElements: len(all)})
}

// putSetting writes a setting's value (the system settings' own update,
// found by the group the migration seeded it in).
func (s *Service) putSetting(ctx context.Context, setting alert.Setting, value int) error {
	page, err := s.sys.ListConfigs(ctx, httpx.ListQuery{}.WithFilter("configGroup", alert.SettingGroup))
	if err != nil {
		return err
	}
	for _, c := range page.Content {
		if c.Key == setting.Key {
			return s.sys.UpdateConfig(ctx, system.ConfigInput{ID: c.ID, ConfigKey: c.Key, ConfigValue: strconv.Itoa(value),
				ConfigName: c.Name, ConfigGroup: c.Group, Remark: c.Remark, ValueKind: c.Kind, IsPublic: c.IsPublic})
		}
	}
	_, err = s.sys.CreateConfig(ctx, system.ConfigInput{ConfigKey: setting.Key, ConfigValue: strconv.Itoa(value),
		ConfigName: setting.Name, ConfigGroup: alert.SettingGroup, Remark: setting.Remark, ValueKind: "text"})
	return err
}
