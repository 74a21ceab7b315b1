package duty

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

var taskSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"kind":   {Columns: []string{"t.kind"}},
		"blurry": {Columns: []string{"t.title", "t.period"}, Match: httpx.Like},
		"dueOn":  {Columns: []string{"t.due_on"}, Match: httpx.Range, Kind: httpx.Date},
	},
	Sorts:       map[string]string{"dueOn": "t.due_on", "createTime": "t.created_at"},
	DefaultSort: "t.due_on DESC, t.id DESC",
	Key:         "t.id",
}

// reportsVisible restricts a select of duty_report AS p to the reports the
// caller sees: of its organisation scope, or its own as the person.
func (c caller) reportsVisible(q *bun.SelectQuery) *bun.SelectQuery {
	if c.scope.All {
		return q
	}
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		g = g.Where("1 = 0")
		if len(c.scope.OrgIDs) > 0 {
			g = g.WhereOr("p.org_id IN (?)", bun.List(c.scope.OrgIDs))
		}
		if c.memberID > 0 {
			g = g.WhereOr("p.member_id = ?", c.memberID)
		}
		return g
	})
}

// taskCounts are TaskView's progress columns over the reports the caller sees.
var taskCounts = []struct{ column, where string }{
	{"total", ""},
	{"submitted", "p.state IN (2, 4)"},
	{"missing", "p.state IN (1, 3)"},
	{"late", "p.late = TRUE"},
	{"passed", "p.state = 4"},
}

// tasksQuery selects the tasks the caller sees: those it organises and
// those listing a report it sees.
func (s *Service) tasksQuery(c caller) *bun.SelectQuery {
	q := org.NameJoin("t.org_id")(s.db.NewSelect().Model((*TaskView)(nil)).ColumnExpr("t.*"))
	for _, n := range taskCounts {
		sub := c.reportsVisible(s.db.NewSelect().TableExpr("duty_report AS p").ColumnExpr("COUNT(*)").Where("p.task_id = t.id"))
		if n.where != "" {
			sub = sub.Where(n.where)
		}
		q = q.ColumnExpr("(?) AS ?", sub, bun.Ident(n.column))
	}
	if c.scope.All {
		return q
	}
	seen := c.reportsVisible(s.db.NewSelect().TableExpr("duty_report AS p").Column("p.task_id"))
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		if len(c.scope.OrgIDs) > 0 {
			g = g.WhereOr("t.org_id IN (?)", bun.List(c.scope.OrgIDs))
		}
		return g.WhereOr("t.id IN (?)", seen)
	})
}

func (s *Service) showTask(c caller, v *TaskView) {
	v.KindName, v.TargetName = KindNames[v.Kind], TargetNames[v.Target]
	v.CanReview = c.scope.Has(v.OrgID) && c.p.Has(PermReview)
}

// ListTasks is a page of the tasks the caller sees.
func (s *Service) ListTasks(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[TaskView], error) {
	c, err := s.who(ctx)
	if err != nil {
		return httpx.PageResult[TaskView]{}, err
	}
	return httpx.PagedEach(ctx, s.tasksQuery(c), taskSpec, lq, func(v *TaskView) { s.showTask(c, v) })
}

func (s *Service) taskView(ctx context.Context, c caller, id int64) (*TaskView, error) {
	v := new(TaskView)
	if err := s.tasksQuery(c).Where("t.id = ?", id).Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoTask()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	s.showTask(c, v)
	return v, nil
}

// TaskDetail is task id with its progress as the caller sees it.
func (s *Service) TaskDetail(ctx context.Context, id int64) (TaskView, error) {
	c, err := s.who(ctx)
	if err != nil {
		return TaskView{}, err
	}
	v, err := s.taskView(ctx, c, id)
	if err != nil {
		return TaskView{}, err
	}
	return *v, nil
}

// checkTask checks a task's body; the organiser must lie in the caller's
// scope (outside it reads as missing) and be live.
func (s *Service) checkTask(ctx context.Context, in *TaskInput) (*org.Org, error) {
	in.Title, in.Period = strings.TrimSpace(in.Title), strings.TrimSpace(in.Period)
	var checks httpx.Checks
	checks.Add(record.Required("title", "任务名称", in.Title, MaxTitle))
	if !slices.Contains(Kinds, in.Kind) {
		checks.Add(httpx.Invalid("kind", "请选择报告类型"))
	}
	if !slices.Contains(Targets, in.Target) {
		checks.Add(httpx.Invalid("target", "请选择报送对象"))
	}
	checks.Add(record.MaxLen("period", "报告期间", in.Period, MaxPeriod))
	if in.DueOn.IsZero() {
		checks.Add(httpx.Invalid("dueOn", "请选择截止日期"))
	} else if _, ok := date.Parse(string(in.DueOn)); !ok {
		checks.Add(httpx.Invalid("dueOn", "截止日期格式应为 YYYY-MM-DD"))
	}
	var organiser *org.Org
	var err error
	if in.OrgID <= 0 {
		checks.Add(httpx.Invalid("orgId", "请选择发布任务的党组织"))
	} else if organiser, err = s.orgs.BriefInScope(ctx, in.OrgID); err != nil {
		return nil, httpx.Internal(err)
	} else if organiser == nil {
		checks.Add(httpx.Invalid("orgId", "所选党组织不存在"))
	} else if !organiser.Live() {
		checks.Add(httpx.Invalid("orgId", "%s已撤销", organiser.Name))
	}
	return organiser, checks.Err()
}

// obligated lists who must submit in a task of target organised by o.
func (s *Service) obligated(ctx context.Context, o *org.Org, target string) ([]Report, error) {
	var out []Report
	if target == TargetMember {
		var rows []struct {
			ID    int64  `bun:"id"`
			Name  string `bun:"name"`
			OrgID int64  `bun:"org_id"`
		}
		q := member.SelectServing(s.db).Column("m.id", "m.name", "m.org_id")
		q, err := org.SubtreeFilter("m.org_id").Custom(q, o.ID)
		if err != nil {
			return nil, err
		}
		if err := q.OrderExpr("m.org_id, m.id").Limit(MaxObligated+1).Scan(ctx, &rows); err != nil {
			return nil, httpx.Internal(err)
		}
		if len(rows) > MaxObligated {
			return nil, httpx.Invalid("target", "报送人数超过%d人，请按下级党组织分别发布", MaxObligated)
		}
		for _, m := range rows {
			id := m.ID
			out = append(out, Report{OrgID: m.OrgID, MemberID: &id, Name: db.Clip(m.Name, 100)})
		}
		return out, nil
	}
	all, err := s.orgs.OfTypes(ctx, s.db)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	for _, x := range all {
		if !x.Live() || x.ID == o.ID || x.Type == org.TypeGroup {
			continue
		}
		switch target {
		case TargetUnit:
			if x.PID != nil && *x.PID == o.ID {
				out = append(out, Report{OrgID: x.ID, Name: db.Clip(x.Name, 100)})
			}
		case TargetSecretary:
			if strings.HasPrefix(x.Path, o.Path) && x.SecretaryMemberID != nil {
				id := *x.SecretaryMemberID
				out = append(out, Report{OrgID: x.ID, MemberID: &id, Name: db.Clip(x.SecretaryName, 100)})
			}
		}
	}
	return out, nil
}

// CreateTask declares a task and lists who must submit, in one transaction.
func (s *Service) CreateTask(ctx context.Context, in TaskInput) (TaskView, error) {
	c, err := s.who(ctx)
	if err != nil {
		return TaskView{}, err
	}
	organiser, err := s.checkTask(ctx, &in)
	if err != nil {
		return TaskView{}, err
	}
	listed, err := s.obligated(ctx, organiser, in.Target)
	if err != nil {
		return TaskView{}, err
	}
	if len(listed) == 0 {
		return TaskView{}, httpx.Invalid("target", "%s下没有需要报送的%s", organiser.Name, TargetNames[in.Target])
	}
	now := s.now()
	t := &Task{Title: in.Title, Kind: in.Kind, Target: in.Target, OrgID: in.OrgID, Period: in.Period, DueOn: in.DueOn,
		CreatedBy: db.Clip(c.p.AccountName(), 50)}
	t.CreatedAt, t.UpdatedAt = now, now
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(t).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		for start := 0; start < len(listed); start += 500 {
			batch := listed[start:min(start+500, len(listed))]
			for i := range batch {
				batch[i].TaskID, batch[i].State, batch[i].CreatedAt, batch[i].UpdatedAt = t.ID, StateMissing, now, now
			}
			if _, err := tx.NewInsert().Model(&batch).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		return nil
	})
	if err != nil {
		return TaskView{}, err
	}
	v, err := s.taskView(ctx, c, t.ID)
	if err != nil {
		return TaskView{}, err
	}
	return *v, nil
}
