package develop

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// The yearly development plan (发展计划): each secondary committee (二级党委
// or 党总支), or 直属党支部, gets a quota of 发展对象 per year. ⑦ takes a place
// (used + 1, one conditional UPDATE, so two records can never take the last
// place both); a record returned to ⑦ or before, ended, or deleted before
// it became a probationary member gives its place back. The place a record
// holds is kept in its ⑦ step row's data (planId), so it is given back once.

// rulePlan names the plan rule in refusals.
const rulePlan = "发展对象须列入年度发展计划"

// planOrg is the organisation whose plan a record of orgID counts on: the
// nearest of itself and those above it that is a 二级党委, a 党总支 or a
// 直属党支部 (nil when there is none).
func (s *Service) planOrg(ctx context.Context, idb bun.IDB, orgID int64) (*flow.Org, error) {
	lineage, err := s.orgs.Lineage(ctx, idb, orgID)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	for _, o := range lineage {
		if o.Type == orgTypeCommittee || o.Type == orgTypeGeneral || o.Type == orgTypeDirect {
			return &o, nil
		}
	}
	return nil, nil
}

// takePlace takes a place of the plan of the year of on for record r (at
// ⑦, in the action's transaction) and keeps the plan on the step's row; a
// plan missing or full is the rule's refusal naming the plan.
func (s *Service) takePlace(ctx context.Context, tx bun.Tx, r *Record, on date.Date) error {
	cfg, _, err := s.config(ctx, tx, r.ConfigVersion)
	if err != nil {
		return err
	}
	if !cfg.Rules.PlanRequired {
		return nil
	}
	o, err := s.planOrg(ctx, tx, r.OrgID)
	if err != nil {
		return err
	}
	if o == nil {
		return ruleError(rulePlan, "date", "未找到记录所属的二级党委（党总支）或直属党支部")
	}
	year := on.Time().Year()
	res, err := tx.NewUpdate().Model((*Plan)(nil)).Set("used = used + 1").Set("updated_at = ?", s.now()).
		Where("year = ?", year).Where("org_id = ?", o.ID).Where("used < quota").Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	p := new(Plan)
	if err := tx.NewSelect().Model(p).Where("year = ?", year).Where("org_id = ?", o.ID).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return ruleError(rulePlan, "date", fmt.Sprintf("%s尚未下达 %d 年发展计划", o.Name, year))
	} else if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ruleError(rulePlan, "date", fmt.Sprintf("%s %d 年发展计划名额已用完（计划 %d 名，已用 %d 名）", o.Name, year, p.Quota, p.Used))
	}
	planID := p.ID
	return s.updateTargetData(ctx, tx, r.ID, func(data map[string]any) { data["planId"] = planID })
}

// givePlanBack gives back the plan place record id holds, if any (a record
// returned before ⑦, ended or deleted), in tx.
func (s *Service) givePlanBack(ctx context.Context, tx bun.Tx, id int64) error {
	var data map[string]any
	found, err := s.stepData(ctx, tx, id, StepTarget, &data)
	if err != nil || !found {
		return err
	}
	raw, ok := data["planId"].(float64)
	if !ok {
		return nil
	}
	if _, err := tx.NewUpdate().Model((*Plan)(nil)).Set("used = used - 1").Set("updated_at = ?", s.now()).
		Where("id = ?", int64(raw)).Where("used > 0").Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return s.updateTargetData(ctx, tx, id, func(data map[string]any) { delete(data, "planId") })
}

// updateTargetData changes the data of record id's ⑦ step row.
func (s *Service) updateTargetData(ctx context.Context, tx bun.Tx, id int64, change func(map[string]any)) error {
	data := map[string]any{}
	if _, err := s.stepData(ctx, tx, id, StepTarget, &data); err != nil {
		return err
	}
	if data == nil {
		data = map[string]any{}
	}
	change(data)
	b, err := json.Marshal(data)
	if err != nil {
		return httpx.Internal(err)
	}
	if _, err := tx.NewUpdate().Model((*StepRow)(nil)).Set("data = ?", string(b)).Where("record_id = ?", id).
		Where("step = ?", StepTarget).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// releasePlanOnReturnOrEnd is the After of the steps from ⑦ until the
// record becomes a probationary member (⑧ … ⑰): a record rejected, or
// returned to ⑦ or before, gives its plan place back. The steps ⑫ … ⑰
// (stage_admission.go) call it from their own after.
func (s *Service) releasePlanOnReturnOrEnd(ctx context.Context, tx bun.Tx, a *flow.Act[Record]) error {
	backBeforeTarget := a.Result == flow.Return && (a.State == StageApplicant || a.State == StageActivist)
	if a.Result == flow.Reject || backBeforeTarget {
		return s.givePlanBack(ctx, tx, a.ID)
	}
	return nil
}

// PlanRow is one organisation's plan of a year as the plan page shows it:
// every secondary committee, 党总支 and 直属党支部 of the caller's scope, with
// its plan when one was set.
type PlanRow struct {
	OrgID   int64   `json:"orgId"`
	OrgName string  `json:"orgName"`
	OrgType string  `json:"orgType"`
	Year    int     `json:"year"`
	ID      *int64  `json:"id"`
	Quota   *int    `json:"quota"`
	Used    int     `json:"used"`
	Remark  *string `json:"remark"`
}

// Plans is GET /api/fzdy/plans?year=: the plans of the year (default: this
// year) of the caller's scope.
func (s *Service) Plans(ctx context.Context, lq httpx.ListQuery) ([]PlanRow, error) {
	year := s.today().Time().Year()
	if v := lq.Filter("year"); v != "" {
		y, err := record.ParseYear("year", "年度", v)
		if err != nil {
			return nil, err
		}
		year = y
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	orgs, err := s.orgs.OfTypes(ctx, s.db, orgTypeCommittee, orgTypeGeneral, orgTypeDirect)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	var plans []Plan
	if err := s.db.NewSelect().Model(&plans).Where("p.year = ?", year).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	byOrg := make(map[int64]*Plan, len(plans))
	for i := range plans {
		byOrg[plans[i].OrgID] = &plans[i]
	}
	rows := []PlanRow{}
	for _, o := range orgs {
		if !sc.Has(o.ID) {
			continue
		}
		row := PlanRow{OrgID: o.ID, OrgName: o.Name, OrgType: o.Type, Year: year}
		if p := byOrg[o.ID]; p != nil {
			row.ID, row.Quota, row.Used, row.Remark = &p.ID, &p.Quota, p.Used, &p.Remark
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// PlanInput is the body of PUT /api/fzdy/plans.
type PlanInput struct {
	Year   int    `json:"year"`
	OrgID  int64  `json:"orgId"`
	Quota  *int   `json:"quota"`
	Remark string `json:"remark"`
}

// SetPlan is PUT /api/fzdy/plans: sets the quota of one organisation's plan
// of a year (a new plan or a changed one); the quota cannot fall below the
// places already used (checked in the UPDATE itself).
func (s *Service) SetPlan(ctx context.Context, in PlanInput) (PlanRow, error) {
	var c httpx.Checks
	c.Add(record.Year("year", "年度", in.Year))
	c.Add(record.Chosen("orgId", "党组织", in.OrgID > 0))
	if in.Quota == nil || *in.Quota < 0 || *in.Quota > 100000 {
		c.Add(httpx.Invalid("quota", "请输入计划名额（0 到 100000）"))
	}
	c.Add(record.MaxLen("remark", "备注", in.Remark, 500))
	if err := c.Err(); err != nil {
		return PlanRow{}, err
	}
	o, err := s.orgs.BriefInScope(ctx, in.OrgID)
	if err != nil {
		return PlanRow{}, httpx.Internal(err)
	}
	if o == nil {
		return PlanRow{}, httpx.NotFound("党组织不存在")
	}
	if o.Type != orgTypeCommittee && o.Type != orgTypeGeneral && o.Type != orgTypeDirect {
		return PlanRow{}, httpx.Invalid("orgId", "发展计划下达到二级党委、党总支或直属党支部")
	}
	quota := *in.Quota
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		now := time.Now().UTC()
		res, err := tx.NewUpdate().Model((*Plan)(nil)).Set("quota = ?", quota).Set("remark = ?", in.Remark).Set("updated_at = ?", now).
			Where("year = ?", in.Year).Where("org_id = ?", in.OrgID).Where("used <= ?", quota).Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return nil
		}
		cur := new(Plan)
		err = tx.NewSelect().Model(cur).Where("year = ?", in.Year).Where("org_id = ?", in.OrgID).Scan(ctx)
		if err == nil {
			return httpx.Invalid("quota", "计划名额不能少于已使用的 %d 名", cur.Used)
		} else if !errors.Is(err, sql.ErrNoRows) {
			return httpx.Internal(err)
		}
		p := &Plan{Year: in.Year, OrgID: in.OrgID, Quota: quota, Remark: in.Remark}
		p.CreatedAt, p.UpdatedAt = now, now
		if _, err := tx.NewInsert().Model(p).Exec(ctx); err != nil {
			return err
		}
		return nil
	})
	if db.IsUniqueViolation(err) { // set by someone else meanwhile
		return PlanRow{}, httpx.Conflict("该发展计划已被他人修改，请刷新后重试")
	} else if err != nil {
		return PlanRow{}, err
	}
	rows, err := s.Plans(ctx, httpx.ListQuery{Filters: map[string]any{"year": strconv.Itoa(in.Year)}})
	if err != nil {
		return PlanRow{}, err
	}
	for _, r := range rows {
		if r.OrgID == in.OrgID {
			return r, nil
		}
	}
	return PlanRow{}, httpx.NotFound("党组织不存在")
}
