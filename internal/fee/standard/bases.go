package standard

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
)

// BaseInput is the body of POST/PUT /api/dfjs and POST /api/dfjs/preview:
// the member's category from a month of a year and the salary items (or
// the pension) in 元 as text, keyed by Item.Key.
type BaseInput struct {
	ID        int64             `json:"id"`
	MemberID  int64             `json:"memberId"`
	Year      int               `json:"year"`
	FromMonth int               `json:"fromMonth"`
	Category  string            `json:"category"`
	Items     map[string]string `json:"items"`
	Remark    string            `json:"remark"`
	// Reason is why the organisation department sets the category 免交 or
	// 困难减免 (required then, kept in the trail, not on the base).
	Reason string `json:"reason"`
	// UpdatedAt is the version the client read (BaseView.UpdatedAt): an
	// update of a base changed since is a 409, not an overwrite.
	UpdatedAt *time.Time `json:"updatedAt"`
}

// BaseView is a base as the list shows it, with the due it gives for its
// first month under the enabled standard (no hardship reduction).
type BaseView struct {
	ID            int64             `json:"id"`
	MemberID      int64             `json:"memberId"`
	MemberName    string            `json:"memberName"`
	StaffNo       string            `json:"staffNo"`
	OrgID         int64             `json:"orgId"`
	OrgName       string            `json:"orgName"`
	Year          int               `json:"year"`
	FromMonth     int               `json:"fromMonth"`
	Category      string            `json:"category"`
	CategoryLabel string            `json:"categoryLabel"`
	Items         map[string]string `json:"items"`
	Included      string            `json:"included"`
	Deducted      string            `json:"deducted"`
	Base          string            `json:"base"`
	BaseFen       int64             `json:"baseFen"`
	Due           string            `json:"due"`
	DueFen        int64             `json:"dueFen"`
	Working       string            `json:"working"`
	Remark        string            `json:"remark"`
	UpdatedAt     time.Time         `json:"updatedAt"`
}

// Preview is POST /api/dfjs/preview: the base and the monthly due an input
// gives under the enabled standard, with its working.
type Preview struct {
	BaseFen    int64  `json:"baseFen"`
	Base       string `json:"base"`
	Fen        int64  `json:"fen"`
	Amount     string `json:"amount"`
	StandardID int64  `json:"standardId"`
	Working    string `json:"working"`
}

type baseListRow struct {
	BaseRow        `bun:",extend"`
	MemberName     string `bun:"member_name,scanonly"`
	StaffNo        string `bun:"staff_no,scanonly"`
	PersonCategory string `bun:"person_category,scanonly"`
	OrgID          int64  `bun:"org_id,scanonly"`
	OrgName        string `bun:"org_name,scanonly"`
}

var baseSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"year":     {Columns: []string{"b.year"}, Kind: httpx.Int},
		"orgId":    org.SubtreeFilter("m.org_id"),
		"category": {Columns: []string{"b.category"}, Match: httpx.In},
		"blurry":   {Columns: []string{"m.name", "m.staff_or_student_no"}, Match: httpx.Like},
		"memberId": {Columns: []string{"b.member_id"}, Kind: httpx.Int},
	},
	Sorts:       map[string]string{"memberName": "m.name", "base": "b.base_fen", "fromMonth": "b.from_month"},
	DefaultSort: "m.org_id, m.name, b.member_id, b.from_month",
	Key:         "b.id",
}

// baseResource declares the bases on the resource kit: kept in the
// caller's scope through their member's organisation, shown with the member
// and the due of their first month under the enabled standards; the checks,
// the waiver's reach and the trail view are the module's.
func (s *Service) baseResource() *resource.Viewed[BaseRow, baseListRow, BaseInput, BaseView] {
	return &resource.Viewed[BaseRow, baseListRow, BaseInput, BaseView]{DB: s.db, Noun: "党费基数记录", Spec: baseSpec,
		Now: func() time.Time { return s.now() }, Access: s.sys.LogAccess, Scope: s.orgs.Scoped("m.org_id"),
		Join: func(q *bun.SelectQuery) *bun.SelectQuery {
			return org.NameJoin("m.org_id")(member.Join("b.member_id")(q)).
				ColumnExpr("m.name AS member_name, m.staff_or_student_no AS staff_no, m.person_category, m.org_id")
		},
		Record: func(v *baseListRow) *BaseRow {
			v.member = v.MemberName // the trail shows the base's member by name
			return &v.BaseRow
		},
		Labels: record.LabelsOf(s.trailLabels),
		Viewer: func(ctx context.Context) (func(v *baseListRow, _ bool) BaseView, error) {
			k, err := s.calc(ctx, s.db)
			if err != nil {
				return nil, httpx.Internal(err)
			}
			return func(v *baseListRow, _ bool) BaseView { return baseView(*v, k) }, nil
		},
		Check: s.checkInput,
		IDOf:  func(in *BaseInput) int64 { return in.ID },
		BeforeUpdate: func(ctx context.Context, tx bun.IDB, cur *baseListRow, r *BaseRow) error {
			return keepsWaiver(ctx, tx, []int64{cur.ID}, r, "fromMonth")
		},
		BeforeDelete: func(ctx context.Context, tx bun.IDB, ids []int64) error { return keepsWaiver(ctx, tx, ids, nil, "") },
		WriteError:   errBaseTaken,
		Trail:        baseTrail,
		TrailView: func(_ context.Context, _ bun.IDB, r *BaseRow) (map[string]string, error) {
			return withReason(baseTrailView(*r, r.member), r.reason), nil
		},
		Gone: func(v *baseListRow) (string, int64) {
			return fmt.Sprintf("%s %d年%d月起", v.MemberName, v.Year, v.FromMonth), v.OrgID
		},
		Export: resource.Export[BaseView]{Title: "党费基数", Columns: baseColumns()},
	}
}

func (s *Service) baseRoutes(rs *httpx.Routes) {
	s.bases.Routes(rs, "/api/dfjs", resource.Perms{List: PermBaseList, Add: PermBaseEdit, Edit: PermBaseEdit, Del: PermBaseEdit,
		Export: PermBaseExport},
		resource.Without(resource.AcrossRoute, resource.RestoreRoute), // a base is not restored from its trail
		resource.Replace(resource.DetailRoute, "查看", nil), resource.Replace(resource.TrailRoute, "查看变更记录", nil),
		// The form sends the whole base: a field left out is cleared, not kept.
		resource.Replace(resource.UpdateRoute, "修改", httpx.Action(s.bases.Update)))
	rs.Get("/api/dfjs/missing", PermBaseList, "查询缺少基数的党员", httpx.ReadList(s.MissingBases))
	rs.Post("/api/dfjs/preview", PermBaseList, "试算", httpx.Action(s.Preview))
}

func baseView(r baseListRow, k calc) BaseView {
	v := BaseView{ID: r.ID, MemberID: r.MemberID, MemberName: r.MemberName, StaffNo: r.StaffNo, OrgID: r.OrgID, OrgName: r.OrgName,
		Year: r.Year, FromMonth: r.FromMonth, Category: r.Category, CategoryLabel: CategoryLabel(r.Category), Items: map[string]string{},
		Included: money.Fen(r.IncludedFen).Grouped(), Deducted: money.Fen(r.DeductedFen).Grouped(), Base: money.Fen(r.BaseFen).Grouped(), BaseFen: r.BaseFen, Remark: r.Remark,
		UpdatedAt: r.UpdatedAt}
	b := r.BaseRow
	for key, f := range itemsOf(&b) {
		v.Items[key] = money.Fen(f).Grouped()
	}
	var why string
	if v.DueFen, _, v.Working, why = k.due(r.Category, &b, r.FromMonth, isGraduate(r.PersonCategory)); why != "" {
		v.Working = why
	} else {
		v.Due = money.Fen(v.DueFen).Grouped()
	}
	return v
}

// checkBase turns an input into a row (中组发〔2008〕3号): the base is the
// sum of the included items minus the sum of the deductions (在职); every
// pension item received, summed (离退休); the month's pay for each month
// entered (年薪制) or each quarter's average monthly net income (个体经营者),
// the row's base being the one of its first month; the stipend (学生, a
// graduate student where the school so decides: checkStipend). Other
// categories have no base. Excluded items are kept as entered and count for
// nothing; items of another category's kind are not kept.
func checkBase(in BaseInput) (BaseRow, error) {
	r := BaseRow{MemberID: in.MemberID, Year: in.Year, FromMonth: in.FromMonth, Category: in.Category,
		Remark: strings.TrimSpace(in.Remark)}
	if err := record.Year("year", "年度", in.Year); err != nil {
		return r, err
	}
	if in.FromMonth < 1 || in.FromMonth > 12 {
		return r, httpx.Invalid("fromMonth", "请选择起始月份（1—12月）")
	}
	if CategoryLabel(in.Category) == "" {
		return r, httpx.Invalid("category", "请选择党费类别")
	}
	if utf8.RuneCountInString(r.Remark) > 500 {
		return r, httpx.Invalid("remark", "备注不超过500个字")
	}
	if len(in.Items) > len(Items) {
		return r, httpx.Invalid("items", "工资项目过多")
	}
	items := map[string]int64{}
	for k, text := range in.Items {
		it, ok := itemOf(k)
		if !ok {
			return r, httpx.Invalid("items", "未知的工资项目 %s", k)
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		f, ok := money.Parse(text)
		if !ok || f < 0 || f > 100000000 {
			return r, httpx.Invalid("items."+k, "%s须为 0 至 1,000,000.00 元的金额（最多两位小数）", it.Label)
		}
		if !keeps(in.Category, it.Kind) {
			continue // items of the other kinds of base are not kept
		}
		if err := beforeFrom(it, in.FromMonth); err != nil {
			return r, err
		}
		items[k] = int64(f)
		switch it.Kind {
		case ItemIncluded:
			r.IncludedFen += int64(f)
		case ItemDeducted:
			r.DeductedFen += int64(f)
		case ItemPension, ItemStipend:
			r.BaseFen += int64(f)
		}
	}
	switch in.Category {
	case CatSalaried:
		if r.IncludedFen == 0 {
			return r, httpx.Invalid("items", "在职党员请填写计入基数的工资项目（岗位工资、薪级工资、基础性绩效工资等）")
		}
		r.BaseFen = r.IncludedFen - r.DeductedFen
		if r.BaseFen < 0 {
			return r, httpx.Invalid("items", "扣除项目合计 %s 元大于计入项目合计 %s 元", money.Fen(r.DeductedFen).Grouped(), money.Fen(r.IncludedFen).Grouped())
		}
	case CatRetired:
		if r.BaseFen == 0 {
			return r, httpx.Invalid("items.pension", "离退休党员请填写每月实际领取的离退休费（基本养老金及其他各项）")
		}
	case CatAnnual:
		if len(items) == 0 {
			return r, httpx.Invalid("items", "年薪制党员请填写至少一个月实际领取的薪酬（以当月实际领取的薪酬为基数）")
		}
		r.BaseFen = items[payKey(in.FromMonth)]
	case CatSelfEmp:
		if len(items) == 0 {
			return r, httpx.Invalid("items", "个体经营者请填写至少一个季度的月平均纯收入（以上一季度月平均纯收入为基数）")
		}
		r.BaseFen = items[quarterKey(in.FromMonth)]
	}
	b, _ := json.Marshal(items)
	r.Items = string(b)
	return r, nil
}

// beforeFrom refuses a 年薪制 month or a 个体经营者 quarter that no month of
// the row uses: before its first month (from).
func beforeFrom(it Item, from int) error {
	switch {
	case it.Until == 0 || it.Until >= from:
		return nil
	case it.Kind == ItemQuarter:
		return httpx.Invalid("items."+it.Key, "%s是%d—%d月党费的基数，早于起始月份（%d月），不能计入本条基数", it.Label,
			it.Until-2, it.Until, from)
	default:
		return httpx.Invalid("items."+it.Key, "%s早于起始月份（%d月），不能计入本条基数", it.Label, from)
	}
}

// checkStipend refuses a stipend on a base unless the school takes it as
// the base (CfgGraduateStipend) and the member is a graduate student
// (personCategory; "" when the member is not yet chosen).
func (s *Service) checkStipend(ctx context.Context, r BaseRow, personCategory string) error {
	if _, ok := itemsOf(&r)["stipend"]; !ok {
		return nil
	}
	if !s.stipendBase(ctx) {
		return httpx.Invalid("items.stipend", "学校未规定研究生以普通奖学金为党费基数（系统参数“研究生以普通奖学金为党费基数”未开启），学生党员按学生党员党费标准交纳")
	}
	if personCategory != "" && !isGraduate(personCategory) {
		return httpx.Invalid("items.stipend", "普通奖学金只适用于研究生党员（人员类别为硕士研究生或博士研究生）")
	}
	return nil
}

// checkInput checks a body into the base to write over cur (nil: a new
// base): from the version the client read (one changed since is a 409), the
// member of the caller's scope (the member and year of a base stay), the
// form, the stipend and who may waive.
func (s *Service) checkInput(ctx context.Context, in BaseInput, cur *baseListRow) (BaseRow, error) {
	m := &member.Facts{}
	if cur != nil {
		if err := baseTrail.SameVersion(in.UpdatedAt, cur.UpdatedAt); err != nil {
			return BaseRow{}, err
		}
		in.MemberID, in.Year = cur.MemberID, cur.Year
		m = &member.Facts{Name: cur.MemberName, PersonCategory: cur.PersonCategory}
	}
	r, err := checkBase(in)
	if err == nil && cur == nil {
		m, err = s.members.Facts(ctx, s.db, r.MemberID)
	}
	if err == nil {
		err = s.checkStipend(ctx, r, m.PersonCategory)
	}
	if err != nil {
		return r, err
	}
	r.member = m.Name
	r.reason, err = mayWaive(ctx, r.Category, in.Reason)
	return r, err
}

// Preview computes what an input gives under the enabled standard.
func (s *Service) Preview(ctx context.Context, in BaseInput) (Preview, error) {
	if in.Year == 0 {
		in.Year = s.now().Year()
	}
	if in.FromMonth == 0 {
		in.FromMonth = 1
	}
	r, err := checkBase(in)
	if err != nil {
		return Preview{}, err
	}
	// A stipend counts for a graduate student: the member chosen must be
	// one (and of the caller's scope).
	pc := graduateCategories[0]
	if _, ok := itemsOf(&r)["stipend"]; ok && in.MemberID != 0 {
		m, err := s.members.Facts(ctx, s.db, in.MemberID)
		if err != nil {
			return Preview{}, err
		}
		pc = m.PersonCategory
	}
	if err := s.checkStipend(ctx, r, pc); err != nil {
		return Preview{}, err
	}
	k, err := s.calc(ctx, s.db)
	if err != nil {
		return Preview{}, httpx.Internal(err)
	}
	f, stdID, working, why := k.due(r.Category, &r, r.FromMonth, isGraduate(pc))
	if why != "" {
		field := "category"
		if strings.HasPrefix(why, "缺少") {
			field = "items"
		}
		return Preview{}, httpx.Invalid(field, "%s", why)
	}
	return Preview{BaseFen: r.BaseFen, Base: money.Fen(r.BaseFen).Grouped(), Fen: f, Amount: money.Fen(f).Grouped(), StandardID: stdID, Working: working}, nil
}

// waives tells whether a category waives the fee in whole or to the
// minimum: 免交 and 困难减免.
func waives(category string) bool { return category == CatExempt || category == CatRelief }

// errMayNotWaive refuses a category that waives the fee to a caller without
// PermBaseWaive, naming the regulation and the way it takes.
func errMayNotWaive(category string) *httpx.Error {
	return httpx.Invalid("category", "党费类别“%s”只能由组织部核定；对经济确有困难的党员，经党支部研究、报上级党委批准，可以少交或免交党费"+
		"（中组发〔2008〕3号），请通过“申请减免”办理", CategoryLabel(category))
}

// mayWaive checks a write whose category is 免交 or 困难减免: the caller
// holds PermBaseWaive (the organisation department; a branch or committee
// goes through the hardship approval) and gives a reason (≤ 500 字), which
// it answers for the trail. Other categories need neither ("" answered).
func mayWaive(ctx context.Context, category, reason string) (string, error) {
	if !waives(category) {
		return "", nil
	}
	if !rbac.From(ctx).Has(PermBaseWaive) {
		return "", errMayNotWaive(category)
	}
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return "", httpx.Invalid("reason", "核定为“%s”须填写理由（如批准文件、困难情况）", CategoryLabel(category))
	}
	if utf8.RuneCountInString(reason) > 500 {
		return "", httpx.Invalid("reason", "理由不超过500个字")
	}
	return reason, nil
}

// withReason adds the reason of a waiving category to a trail view.
func withReason(v map[string]string, reason string) map[string]string {
	if reason != "" {
		v["reason"] = reason
	}
	return v
}

// waivedMonths is how many months of their year the waiving rows (免交,
// 困难减免) of one member's bases of a year cover: a row covers its
// from_month up to the month before the next row's, the last one up to
// December.
func waivedMonths(rows []BaseRow) int {
	slices.SortFunc(rows, func(a, b BaseRow) int { return a.FromMonth - b.FromMonth })
	n := 0
	for i, r := range rows {
		end := 13
		if i+1 < len(rows) {
			end = rows[i+1].FromMonth
		}
		if waives(r.Category) {
			n += end - r.FromMonth
		}
	}
	return n
}

// memberYear is one member's bases of a year.
type memberYear struct {
	MemberID int64
	Year     int
}

// keepsWaiver refuses a change of the bases ids (each replaced by changed,
// or deleted when changed is nil) when a caller without PermBaseWaive would
// thereby stretch a 免交 or 困难减免 row the department set over more months:
// deleting the row after it, or moving that row's first month later, hands
// its months to the waiving row before it (中组发〔2008〕3号: a waiver is the
// higher committee's; a branch cannot widen one). field names the refusal's
// field ("" for none).
func keepsWaiver(ctx context.Context, idb bun.IDB, ids []int64, changed *BaseRow, field string) error {
	if rbac.From(ctx).Has(PermBaseWaive) {
		return nil
	}
	var rows []BaseRow
	if err := idb.NewSelect().Model(&rows).Column("id", "member_id", "year", "from_month", "category").
		Where("EXISTS (SELECT 1 FROM fee_base AS x WHERE x.id IN (?) AND x.member_id = b.member_id AND x.year = b.year)", bun.List(ids)).
		Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	before, after := map[memberYear][]BaseRow{}, map[memberYear][]BaseRow{}
	for _, r := range rows {
		y := memberYear{r.MemberID, r.Year}
		before[y] = append(before[y], r)
		switch {
		case !slices.Contains(ids, r.ID):
			if changed != nil && r.FromMonth == changed.FromMonth {
				return nil // another base of the month: the write is the duplicate's 400
			}
			after[y] = append(after[y], r)
		case changed != nil:
			after[y] = append(after[y], *changed)
		}
	}
	n := 0
	for y := range before {
		n += waivedMonths(after[y]) - waivedMonths(before[y])
	}
	if n > 0 {
		msg := fmt.Sprintf("此操作将使组织部核定的免交或困难减免多适用 %d 个月；减免只能由组织部核定或经上级党委批准（中组发〔2008〕3号），请通过“申请减免”办理", n)
		if field == "" {
			return httpx.BadRequest("%s", msg)
		}
		return httpx.Invalid(field, "%s", msg)
	}
	return nil
}

// errBaseTaken is the 400 of a second base of a member from the same month.
func errBaseTaken(err error, r *BaseRow) error {
	if db.IsUniqueViolation(err) {
		return httpx.Invalid("fromMonth", "该党员%d年%d月起的基数已存在，请修改该记录", r.Year, r.FromMonth)
	}
	return httpx.AsError(err)
}

// MissingView is a member of the scope without a base of the year.
type MissingView struct {
	MemberID   int64  `bun:"id" json:"memberId"`
	Name       string `bun:"name" json:"memberName"`
	StaffNo    string `bun:"staff_or_student_no" json:"staffNo"`
	PersonType string `bun:"person_type" json:"personType"`
	OrgID      int64  `bun:"org_id" json:"orgId"`
	OrgName    string `bun:"org_name" json:"orgName"`
}

var missingSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"year":   {Columns: []string{"NOT EXISTS (SELECT 1 FROM fee_base AS fb WHERE fb.member_id = m.id AND fb.year = ?)"}, Match: httpx.Expr, Kind: httpx.Int},
		"orgId":  org.SubtreeFilter("m.org_id"),
		"blurry": {Columns: []string{"m.name", "m.staff_or_student_no"}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"memberName": "m.name"},
	DefaultSort: "m.org_id, m.name",
	Key:         "m.id",
}

// MissingBases lists the normal (正常) members of the scope who are not
// students (a student pays the fixed standard without a base) — or are
// graduate students when the school takes their stipend as the base
// (CfgGraduateStipend) — and have no base of the year (filter year,
// required).
func (s *Service) MissingBases(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[MissingView], error) {
	if _, ok := lq.Filters["year"]; !ok {
		return httpx.PageResult[MissingView]{}, httpx.Invalid("year", "请选择年度")
	}
	scope, err := s.orgs.Scoped("m.org_id")(ctx)
	if err != nil {
		return httpx.PageResult[MissingView]{}, err
	}
	q := scope(org.NameJoin("m.org_id")(member.Select(s.db).Column("m.id", "m.name", "m.staff_or_student_no", "m.person_type", "m.org_id")).
		Where("m.member_status = ?", member.StatusNormal))
	if s.stipendBase(ctx) {
		q = q.Where("(m.person_type <> ? OR m.person_category IN (?))", personTypeStudent, bun.List(graduateCategories))
	} else {
		q = q.Where("m.person_type <> ?", personTypeStudent)
	}
	return httpx.Paged[MissingView](ctx, q, missingSpec, lq)
}
