package develop

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// 入党志愿书 numbers: the organisation department receives ranges of
// numbers per year (some reserved to one secondary committee) and ⑭ hands
// out the next one of the range of the year of the step's date. A number is
// handed out by one conditional UPDATE, so two records filling in their
// books at once never get the same number, and a range used up refuses.

// Limits of a number range.
const (
	maxNumberPrefix = 16
	maxNumberWidth  = 12
)

// NumberRangeInput is the body of a range's create and update.
type NumberRangeInput struct {
	ID     int64  `json:"id"`
	Year   int    `json:"year"`
	OrgID  *int64 `json:"orgId"`
	Prefix string `json:"prefix"`
	First  int64  `json:"first"`
	Last   int64  `json:"last"`
	// Next is the next number to hand out (create: First when 0).
	Next  int64 `json:"next"`
	Width int   `json:"width"`
}

// NumberRangeView is a range as the API lists it.
type NumberRangeView struct {
	NumberRange `bun:",extend"`
	OrgName     string `bun:"org_name,scanonly" json:"orgName"`
	// Used is how many numbers were handed out; Left how many remain.
	Used int64 `bun:"-" json:"used"`
	Left int64 `bun:"-" json:"left"`
}

// numberRoutes registers the 志愿书 number ranges.
func (s *Service) numberRoutes(rs *httpx.Routes) {
	rs.Get("/api/fzdy/numbers", Perms.List, "查询志愿书编号段", httpx.ReadList(s.listNumberRanges))
	rs.Post("/api/fzdy/numbers", PermConfig, "新增志愿书编号段", httpx.Create(s.createNumberRange))
	rs.Put("/api/fzdy/numbers", PermConfig, "修改志愿书编号段", httpx.Action(s.updateNumberRange))
	rs.Delete("/api/fzdy/numbers", PermConfig, "删除志愿书编号段", httpx.IDsAction(s.deleteNumberRanges))
}

// listNumberRanges lists the ranges, a year's when year is given: the
// school-wide ones and those of committees in the caller's scope.
func (s *Service) listNumberRanges(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[NumberRangeView], error) {
	var rows []NumberRangeView
	q := org.NameLeftJoin("nr.org_id")(s.db.NewSelect().Model(&rows).ColumnExpr("nr.*")).
		OrderExpr("nr.year DESC, nr.prefix, nr.first_no, nr.id")
	if y, ok := lq.Filters["year"]; ok && fmt.Sprint(y) != "" {
		var year int
		if _, err := fmt.Sscan(fmt.Sprint(y), &year); err != nil {
			return httpx.PageResult[NumberRangeView]{}, httpx.Invalid("year", "年度格式不正确")
		}
		q = q.Where("nr.year = ?", year)
	}
	scope, err := s.numberScope(ctx)
	if err != nil {
		return httpx.PageResult[NumberRangeView]{}, err
	}
	if err := scope(q).Scan(ctx); err != nil {
		return httpx.PageResult[NumberRangeView]{}, httpx.Internal(err)
	}
	for i := range rows {
		r := &rows[i]
		r.Used, r.Left = r.Next-r.First, r.Last-r.Next+1
	}
	return httpx.NewPage(rows, len(rows)), nil
}

// checkNumberRange checks a range's fields (every bad one at once), its
// committee and that it overlaps no other range of its year.
func (s *Service) checkNumberRange(ctx context.Context, idb bun.IDB, in *NumberRangeInput) error {
	in.Prefix = strings.TrimSpace(in.Prefix)
	var c httpx.Checks
	c.Add(record.Year("year", "年度", in.Year))
	if utf8.RuneCountInString(in.Prefix) > maxNumberPrefix {
		c.Add(httpx.Invalid("prefix", "编号前缀不能超过 %d 个字符", maxNumberPrefix))
	}
	if in.First < 1 {
		c.Add(httpx.Invalid("first", "起始编号须为正整数"))
	}
	if in.Last < in.First {
		c.Add(httpx.Invalid("last", "结束编号不能小于起始编号"))
	}
	if in.Next < in.First || in.Next > in.Last+1 {
		c.Add(httpx.Invalid("next", "下一个编号须在起始编号与结束编号之间"))
	}
	if in.Width < 0 || in.Width > maxNumberWidth {
		c.Add(httpx.Invalid("width", "编号位数须在 0–%d 之间", maxNumberWidth))
	}
	if err := c.Err(); err != nil {
		return err
	}
	if in.OrgID != nil {
		o, err := s.orgs.BriefInScope(ctx, *in.OrgID)
		if err != nil {
			return httpx.Internal(err)
		}
		if o == nil {
			return httpx.Invalid("orgId", "所选党组织不存在")
		}
		if o.Type != orgTypeCommittee && o.Type != orgTypeGeneral {
			return httpx.Invalid("orgId", "编号段只能分配给二级党委或党总支")
		}
	}
	if err := lockNumberRanges(ctx, idb); err != nil {
		return err
	}
	var other NumberRange
	err := idb.NewSelect().Model(&other).Where("year = ?", in.Year).Where("id <> ?", in.ID).
		Where("first_no <= ?", in.Last).Where("last_no >= ?", in.First).Limit(1).Scan(ctx)
	if err == nil {
		return httpx.Invalid("first", "与 %d 年已有的编号段 %s–%s 重叠", in.Year,
			formatVolunteerNo(other.Prefix, other.Width, other.First), formatVolunteerNo(other.Prefix, other.Width, other.Last))
	} else if !errors.Is(err, sql.ErrNoRows) {
		return httpx.Internal(err)
	}
	return nil
}

// numberRangesLockKey serialises the writes of number ranges on
// PostgreSQL: the overlap check reads the year's ranges and the write
// follows, so two creations of overlapping ranges at once would both find
// none (no constraint can say "no overlap" on both databases). The lock is
// held to the transaction's end; SQLite transactions are serialised already.
const numberRangesLockKey = 7265648

// lockNumberRanges takes the number ranges' lock in the transaction idb.
func lockNumberRanges(ctx context.Context, idb bun.IDB) error {
	if _, ok := idb.(bun.Tx); !ok {
		return httpx.Internal(errors.New("develop: number ranges checked outside a transaction"))
	}
	if !db.IsPostgres(idb) {
		return nil
	}
	if _, err := idb.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?)", numberRangesLockKey); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

func (s *Service) createNumberRange(ctx context.Context, in NumberRangeInput) (NumberRange, error) {
	in.ID = 0
	if in.Next == 0 {
		in.Next = in.First
	}
	var out NumberRange
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if err := s.checkNumberRange(ctx, tx, &in); err != nil {
			return err
		}
		now := s.now()
		out = NumberRange{Year: in.Year, OrgID: in.OrgID, Prefix: in.Prefix, First: in.First, Last: in.Last, Next: in.Next, Width: in.Width}
		out.CreatedAt, out.UpdatedAt = now, now
		if _, err := tx.NewInsert().Model(&out).Returning("id").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		return nil
	})
	return out, err
}

// numberScope restricts a select of ranges (nr) to those the caller sees:
// the school-wide ones and those of committees in the caller's scope.
func (s *Service) numberScope(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
	all, ids, err := s.orgs.ScopeIDs(ctx)
	if err != nil {
		return nil, err
	}
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		if all {
			return q
		}
		return q.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("nr.org_id IS NULL").WhereOr("nr.org_id IN (?)", bun.List(ids)) // none: NULL, no committee's
		})
	}, nil
}

// findNumberRange reads a range the caller may change (404 for a
// committee's range outside the caller's scope).
func (s *Service) findNumberRange(ctx context.Context, idb bun.IDB, id int64) (*NumberRange, error) {
	return record.FindScoped[NumberRange](ctx, idb, s.numberScope, "nr", id, errNoNumberRange)
}

func errNoNumberRange() *httpx.Error { return httpx.NotFound("编号段不存在") }

// updateNumberRange changes a range. Once numbers were handed out from it,
// its year, prefix, width and first number stay (the numbers given keep
// their meaning), its end may not cut off a number given, and the next
// number may not go back over them.
func (s *Service) updateNumberRange(ctx context.Context, in NumberRangeInput) (NumberRange, error) {
	if in.ID <= 0 {
		return NumberRange{}, httpx.Invalid("id", "缺少编号段编号")
	}
	var out NumberRange
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur, err := s.findNumberRange(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		if in.Next == 0 {
			in.Next = cur.Next
		}
		if cur.Next > cur.First {
			if in.Year != cur.Year || in.Prefix != cur.Prefix || in.Width != cur.Width || in.First != cur.First {
				return httpx.Invalid("first", "该编号段已发放 %d 个编号，不能修改年度、前缀、位数和起始编号", cur.Next-cur.First)
			}
			if in.Next < cur.Next {
				return httpx.Invalid("next", "下一个编号不能小于已发放的编号（已发至 %s）",
					formatVolunteerNo(cur.Prefix, cur.Width, cur.Next-1))
			}
		}
		if err := s.checkNumberRange(ctx, tx, &in); err != nil {
			return err
		}
		res, err := tx.NewUpdate().Model((*NumberRange)(nil)).Where("id = ?", in.ID).Where("next_no = ?", cur.Next).
			Set("year = ?", in.Year).Set("org_id = ?", in.OrgID).Set("prefix = ?", in.Prefix).Set("first_no = ?", in.First).
			Set("last_no = ?", in.Last).Set("next_no = ?", in.Next).Set("width = ?", in.Width).Set("updated_at = ?", s.now()).Exec(ctx)
		// Refused when a number was handed out meanwhile: the form shows an old next.
		if err := record.Conditional(res, err, 1, httpx.Conflict("该编号段刚刚发放了编号，请刷新后再修改")); err != nil {
			return err
		}
		return tx.NewSelect().Model(&out).Where("id = ?", in.ID).Scan(ctx)
	})
	return out, httpx.AsError(err)
}

// deleteNumberRanges removes ranges no number was handed out from.
func (s *Service) deleteNumberRanges(ctx context.Context, ids []int64) error {
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for _, id := range ids {
			r, err := s.findNumberRange(ctx, tx, id)
			if err != nil {
				return err
			}
			res, err := tx.NewDelete().Model((*NumberRange)(nil)).Where("id = ?", id).Where("next_no = first_no").Exec(ctx)
			if err := record.Conditional(res, err, 1, httpx.BadRequest("编号段 %s–%s 已发放编号，不能删除",
				formatVolunteerNo(r.Prefix, r.Width, r.First), formatVolunteerNo(r.Prefix, r.Width, r.Last))); err != nil {
				return err
			}
		}
		return nil
	})
}

// formatVolunteerNo is number n of a range: the prefix and n zero-padded
// to width digits.
func formatVolunteerNo(prefix string, width int, n int64) string {
	return fmt.Sprintf("%s%0*d", prefix, width, n)
}

// errNoVolunteerNo is the refusal of ⑭ when no range of the year has a
// number left (a rule refusal: the page shows it like one).
func errNoVolunteerNo(year int) *httpx.Error {
	e := httpx.BadRequest("不符合「入党志愿书编号段有可用编号」：%d 年没有可用的入党志愿书编号，请联系组织部添加编号段", year)
	e.Field, e.Code = "date", "FLOW_RULE"
	return e
}

// handOutVolunteerNo gives record r the next number of a range of the year
// of on (its secondary committee's first, then a school-wide one) and keeps
// it on the record. A record that already has one (⑭ redone after a
// return) keeps it: a number is never handed out twice.
func (s *Service) handOutVolunteerNo(ctx context.Context, tx bun.Tx, r *Record, on date.Date) (string, error) {
	if r.VolunteerNo != nil && *r.VolunteerNo != "" {
		return *r.VolunteerNo, nil
	}
	committee, err := s.secondaryCommitteeOf(ctx, tx, r.OrgID)
	if err != nil {
		return "", err
	}
	year := on.Time().Year()
	var ranges []NumberRange
	q := tx.NewSelect().Model(&ranges).Where("nr.year = ?", year).Where("nr.next_no <= nr.last_no")
	if committee != 0 {
		q = q.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("nr.org_id IS NULL").WhereOr("nr.org_id = ?", committee)
		}).OrderExpr("CASE WHEN nr.org_id IS NULL THEN 1 ELSE 0 END, nr.first_no, nr.id")
	} else {
		q = q.Where("nr.org_id IS NULL").OrderExpr("nr.first_no, nr.id")
	}
	if err := q.Scan(ctx); err != nil {
		return "", httpx.Internal(err)
	}
	for _, rg := range ranges {
		// The conditional UPDATE is the allocation: of two records taking
		// the last number, one updates the row and the other finds the
		// range used up (the row lock makes it wait and re-check).
		var got []int64
		err := tx.NewRaw("UPDATE dev_number_range SET next_no = next_no + 1, updated_at = ? WHERE id = ? AND next_no <= last_no RETURNING next_no - 1",
			s.now(), rg.ID).Scan(ctx, &got)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return "", httpx.Internal(err)
		}
		if len(got) == 0 {
			continue // used up meanwhile: the next range
		}
		no := formatVolunteerNo(rg.Prefix, rg.Width, got[0])
		if _, err := tx.NewUpdate().Model((*Record)(nil)).Set("volunteer_no = ?", no).Where("id = ?", r.ID).Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return "", httpx.Conflict("入党志愿书编号 %s 已被使用，请组织部核对编号段", no)
			}
			return "", httpx.Internal(err)
		}
		r.VolunteerNo = &no
		return no, nil
	}
	return "", errNoVolunteerNo(year)
}

// secondaryCommitteeOf is the nearest 二级党委 or 党总支 above branch orgID
// (0 when there is none: a 直属党支部).
func (s *Service) secondaryCommitteeOf(ctx context.Context, idb bun.IDB, orgID int64) (int64, error) {
	lineage, err := s.orgs.Lineage(ctx, idb, orgID)
	if err != nil {
		return 0, httpx.Internal(err)
	}
	for _, o := range lineage[min(1, len(lineage)):] {
		if o.Type == orgTypeCommittee || o.Type == orgTypeGeneral {
			return o.ID, nil
		}
	}
	return 0, nil
}
