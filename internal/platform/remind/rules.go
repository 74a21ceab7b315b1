package remind

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
)

// What the 智能提醒 page reads and changes. The rules are the university's;
// the reminders are listed and counted within the caller's organisation scope.

// RuleView is a rule as the page lists it.
type RuleView struct {
	Type          int        `json:"type"`
	Name          string     `json:"name"`
	Window        int        `json:"window"`
	DefaultWindow int        `json:"defaultWindow"`
	Enabled       int        `json:"enabled"`
	RunState      int        `json:"runState"`
	LastRunAt     *time.Time `json:"lastRunTime"`
	LastCount     int        `json:"lastCount"` // records due at the last run
	LastError     string     `json:"lastError"`
	Open          int        `json:"open"` // open reminders in the caller's scope
}

// RuleChange is the body of PUT /api/remind/rules: a field left out keeps its value.
type RuleChange struct {
	Type    int  `json:"type"`
	Window  *int `json:"window"`
	Enabled *int `json:"enabled"`
}

// kind finds a kind offered by a module; another type is a 404.
func (e *Engine) kind(typ int) (Kind, error) {
	k, ok := e.byType[typ]
	if !ok {
		return Kind{}, httpx.NotFound("提醒类型不存在")
	}
	return k, nil
}

// stored reads the kind's rule, writing it with the kind's defaults first
// when it has none (ON, NO_START).
func (e *Engine) stored(ctx context.Context, k Kind) (rule, error) {
	r := rule{Type: k.Type, Window: k.Window, Enabled: On, RunState: NoStart, UpdatedAt: e.now()}
	if _, err := e.db.NewInsert().Model(&r).On("CONFLICT (type) DO NOTHING").Exec(ctx); err != nil {
		return r, httpx.Internal(err)
	}
	if err := e.db.NewSelect().Model(&r).WherePK().Scan(ctx); err != nil {
		return r, httpx.Internal(err)
	}
	return r, nil
}

// Rules lists the rule of every kind, with its open reminders in the caller's scope.
func (e *Engine) Rules(ctx context.Context) ([]RuleView, error) {
	var rows []rule
	if err := e.db.NewSelect().Model(&rows).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	byType := map[int]rule{}
	for _, r := range rows {
		byType[r.Type] = r
	}
	var counts []struct {
		Type int `bun:"type"`
		N    int `bun:"n"`
	}
	q, err := e.scoped(ctx, e.db.NewSelect().Model((*Reminder)(nil)).Column("rm.type").ColumnExpr("COUNT(*) AS n").
		Where("rm.closed_at IS NULL").GroupExpr("rm.type"))
	if err != nil {
		return nil, err
	}
	if err := q.Scan(ctx, &counts); err != nil {
		return nil, httpx.Internal(err)
	}
	open := map[int]int{}
	for _, c := range counts {
		open[c.Type] = c.N
	}
	out := make([]RuleView, 0, len(e.kinds))
	for _, k := range e.kinds {
		v := RuleView{Type: k.Type, Name: k.Name, Window: k.Window, DefaultWindow: k.Window, Enabled: On, RunState: NoStart,
			Open: open[k.Type]}
		if r, ok := byType[k.Type]; ok {
			v.Window, v.Enabled, v.RunState, v.LastRunAt, v.LastCount, v.LastError =
				r.Window, r.Enabled, r.RunState, r.LastRunAt, r.LastCount, r.LastError
		}
		out = append(out, v)
	}
	return out, nil
}

// rule answers one kind's view.
func (e *Engine) rule(ctx context.Context, typ int) (RuleView, error) {
	all, err := e.Rules(ctx)
	if err != nil {
		return RuleView{}, err
	}
	for _, v := range all {
		if v.Type == typ {
			return v, nil
		}
	}
	return RuleView{}, httpx.NotFound("提醒类型不存在")
}

// Update changes a rule's window and/or switch.
func (e *Engine) Update(ctx context.Context, in RuleChange) error {
	k, err := e.kind(in.Type)
	if err != nil {
		return err
	}
	r, err := e.stored(ctx, k)
	if err != nil {
		return err
	}
	q := e.db.NewUpdate().Model(&r).WherePK().Set("updated_at = ?", e.now())
	if in.Window != nil {
		if *in.Window < 0 || *in.Window > maxWindow {
			return httpx.Invalid("window", "提前提醒天数应为0到%d之间的整数", maxWindow)
		}
		q = q.Set("window_days = ?", *in.Window)
	}
	if in.Enabled != nil {
		if err := jobs.CheckSwitch(*in.Enabled); err != nil {
			return err
		}
		q = q.Set("enabled = ?", *in.Enabled)
	}
	if _, err := q.Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// RunNow evaluates one rule at once and answers it as it stands after the
// run (a failed run keeps its error on lastError). A rule switched off is
// refused: switching it off means nobody is to be reminded.
func (e *Engine) RunNow(ctx context.Context, typ int) (RuleView, error) {
	k, err := e.kind(typ)
	if err != nil {
		return RuleView{}, err
	}
	r, err := e.stored(ctx, k)
	if err != nil {
		return RuleView{}, err
	}
	if r.Enabled != On {
		return RuleView{}, httpx.BadRequest("“%s”已停用，启用后才能执行", k.Name)
	}
	if err := e.run(ctx, k, r.Window); isBusy(err) {
		return RuleView{}, err
	}
	return e.rule(ctx, typ)
}

// scoped restricts a sys_reminder (alias rm) query to the caller's
// organisation scope; a reminder of no organisation is the whole
// university's.
func (e *Engine) scoped(ctx context.Context, q *bun.SelectQuery) (*bun.SelectQuery, error) {
	if e.dir == nil {
		return q, nil
	}
	all, ids, err := e.dir.ScopeIDs(ctx)
	switch {
	case err != nil:
		return nil, httpx.Internal(err)
	case all:
		return q, nil
	case len(ids) == 0:
		return q.Where("1 = 0"), nil
	}
	return q.Where("rm.org_id IN (?)", bun.In(ids)), nil
}

var reminderSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"type":   {Columns: []string{"rm.type"}, Kind: httpx.Int},
		"closed": {Columns: []string{"(rm.closed_at IS NOT NULL) = ?"}, Kind: httpx.Bool, Match: httpx.Expr},
		"blurry": {Columns: []string{"rm.title"}, Match: httpx.Like},
		"dueOn":  {Columns: []string{"rm.due_on"}, Match: httpx.Range, Kind: httpx.Date},
	},
	Sorts:       map[string]string{"dueOn": "rm.due_on", "createTime": "rm.created_at"},
	DefaultSort: "rm.due_on ASC, rm.id ASC",
	Key:         "rm.id",
}

// Reminders is a page of the reminders of the caller's scope: the open ones
// unless closed=true is asked.
func (e *Engine) Reminders(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Reminder], error) {
	if lq.Filter("closed") == "" {
		lq = lq.WithFilter("closed", "false")
	}
	q, err := e.scoped(ctx, e.db.NewSelect().Model((*Reminder)(nil)))
	if err != nil {
		return httpx.PageResult[Reminder]{}, err
	}
	page, err := httpx.Paged[Reminder](ctx, q, reminderSpec, lq)
	if err != nil || e.dir == nil {
		return page, err
	}
	var orgs []int64
	for _, r := range page.Content {
		if r.OrgID != nil {
			orgs = append(orgs, *r.OrgID)
		}
	}
	names, err := e.dir.Names(ctx, orgs)
	if err != nil {
		return page, httpx.Internal(err)
	}
	for i, r := range page.Content {
		if r.OrgID != nil {
			page.Content[i].OrgName = names[*r.OrgID]
		}
	}
	return page, nil
}

// Routes registers the 智能提醒 page's endpoints.
func (e *Engine) Routes(rs *httpx.Routes) {
	rs = rs.In("智能提醒")
	rs.Get("/api/remind/rules", PermList, "查询提醒规则", httpx.Read(e.Rules))
	rs.Put("/api/remind/rules", PermEdit, "修改提醒规则", httpx.Update(e.Update))
	rs.Post("/api/remind/rules/run", PermRun, "立即执行", httpx.Action(func(ctx context.Context, in struct {
		Type int `json:"type"`
	}) (RuleView, error) {
		return e.RunNow(ctx, in.Type)
	}))
	rs.Get("/api/remind/reminders", PermList, "查询提醒", httpx.ReadList(e.Reminders))
}
