package xbry

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre/quota"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

var listSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":   {Columns: []string{"x.title", "x.position_name", "x.appointee_name"}, Match: httpx.Like},
		"state":    {Columns: []string{"x.state"}, Match: httpx.In},
		"unitId":   {Columns: []string{"x.unit_id"}, Match: httpx.Eq, Kind: httpx.Int},
		"level":    {Columns: []string{"x.level"}, Match: httpx.In},
		"motionOn": {Columns: []string{"x.motion_on"}, Match: httpx.Range, Kind: httpx.Date},
	},
	Sorts: map[string]string{"motionOn": "x.motion_on", "unitName": zh.Name(system.DeptNameColumn), "createTime": "x.created_at",
		"updateTime": "x.updated_at"},
	DefaultSort: "x.motion_on DESC, x.id DESC",
	Key:         "x.id",
}

// today is the day in China.
func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

func (s *Service) selectViews(idb bun.IDB) *bun.SelectQuery {
	return system.DeptNameJoin("x.unit_id")(idb.NewSelect().Model((*View)(nil)).ColumnExpr("x.*"))
}

// labels is what show needs besides the row: the post levels' labels.
func (s *Service) labels(ctx context.Context) (func(*View), error) {
	l, err := s.sys.DictLabels(ctx, quota.DictLevel)
	if err != nil {
		return nil, err
	}
	return func(v *View) {
		v.LevelLabel = l.Label(quota.DictLevel, v.Level)
		v.StateName = StateNames[v.State]
		v.RecMethodName = RecMethodNames[v.RecMethod]
		v.ReviewResultName = ReviewResultNames[v.ReviewResult]
	}, nil
}

// List is the paged list of the caller's selections.
func (s *Service) List(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[View], error) {
	scope, err := s.scope(ctx)
	if err != nil {
		return httpx.PageResult[View]{}, err
	}
	show, err := s.labels(ctx)
	if err != nil {
		return httpx.PageResult[View]{}, err
	}
	return httpx.PagedEach(ctx, scope(s.selectViews(s.db)), listSpec, lq, show)
}

// find reads selection id of the caller's scope through idb (404 outside).
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*View, error) {
	scope, err := s.scope(ctx)
	if err != nil {
		return nil, err
	}
	v := new(View)
	if err := scope(s.selectViews(idb).Where("x.id = ?", id)).Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoSelection()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	show, err := s.labels(ctx)
	if err != nil {
		return nil, err
	}
	show(v)
	return v, nil
}

// Detail is selection id with the people recommended.
func (s *Service) Detail(ctx context.Context, id int64) (View, error) {
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return View{}, err
	}
	if v.Candidates, err = s.candidates(ctx, s.db, id); err != nil {
		return View{}, err
	}
	return *v, nil
}

func (s *Service) candidates(ctx context.Context, idb bun.IDB, id int64) ([]Candidate, error) {
	out := []Candidate{}
	if err := idb.NewSelect().Model(&out).Where("c.selection_id = ?", id).OrderExpr("c.sort, c.id").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// checkMotion checks a 动议 and answers the post it names (in the caller's
// unit scope).
func (s *Service) checkMotion(ctx context.Context, idb bun.IDB, in *MotionInput) (quota.PositionBrief, error) {
	in.Title, in.MotionBy = strings.TrimSpace(in.Title), strings.TrimSpace(in.MotionBy)
	in.Reason, in.Conditions = strings.TrimSpace(in.Reason), strings.TrimSpace(in.Conditions)
	var c httpx.Checks
	c.Add(record.Required("title", "标题", in.Title, 100))
	if in.PositionID <= 0 {
		c.Add(httpx.Invalid("positionId", "请选择拟任岗位"))
	}
	c.Add(s.day(&in.MotionOn, "motionOn", "动议时间", true))
	c.Add(record.Required("motionBy", "动议主体", in.MotionBy, 100), record.Required("reason", "动议理由", in.Reason, MaxText),
		record.MaxLen("conditions", "任职条件和资格", in.Conditions, MaxText))
	if err := c.Err(); err != nil {
		return quota.PositionBrief{}, err
	}
	p, ok, err := s.quotas.ScopedPosition(ctx, idb, in.PositionID)
	if err != nil {
		return p, err
	}
	if !ok {
		return p, httpx.Invalid("positionId", "所选岗位不存在")
	}
	return p, nil
}

// day checks a required date field (not after today when notFuture) and
// stores it normalised.
func (s *Service) day(d *date.Date, field, label string, notFuture bool) error {
	if *d == "" {
		return httpx.Invalid(field, "请选择%s", label)
	}
	v, err := record.Date(field, label, string(*d))
	if err != nil {
		return err
	}
	*d = v
	if notFuture {
		return record.NotAfter(field, label, v, s.today())
	}
	return nil
}

// Create records a 动议 and starts its selection at 民主推荐.
func (s *Service) Create(ctx context.Context, in MotionInput) (View, error) {
	var id int64
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.checkMotion(ctx, tx, &in)
		if err != nil {
			return err
		}
		root, err := s.orgs.LiveRoot(ctx, tx)
		if err != nil {
			return err
		}
		if root == nil {
			return httpx.BadRequest("系统中没有学校党委，不能发起选拔任用")
		}
		now := s.now()
		x := &Selection{OrgID: root.ID, Title: in.Title, UnitID: p.UnitID, PositionID: p.ID, PositionName: p.Name, Level: p.Level,
			Elected: p.Elected, MotionOn: in.MotionOn, MotionBy: in.MotionBy, Reason: in.Reason, Conditions: in.Conditions,
			State: StateRecommending, CreatedBy: db.Clip(rbac.From(ctx).AccountName(), 64), CreatedAt: now, UpdatedAt: now}
		if _, err := tx.NewInsert().Model(x).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		id = x.ID
		return s.wf.Start(ctx, tx, id, flow.Note{Comment: fmt.Sprintf("%s动议：%s", in.MotionBy, in.Reason)})
	})
	if err != nil {
		return View{}, httpx.AsError(err)
	}
	return s.Detail(ctx, id)
}

// UpdateInput is the body of a 动议's change: the selection and the form.
type UpdateInput struct {
	ID int64 `json:"id"`
	MotionInput
}

// Update changes a 动议 while the selection is still at 民主推荐.
func (s *Service) Update(ctx context.Context, in UpdateInput) (View, error) {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur, err := s.find(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		if cur.State != StateRecommending {
			return httpx.Conflict("选拔任用已进入%s环节，动议不能再修改", StateNames[cur.State])
		}
		if in.UpdateTime != nil && !in.UpdateTime.Equal(cur.UpdatedAt) {
			return httpx.Conflict("该记录已被他人修改，请刷新后重试")
		}
		p, err := s.checkMotion(ctx, tx, &in.MotionInput)
		if err != nil {
			return err
		}
		res, err := tx.NewUpdate().Model((*Selection)(nil)).Set("title = ?", in.Title).Set("unit_id = ?", p.UnitID).
			Set("position_id = ?", p.ID).Set("position_name = ?", p.Name).Set("level = ?", p.Level).Set("elected = ?", p.Elected).
			Set("motion_on = ?", in.MotionOn).Set("motion_by = ?", in.MotionBy).Set("reason = ?", in.Reason).
			Set("conditions = ?", in.Conditions).Set("updated_at = ?", s.now()).
			Where("id = ?", in.ID).Where("state = ?", StateRecommending).Where("updated_at = ?", cur.UpdatedAt).Exec(ctx)
		return record.Conditional(res, err, 1, httpx.Conflict("该记录已被他人修改，请刷新后重试"))
	})
	if err != nil {
		return View{}, httpx.AsError(err)
	}
	return s.Detail(ctx, in.ID)
}

// Delete deletes selections not yet recommended on (all or none); one
// under way is ended with Stop, so its record stays.
func (s *Service) Delete(ctx context.Context, ids []int64) error {
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		scope, err := s.scope(ctx)
		if err != nil {
			return err
		}
		var states []string
		if err := scope(tx.NewSelect().Model((*Selection)(nil)).Column("x.state").Where("x.id IN (?)", bun.In(ids))).
			Scan(ctx, &states); err != nil {
			return httpx.Internal(err)
		}
		if len(states) != len(ids) {
			return errNoSelection()
		}
		busy := httpx.Conflict("只能删除尚在民主推荐环节的记录；已开展的选拔任用请「终止」，纪实予以保留")
		for _, st := range states {
			if st != StateRecommending {
				return busy
			}
		}
		if err := s.wf.Delete(ctx, tx, ids); err != nil {
			return err
		}
		res, err := tx.NewDelete().Model((*Selection)(nil)).Where("id IN (?)", bun.In(ids)).Where("state = ?", StateRecommending).Exec(ctx)
		return record.Conditional(res, err, int64(len(ids)), busy)
	})
}

// StopInput is the body of 终止: the flow's version the page showed and
// why the selection ends.
type StopInput struct {
	Version int64  `json:"version"`
	Reason  string `json:"reason"`
}

// Stop ends a selection under way before 任职 (撤销 in its history, with the
// reason): the record stays as it was, in state 已终止.
func (s *Service) Stop(ctx context.Context, id int64, in StopInput) (View, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	if err := record.Required("reason", "终止原因", in.Reason, 500); err != nil {
		return View{}, err
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur, err := s.find(ctx, tx, id)
		if err != nil {
			return err
		}
		switch cur.State {
		case StateProbation, StateDone:
			return httpx.Conflict("已任职的选拔任用不能终止；免去职务请通过职数管理的任免文件办理")
		case StateStopped:
			return httpx.Conflict("该选拔任用已终止")
		}
		if err := s.wf.Stop(ctx, tx, id, in.Version, flow.Cancel, StateStopped, "党委组织部", in.Reason); err != nil {
			return err
		}
		return s.setState(ctx, tx, id, cur.State, StateStopped)
	})
	if err != nil {
		return View{}, httpx.AsError(err)
	}
	return s.Detail(ctx, id)
}

// setState moves selection id from state from to state to (set: more
// columns) by a conditional UPDATE: a selection no longer in from changed
// meanwhile (409).
func (s *Service) setState(ctx context.Context, tx bun.IDB, id int64, from, to string, set ...func(*bun.UpdateQuery) *bun.UpdateQuery) error {
	q := tx.NewUpdate().Model((*Selection)(nil)).Set("state = ?", to).Set("updated_at = ?", s.now()).Where("id = ?", id).Where("state = ?", from)
	for _, f := range set {
		q = f(q)
	}
	res, err := q.Exec(ctx)
	return record.Conditional(res, err, 1, httpx.Conflict("该选拔任用已被他人处理，请刷新后查看"))
}

// export streams the list's rows (the same filters) as a workbook.
func (s *Service) export(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	scope, err := s.scope(ctx)
	if err != nil {
		return err
	}
	q, err := listSpec.Query(scope(s.selectViews(s.db)), lq)
	if err != nil {
		return err
	}
	show, err := s.labels(ctx)
	if err != nil {
		return err
	}
	headers := []string{"序号", "标题", "单位", "拟任岗位", "职级", "动议时间", "动议主体", "当前环节", "任用人选", "任职文号", "任职日期", "试用期至"}
	widths := []float64{8, 30, 24, 24, 10, 12, 16, 12, 12, 18, 12, 12}
	n, err := excel.Export(ctx, w, s.db, q, headers, widths, "选拔任用-"+date.Of(s.now()).Compact()+".xlsx",
		func(n int, v *View) []any {
			show(v)
			return []any{n, v.Title, v.UnitName, v.PositionName, v.LevelLabel, v.MotionOn, v.MotionBy, v.StateName, v.AppointeeName,
				v.DocNo, dayText(v.AppointOn), dayText(v.ProbationUntil)}
		})
	if err == nil {
		s.sys.LogAccess(ctx, r, fmt.Sprintf("导出选拔任用（%d条）", n))
	}
	return err
}

func dayText(d *date.Date) string {
	if d == nil {
		return ""
	}
	return string(*d)
}
