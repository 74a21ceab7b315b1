package standard

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
)

// StandardInput is the body of POST/PUT /api/dfbz: amounts in 元 as text
// ("3000", "0.20"), rates in percent ("0.5"); an empty upTo is the open
// last bracket.
type StandardInput struct {
	ID       int64          `json:"id"`
	Name     string         `json:"name"`
	Category string         `json:"category"`
	Kind     string         `json:"kind"`
	Brackets []BracketInput `json:"brackets"`
	Fixed    string         `json:"fixed"`
	Basis    string         `json:"basis"`
	// UpdatedAt is the version the client read (Standard.UpdatedAt): an
	// update of a draft changed since is a 409, not an overwrite.
	UpdatedAt *time.Time `json:"updatedAt"`
}

// BracketInput is one bracket of a StandardInput.
type BracketInput struct {
	UpTo string `json:"upTo"`
	Rate string `json:"rate"`
}

// Meta is GET /api/dfbz/meta: the categories, the salary items, the states
// and whether a graduate student's stipend is the base (CfgGraduateStipend).
type Meta struct {
	Categories      []Category        `json:"categories"`
	Items           []Item            `json:"items"`
	States          map[string]string `json:"states"`
	GraduateStipend bool              `json:"graduateStipend"`
}

// standardResource declares the standards on the resource kit: the
// school's (no scope), created as drafts, edited only as drafts; the list,
// the enabling and the voiding are the module's.
func (s *Service) standardResource() *resource.Viewed[standardRow, standardRow, StandardInput, Standard] {
	return &resource.Viewed[standardRow, standardRow, StandardInput, Standard]{DB: s.db, Noun: "党费标准",
		Now:    func() time.Time { return s.now() },
		Scope:  record.Everywhere,
		Record: func(r *standardRow) *standardRow { return r },
		Labels: record.LabelsOf(s.trailLabels),
		View:   func(r *standardRow, _ audit.Labeller, _ bool) Standard { return viewOf(*r) },
		Check:  checkDraft,
		IDOf:   func(in *StandardInput) int64 { return in.ID },
		Trail:  standardTrail,
		TrailView: func(_ context.Context, _ bun.IDB, r *standardRow) (map[string]string, error) {
			return standardTrailView(*r), nil
		},
	}
}

func (s *Service) standardRoutes(rs *httpx.Routes) {
	s.standards.Routes(rs, "/api/dfbz", resource.Perms{List: PermStandardList, Add: PermStandardEdit, Edit: PermStandardEdit},
		resource.Without(resource.DetailRoute, resource.DeleteRoute, resource.AcrossRoute, resource.RestoreRoute),
		resource.Replace(resource.ListRoute, "查询", httpx.Read(s.Standards)),
		// The form sends the whole standard: a field left out is cleared, not kept.
		resource.Replace(resource.UpdateRoute, "修改", httpx.Action(s.standards.Update)))
	rs.Get("/api/dfbz/meta", PermStandardList, "查看类别与工资项目", httpx.Read(func(ctx context.Context) (Meta, error) {
		return Meta{Categories: Categories, Items: Items, States: stateLabels, GraduateStipend: s.stipendBase(ctx)}, nil
	}))
	rs.Post("/api/dfbz/{id}/enable", PermStandardState, "启用", httpx.ReadOn(errNoStandard, s.Enable))
	rs.Post("/api/dfbz/{id}/void", PermStandardState, "作废", httpx.ReadOn(errNoStandard, s.Void))
}

func errNoStandard() *httpx.Error { return httpx.NotFound("党费标准不存在") }

// Standards lists every standard: enabled first, then drafts, then void,
// each by category in the pages' order, the newest first.
func (s *Service) Standards(ctx context.Context) ([]Standard, error) {
	var rows []standardRow
	if err := s.db.NewSelect().Model(&rows).
		OrderExpr("id DESC").Limit(1000).
		Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	order := map[string]int{}
	for i, c := range Categories {
		order[c.Code] = i
	}
	rank := map[string]int{StateOn: 0, StateDraft: 1, StateVoid: 2}
	slices.SortFunc(rows, func(a, b standardRow) int {
		return cmp.Or(rank[a.State]-rank[b.State], order[a.Category]-order[b.Category], cmp.Compare(b.ID, a.ID))
	})
	out := make([]Standard, 0, len(rows))
	for _, r := range rows {
		out = append(out, viewOf(r))
	}
	return out, nil
}

func viewOf(r standardRow) Standard {
	v := Standard{ID: r.ID, Name: r.Name, Category: r.Category, CatLabel: CategoryLabel(r.Category), Kind: r.Kind,
		Brackets: []Bracket{}, FixedFen: r.FixedFen, Fixed: money.Fen(r.FixedFen).Grouped(), Basis: r.Basis, State: r.State,
		StateLabel: stateLabels[r.State], EnabledAt: r.EnabledAt, VoidedAt: r.VoidedAt, UpdatedAt: r.UpdatedAt}
	_ = json.Unmarshal([]byte(r.Brackets), &v.Brackets)
	for i, b := range v.Brackets {
		if b.UpToFen != nil {
			v.Brackets[i].UpTo = money.Fen(*b.UpToFen).Decimal().String()
		}
	}
	return v
}

// checkStandard turns an input into a row, or a 400 naming the field.
func checkStandard(in StandardInput) (standardRow, error) {
	r := standardRow{Name: strings.TrimSpace(in.Name), Category: in.Category, Kind: in.Kind, Basis: strings.TrimSpace(in.Basis),
		Brackets: "[]"}
	if r.Name == "" || utf8.RuneCountInString(r.Name) > 100 {
		return r, httpx.Invalid("name", "请输入标准名称（不超过100个字）")
	}
	if CategoryLabel(r.Category) == "" {
		return r, httpx.Invalid("category", "请选择适用类别")
	}
	if utf8.RuneCountInString(r.Basis) > 500 {
		return r, httpx.Invalid("basis", "依据不超过500个字")
	}
	switch r.Kind {
	case KindRate:
		if !needsBase(r.Category) {
			return r, httpx.Invalid("kind", "“%s”类别没有基数，不能按比例计算，请选择固定金额或免交", CategoryLabel(r.Category))
		}
		brackets, err := checkBrackets(in.Brackets)
		if err != nil {
			return r, err
		}
		b, _ := json.Marshal(brackets)
		r.Brackets = string(b)
	case KindFixed:
		f, ok := money.Parse(in.Fixed)
		if !ok || f <= 0 || f > 100000 {
			return r, httpx.Invalid("fixed", "请输入每月金额（0.01 至 1,000.00 元，最多两位小数）")
		}
		if r.Category == CatFarmer && (f < FarmerMinFen || f > FarmerMaxFen) {
			return r, httpx.Invalid("fixed", "农民党员每月交纳党费 0.2 元至 1 元")
		}
		r.FixedFen = int64(f)
	case KindExempt:
	default:
		return r, httpx.Invalid("kind", "请选择计算方式")
	}
	return r, nil
}

// checkBrackets checks the brackets: 1–10, upper ends ascending, the last open,
// rates in percent above 0 and at most 100 with at most 4 decimals.
func checkBrackets(in []BracketInput) ([]Bracket, error) {
	if len(in) == 0 || len(in) > 10 {
		return nil, httpx.Invalid("brackets", "请填写1至10档基数区间")
	}
	out := make([]Bracket, 0, len(in))
	var prev money.Fen = -1
	for i, b := range in {
		last := i == len(in)-1
		var up *int64
		if strings.TrimSpace(b.UpTo) != "" || !last {
			f, ok := money.Parse(b.UpTo)
			if !ok || f <= prev || f <= 0 || last {
				return nil, httpx.Invalid("brackets", "第%d档的基数上限须大于上一档且为最多两位小数的金额（最后一档不填上限）", i+1)
			}
			n := int64(f)
			up, prev = &n, f
		}
		rate, err := decimal.NewFromString(strings.TrimSpace(b.Rate))
		if err != nil || !rate.IsPositive() || rate.GreaterThan(decimal.NewFromInt(100)) || rate.Exponent() < -4 {
			return nil, httpx.Invalid("brackets", "第%d档的比例须大于0且不超过100（百分比，最多四位小数）", i+1)
		}
		out = append(out, Bracket{UpToFen: up, Rate: rate.String()})
	}
	return out, nil
}

// checkDraft checks a body into a standard not yet enabled (new when cur
// is nil): an enabled or void one is history (a change is a new standard),
// and an edit is from the version the client read (one changed since is a
// 409).
func checkDraft(_ context.Context, in StandardInput, cur *standardRow) (standardRow, error) {
	if cur != nil && cur.State != StateDraft {
		return standardRow{}, httpx.Conflict("只有未启用的标准可以修改")
	}
	if cur != nil {
		if err := standardTrail.SameVersion(in.UpdatedAt, cur.UpdatedAt); err != nil {
			return standardRow{}, err
		}
	}
	r, err := checkStandard(in)
	r.State = StateDraft
	return r, err
}

// stateRefusal answers a conditional update that changed nothing: 404 when
// the standard does not exist, else a 409 with msg.
func (s *Service) stateRefusal(ctx context.Context, id int64, msg string) error {
	ok, err := s.db.NewSelect().Model((*standardRow)(nil)).Where("id = ?", id).Exists(ctx)
	if err != nil {
		return httpx.Internal(err)
	} else if !ok {
		return errNoStandard()
	}
	return httpx.Conflict("%s", msg)
}

// Enable enables a standard not yet enabled and voids the one enabled for
// its category, in one transaction; the unique index on the enabled
// standard of a category lets one of two concurrent enables through.
func (s *Service) Enable(ctx context.Context, id int64) (Standard, error) {
	var out standardRow
	now := s.now()
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var voided []standardRow
		if err := tx.NewUpdate().Model(&voided).Set("state = ?, voided_at = ?, updated_at = ?", StateVoid, now, now).
			Where("state = ?", StateOn).
			Where("category = (SELECT x.category FROM fee_standard AS x WHERE x.id = ? AND x.state = ?)", id, StateDraft).
			Returning("*").Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err := tx.NewUpdate().Model(&out).Set("state = ?, enabled_at = ?, updated_at = ?", StateOn, now, now).
			Where("id = ?", id).Where("state = ?", StateDraft).Returning("*").Scan(ctx); err != nil {
			return err
		}
		for _, v := range voided {
			if err := s.stateChanged(ctx, tx, v, StateOn); err != nil {
				return err
			}
		}
		return s.stateChanged(ctx, tx, out, StateDraft)
	})
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return Standard{}, s.stateRefusal(ctx, id, "只有未启用的标准可以启用")
	case db.IsUniqueViolation(err):
		return Standard{}, httpx.Conflict("该类别刚刚启用了另一标准，请刷新后查看")
	case err != nil:
		return Standard{}, httpx.Internal(err)
	}
	return viewOf(out), nil
}

// Void voids a standard (enabled or not yet): the members of its category
// have no due computed until another is enabled.
func (s *Service) Void(ctx context.Context, id int64) (Standard, error) {
	var out standardRow
	now := s.now()
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur, err := s.standards.FindIn(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := tx.NewUpdate().Model(&out).Set("state = ?, voided_at = ?, updated_at = ?", StateVoid, now, now).
			Where("id = ?", id).Where("state = ?", cur.State).Where("state IN (?)", bun.List([]string{StateDraft, StateOn})).
			Returning("*").Scan(ctx); err != nil {
			return err
		}
		return s.stateChanged(ctx, tx, out, cur.State)
	})
	var he *httpx.Error
	if errors.As(err, &he) {
		return Standard{}, he
	} else if errors.Is(err, sql.ErrNoRows) {
		return Standard{}, s.stateRefusal(ctx, id, "该标准已作废")
	} else if err != nil {
		return Standard{}, httpx.Internal(err)
	}
	return viewOf(out), nil
}
