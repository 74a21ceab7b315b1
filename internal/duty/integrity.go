package duty

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/report"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

var recordSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"kind":     {Columns: []string{"d.kind"}},
		"year":     {Columns: []string{"d.year"}, Kind: httpx.Int},
		"memberId": {Columns: []string{"d.member_id"}, Kind: httpx.Int},
		"orgId":    org.SubtreeFilter("m.org_id"),
		"blurry":   {Columns: []string{"m.name", "d.topic"}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"day": "d.day", "name": zh.Name("m.name"), "year": "d.year"},
	DefaultSort: "d.day DESC, d.id DESC",
	Key:         "d.id",
}

// recordsVisible restricts a select of duty_integrity AS d (its member as
// m) to the records the caller sees: those of its organisation scope with
// dlda:list (the committees; 纪检监察, whose role's scope is the whole
// school), and its own; anything else is not there (404), a fellow member's included.
func (c caller) recordsVisible(q *bun.SelectQuery) *bun.SelectQuery {
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		g = g.Where("1 = 0")
		if c.memberID > 0 {
			g = g.WhereOr("d.member_id = ?", c.memberID)
		}
		if c.p.Has(PermScope) {
			if c.scope.All {
				return g.WhereOr("1 = 1")
			}
			if len(c.scope.OrgIDs) > 0 {
				g = g.WhereOr("m.org_id IN (?)", bun.List(c.scope.OrgIDs))
			}
		}
		return g
	})
}

// manages tells whether the caller keeps the records of a member of orgID
// (or its own when it is the member).
func (c caller) manages(memberID, orgID int64) bool {
	if memberID == c.memberID && c.memberID > 0 {
		return true
	}
	return c.p.Has(PermScope) && c.scope.Has(orgID)
}

func recordsQuery(idb bun.IDB) *bun.SelectQuery {
	q := idb.NewSelect().Model((*RecordView)(nil)).ColumnExpr("d.*").ColumnExpr("m.name AS member_name, m.org_id")
	q = member.Join("d.member_id")(q)
	return org.NameJoin("m.org_id")(q)
}

func (c caller) showRecord(v *RecordView) {
	v.KindName = RecordKindNames[v.Kind]
	v.Mine = c.memberID > 0 && v.MemberID == c.memberID
}

// ListRecords is a page of the integrity records the caller sees.
func (s *Service) ListRecords(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[RecordView], error) {
	c, err := s.who(ctx)
	if err != nil {
		return httpx.PageResult[RecordView]{}, err
	}
	return httpx.PagedEach(ctx, c.recordsVisible(recordsQuery(s.db)), recordSpec, lq, c.showRecord)
}

func (s *Service) record(ctx context.Context, c caller, id int64) (*RecordView, error) {
	v := new(RecordView)
	if err := c.recordsVisible(recordsQuery(s.db).Where("d.id = ?", id)).Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoRecord()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	c.showRecord(v)
	return v, nil
}

// RecordDetail is record id as the caller sees it, or 404.
func (s *Service) RecordDetail(ctx context.Context, id int64) (RecordView, error) {
	c, err := s.who(ctx)
	if err != nil {
		return RecordView{}, err
	}
	v, err := s.record(ctx, c, id)
	if err != nil {
		return RecordView{}, err
	}
	return *v, nil
}

// checkRecord turns a body into a record, each field's rule by kind.
func (s *Service) checkRecord(in RecordInput) (Record, error) {
	r := Record{Kind: in.Kind, Year: in.Year, Day: in.Day, MattersKind: in.MattersKind,
		Topic: strings.TrimSpace(in.Topic), Remarks: strings.TrimSpace(in.Remarks)}
	var checks httpx.Checks
	if !slices.Contains(RecordKinds, in.Kind) {
		return r, httpx.Invalid("kind", "请选择记录类别")
	}
	today := date.Of(s.now().In(date.China))
	label := map[string]string{RecordCommitment: "签订日期", RecordMatters: "报告日期", RecordEducation: "参加日期"}[in.Kind]
	if in.Day.IsZero() {
		checks.Add(httpx.Invalid("day", "请选择%s", label))
	} else if _, ok := date.Parse(string(in.Day)); !ok {
		checks.Add(httpx.Invalid("day", "%s格式应为 YYYY-MM-DD", label))
	} else {
		checks.Add(record.NotAfter("day", label, in.Day, today))
	}
	switch in.Kind {
	case RecordCommitment, RecordMatters:
		checks.Add(record.Year("year", "年度", in.Year))
	case RecordEducation:
		if _, ok := date.Parse(string(in.Day)); ok {
			r.Year = in.Day.Time().Year()
		}
	}
	if in.Kind == RecordMatters && !slices.Contains(MattersKinds, in.MattersKind) {
		checks.Add(httpx.Invalid("mattersKind", "请选择报告类型"))
	}
	if in.Kind != RecordMatters {
		r.MattersKind = ""
	}
	if in.Kind == RecordEducation {
		checks.Add(record.Required("topic", "教育主题", r.Topic, MaxTopic))
		tenths := int(math.Round(in.Hours * 10))
		if tenths <= 0 || tenths > MaxHours {
			checks.Add(httpx.Invalid("hours", "学时应在 0.1 到 %d 之间", MaxHours/10))
		}
		r.Tenths = tenths
	} else {
		r.Topic, r.Tenths = "", 0
	}
	checks.Add(record.MaxLen("remarks", "备注", r.Remarks, MaxRemarks))
	return r, checks.Err()
}

// CreateRecord adds a record to a person's archive: the caller's own (no
// member given, or its own), or one of a member it keeps (dlda:list over
// the member's organisation). A member it may not see
// is 所选党员不存在.
func (s *Service) CreateRecord(ctx context.Context, in RecordInput) (RecordView, error) {
	c, err := s.who(ctx)
	if err != nil {
		return RecordView{}, err
	}
	if in.MemberID == 0 {
		if c.memberID == 0 {
			return RecordView{}, httpx.Invalid("memberId", "请选择党员")
		}
		in.MemberID = c.memberID
	}
	brief, err := s.members.BriefOf(ctx, s.db, in.MemberID)
	if err != nil {
		if he, ok := errors.AsType[*httpx.Error](err); ok && he.Status == http.StatusNotFound {
			return RecordView{}, httpx.Invalid("memberId", "所选党员不存在")
		}
		return RecordView{}, err
	}
	if !c.manages(brief.ID, brief.OrgID) {
		return RecordView{}, httpx.Invalid("memberId", "所选党员不存在")
	}
	r, err := s.checkRecord(in)
	if err != nil {
		return RecordView{}, err
	}
	now := s.now()
	r.MemberID, r.CreatedBy, r.CreatedAt, r.UpdatedAt = brief.ID, db.Clip(rbac.From(ctx).AccountName(), 50), now, now
	if _, err := s.db.NewInsert().Model(&r).Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return RecordView{}, httpx.Invalid("year", "%s%d年度的廉洁承诺书已登记", brief.Name, r.Year)
		}
		return RecordView{}, httpx.Internal(err)
	}
	v, err := s.record(ctx, c, r.ID)
	if err != nil {
		return RecordView{}, err
	}
	return *v, nil
}

// DeleteRecord removes a record the caller keeps (its own, or one of a
// member it keeps); one it sees without keeping is 403, unseen 404.
func (s *Service) DeleteRecord(ctx context.Context, id int64) error {
	c, err := s.who(ctx)
	if err != nil {
		return err
	}
	v, err := s.record(ctx, c, id)
	if err != nil {
		return err
	}
	if !c.manages(v.MemberID, v.OrgID) {
		return httpx.Forbidden("无权删除此记录")
	}
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewDelete().TableExpr("duty_integrity").Where("id = ?", id).Exec(ctx)
		return record.Conditional(res, err, 1, errNoRecord())
	})
}

// recordAttachments are a record's files (the signed commitment, the
// report form): seen with the record, changed by who keeps it.
func (s *Service) recordAttachments() system.AttachSpec {
	return system.AttachSpec{Module: "duty_integrity", Title: "德廉档案", Read: PermMine, Edit: PermMine,
		Find: func(ctx context.Context, id int64) error {
			c, err := s.who(ctx)
			if err != nil {
				return err
			}
			v, err := s.record(ctx, c, id)
			if err != nil {
				return err
			}
			if rt, ok := httpx.RouteOf(ctx); ok && rt.Method != http.MethodGet && !c.manages(v.MemberID, v.OrgID) {
				return httpx.Forbidden("无权修改此记录的附件")
			}
			return nil
		},
		Kinds: map[string]system.AttachKind{"": {Label: "档案文件", MaxFiles: 10}}}
}

// unsignedSpec: the year (required, the current one by default), the
// organisation subtree, a name.
var unsignedSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"year":   {Kind: httpx.Int, Custom: func(q *bun.SelectQuery, _ any) (*bun.SelectQuery, error) { return q, nil }},
		"orgId":  org.SubtreeFilter("m.org_id"),
		"blurry": {Columns: []string{"m.name"}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"name": zh.Name("m.name")},
	DefaultSort: org.PathColumn + ", m.id",
	Key:         "m.id",
}

// unsignedQuery selects the serving members the caller keeps an eye on
// (its scope) without year's commitment.
func (s *Service) unsignedQuery(ctx context.Context, lq httpx.ListQuery) (*bun.SelectQuery, int, error) {
	c, err := s.who(ctx)
	if err != nil {
		return nil, 0, err
	}
	year := date.Of(s.now().In(date.China)).Time().Year()
	if text := lq.Filter("year"); text != "" {
		if year, err = record.ParseYear("year", "年度", text); err != nil {
			return nil, 0, err
		}
	}
	q := member.SelectServing(s.db).ColumnExpr("m.id AS member_id, m.name, m.org_id").
		Where("NOT EXISTS (SELECT 1 FROM duty_integrity AS d WHERE d.member_id = m.id AND d.kind = ? AND d.year = ?)", RecordCommitment, year)
	q = org.NameJoin("m.org_id")(q).ColumnExpr(org.NameColumn + " AS org_name")
	if !c.scope.All {
		if len(c.scope.OrgIDs) == 0 {
			q = q.Where("1 = 0")
		} else {
			q = q.Where("m.org_id IN (?)", bun.List(c.scope.OrgIDs))
		}
	}
	return q, year, nil
}

// ListUnsigned is a page of the members without the year's commitment.
func (s *Service) ListUnsigned(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Unsigned], error) {
	q, _, err := s.unsignedQuery(ctx, lq)
	if err != nil {
		return httpx.PageResult[Unsigned]{}, err
	}
	return httpx.Paged[Unsigned](ctx, q, unsignedSpec, lq)
}

var unsignedSheet = report.Sheet[Unsigned]{Name: "未签承诺书", Columns: []report.Column[Unsigned]{
	{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *Unsigned) any { return n }},
	{Title: "党组织", Width: 36, Cell: func(_ int, v *Unsigned) any { return v.OrgName }},
	{Title: "姓名", Width: 14, Cell: func(_ int, v *Unsigned) any { return v.Name }},
}}

// exportUnsigned sends the list as a workbook.
func (s *Service) exportUnsigned(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	base, year, err := s.unsignedQuery(ctx, lq)
	if err != nil {
		return err
	}
	q, err := unsignedSpec.Query(base, lq)
	if err != nil {
		return err
	}
	var rows []Unsigned
	if err := q.Limit(maxExportRows).Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	sheet := unsignedSheet
	sheet.Title = strconv.Itoa(year) + "年度未签订廉洁承诺书名单"
	out, err := sheet.Start()
	if err != nil {
		return err
	}
	for i := range rows {
		if err := out.Row(&rows[i]); err != nil {
			return err
		}
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出%s（%d人）", sheet.Title, len(rows)))
	return out.Send(w, sheet.Title+".xlsx")
}
