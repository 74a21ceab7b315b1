package assess

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

var resultSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"c.name", "c.post"}, Match: httpx.Like},
		"unitId": {Columns: []string{"c.unit_id"}, Match: httpx.Eq, Kind: httpx.Int},
		"grade":  {Columns: []string{"c.grade"}, Match: httpx.In},
	},
	Sorts:       map[string]string{"rank": "COALESCE(c.rank, 999999)", "name": zh.Name("c.name"), "unitName": zh.Name(system.DeptNameColumn)},
	DefaultSort: "COALESCE(c.rank, 999999), " + zh.Name(system.DeptNameColumn) + ", c.id",
	Key:         "c.id",
}

func (s *Service) selectResults(idb bun.IDB, id int64) *bun.SelectQuery {
	return idb.NewSelect().Model((*RoundCadre)(nil)).ColumnExpr("c.id, c.cadre_id, c.name, c.unit_id, c.post, c.score, c.detail, c.rank, c.auto_grade, c.grade, c.reason").
		ColumnExpr("c.appeal_state, c.appeal_reason, c.appeal_at, c.appeal_reply, c.appeal_by").
		ColumnExpr("c.report <> '' AS has_report").Apply(system.DeptNameJoin("c.unit_id")).Where("c.round_id = ?", id)
}

// fill reads a result's kept detail.
func (r *Result) fill() {
	var d detail
	if json.Unmarshal([]byte(r.Detail), &d) == nil {
		r.Groups, r.Indicators, r.Ballots = d.Groups, d.Indicators, d.Ballots
	}
	if r.Groups == nil {
		r.Groups = map[string]decimal.Decimal{}
	}
	if r.Indicators == nil {
		r.Indicators = map[string]decimal.Decimal{}
	}
	if r.Ballots == nil {
		r.Ballots = map[string]int{}
	}
}

// Results is a page of round id's results, of the caller's units, once it
// is counted (409 before: nothing is known of a round under evaluation).
func (s *Service) Results(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[Result], error) {
	r, err := s.find(ctx, s.db, id)
	if err != nil {
		return httpx.PageResult[Result]{}, err
	}
	if r.State != StateCounted && r.State != StateConfirmed {
		return httpx.PageResult[Result]{}, httpx.Conflict("测评结束后才能查看考核结果")
	}
	scope, err := s.cadreScope(ctx)
	if err != nil {
		return httpx.PageResult[Result]{}, err
	}
	return httpx.PagedEach(ctx, scope(s.selectResults(s.db, id)), resultSpec, lq, (*Result).fill)
}

// Adjust sets the grades of a counted round's cadres, each with a reason
// when it differs from the automatic grade; the 优秀 cap holds after them
// (400). One conditional update of the round: of two adjustments read at
// the same version one wins.
func (s *Service) Adjust(ctx context.Context, id int64, in GradeInput) (RoundDetail, error) {
	if len(in.Grades) == 0 {
		return RoundDetail{}, httpx.Invalid("grades", "请选择要调整的干部")
	}
	if in.UpdateTime == nil {
		return RoundDetail{}, httpx.Invalid("updateTime", "缺少数据版本，请刷新后重试")
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.findIn(ctx, tx, id, StateCounted)
		if err != nil {
			return err
		}
		if err := s.applyGrades(ctx, tx, &r.Round, in.Grades); err != nil {
			return err
		}
		return s.touch(ctx, tx, &r.Round, in.UpdateTime, noSet)
	})
	if err != nil {
		return RoundDetail{}, httpx.AsError(err)
	}
	return s.Round(ctx, id)
}

// applyGrades sets grades on round r's cadres in tx, each with a reason
// when it differs from the automatic grade; the 优秀 cap holds after them
// (400 naming the numbers).
func (s *Service) applyGrades(ctx context.Context, tx bun.IDB, r *Round, grades []GradeChange) error {
	def, err := s.definitionOf(ctx, tx, r)
	if err != nil {
		return err
	}
	var rows []RoundCadre
	if err := tx.NewSelect().Model(&rows).Column("id", "name", "score", "auto_grade", "grade").Where("round_id = ?", r.ID).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	byID := map[int64]*RoundCadre{}
	for i := range rows {
		byID[rows[i].ID] = &rows[i]
	}
	for i, g := range grades {
		at := func(f string) string { return fmt.Sprintf("grades[%d].%s", i, f) }
		c := byID[g.ID]
		g.Reason = strings.TrimSpace(g.Reason)
		switch {
		case c == nil:
			return httpx.Invalid(at("id"), "干部不在本次考核中")
		case c.Score == nil:
			return httpx.Invalid(at("id"), "%s没有有效测评票，不能评定等次", c.Name)
		case !slices.Contains(Grades, g.Grade):
			return httpx.Invalid(at("grade"), "等次须为%s", strings.Join(Grades, "、"))
		case g.Grade != c.AutoGrade && g.Reason == "":
			return httpx.Invalid(at("reason"), "请填写%s的等次调整理由", c.Name)
		case utf8.RuneCountInString(g.Reason) > 500:
			return httpx.Invalid(at("reason"), "调整理由不超过500个字")
		}
		c.Grade, c.Reason = g.Grade, g.Reason
	}
	scored, excellent := 0, 0
	for _, c := range rows {
		if c.Score != nil {
			scored++
		}
		if c.Grade == GradeExcellent {
			excellent++
		}
	}
	if limit := Cap(scored, def.ExcellentShare); excellent > limit {
		return httpx.Invalid("grades", "优秀等次不能超过参评人数的%s%%，即最多%d名（调整后为%d名）",
			def.ExcellentShare.Shift(2).String(), limit, excellent)
	}
	for _, g := range grades {
		c := byID[g.ID]
		if _, err := tx.NewUpdate().Model((*RoundCadre)(nil)).Set("grade = ?", c.Grade).Set("reason = ?", c.Reason).
			Where("id = ?", c.ID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
	}
	return nil
}

// Confirm is the committee's confirmation of a counted round read at
// in.UpdateTime: each graded cadre's grade is written to their record as
// the year's 年度考核 (信息类型 8) in the same transaction.
func (s *Service) Confirm(ctx context.Context, id int64, in VersionInput) (RoundDetail, error) {
	if in.UpdateTime == nil {
		return RoundDetail{}, httpx.Invalid("updateTime", "缺少数据版本，请刷新后重试")
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.findIn(ctx, tx, id, StateCounted)
		if err != nil {
			return err
		}
		if err := pendingAppeals(ctx, tx, id); err != nil {
			return err
		}
		now := s.now()
		if err := s.touch(ctx, tx, &r.Round, in.UpdateTime, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("state = ?", StateConfirmed).Set("confirmed_at = ?", now).Set("confirmed_by = ?", db.Clip(who(ctx), 64))
		}); err != nil {
			return err
		}
		var rows []RoundCadre
		if err := tx.NewSelect().Model(&rows).Column("cadre_id", "grade").Where("round_id = ?", id).Where("grade <> ''").
			OrderExpr("id").Scan(ctx); err != nil {
			return httpx.Internal(err)
		}
		for _, c := range rows {
			if err := s.cadres.WriteAssessment(ctx, tx, c.CadreID, r.Year, c.Grade, audit.OriginUserUpdate); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return RoundDetail{}, httpx.AsError(err)
	}
	return s.Round(ctx, id)
}

// exportResults streams a counted round's results as the 干部年度考核
// 测评结果汇总表: per cadre the unit, post, each group's score, the
// comprehensive score, rank, automatic grade, grade and reason.
func (s *Service) exportResults(w http.ResponseWriter, req *http.Request) error {
	ctx := req.Context()
	id, err := httpx.PathID(req, "id", errNoRound())
	if err != nil {
		return err
	}
	r, err := s.find(ctx, s.db, id)
	if err != nil {
		return err
	}
	if r.State != StateCounted && r.State != StateConfirmed {
		return httpx.Conflict("测评结束后才能导出考核结果")
	}
	def, err := s.definitionOf(ctx, s.db, &r.Round)
	if err != nil {
		return err
	}
	lq, err := httpx.ReadListQuery(req)
	if err != nil {
		return err
	}
	scope, err := s.cadreScope(ctx)
	if err != nil {
		return err
	}
	q, err := resultSpec.Query(scope(s.selectResults(s.db, id)), lq)
	if err != nil {
		return err
	}
	headers := []string{"序号", "姓名", "单位", "职务"}
	widths := []float64{8, 12, 24, 30}
	for _, g := range def.Groups {
		headers = append(headers, fmt.Sprintf("%s评价（权重%s）", g.Name, g.Weight.String()))
		widths = append(widths, 16)
	}
	headers = append(headers, "综合得分", "排名", "自动定档", "考核等次", "调整理由")
	widths = append(widths, 10, 8, 10, 10, 30)
	n, err := excel.Export(ctx, w, s.db, q, headers, widths, fmt.Sprintf("%s-考核结果.xlsx", r.Name), func(n int, v *Result) []any {
		v.fill()
		cells := []any{n, v.Name, v.UnitName, v.Post}
		for _, g := range def.Groups {
			cells = append(cells, scoreText(v.Groups, g.Key))
		}
		score, rank := "", ""
		if v.Score != nil {
			score = v.Score.StringFixed(2)
		}
		if v.Rank != nil {
			rank = fmt.Sprint(*v.Rank)
		}
		return append(cells, score, rank, v.AutoGrade, v.Grade, v.Reason)
	})
	if err == nil {
		s.sys.LogAccess(ctx, req, fmt.Sprintf("导出干部考核结果“%s”（%d条）", r.Name, n))
	}
	return err
}

// scoreText is the score under key with two decimals ("" for none).
func scoreText(scores map[string]decimal.Decimal, key string) string {
	if d, ok := scores[key]; ok {
		return d.StringFixed(2)
	}
	return ""
}
