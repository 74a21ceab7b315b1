package orglife

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/uniq"
)

// CustomPrefix starts the code of a type a school adds (c1, c2, …).
const CustomPrefix = "c"

// orgTypeCodes are the DZZ_LX codes a type may be held by.
var orgTypeCodes = []string{org.TypeCommittee, org.TypeSecondaryCommittee, org.TypeGeneralBranch, org.TypeDirectBranch, org.TypeBranch, org.TypeGroup}

// maxMinCount bounds a type's meetings per period.
const maxMinCount = 31

func errNoType() *httpx.Error { return httpx.NotFound("会议类型不存在") }

// typeRoutes registers the meeting types: the setting of the organisation
// department (hylx) and the pickers of the meeting forms (hy:list).
func (s *Service) typeRoutes(rs *httpx.Routes) {
	const base = "/api/zzsh/types"
	rs.Get(base, PermTypesList, "查询会议类型", httpx.Read(func(ctx context.Context) ([]MeetingType, error) { return s.Types(ctx, false) }))
	rs.Get(base+"/options", Perms.List, "会议类型选项", httpx.Read(func(ctx context.Context) ([]MeetingType, error) { return s.Types(ctx, true) }))
	rs.Post(base, PermTypesEdit, "新增会议类型", httpx.Create(s.CreateType))
	rs.Put(base, PermTypesEdit, "修改会议类型", httpx.Action(s.UpdateType))
	rs.Delete(base, PermTypesEdit, "删除会议类型", httpx.IDsAction(s.DeleteTypes))
}

// Types lists the meeting types in their order (only the enabled ones when
// enabled).
func (s *Service) Types(ctx context.Context, enabled bool) ([]MeetingType, error) {
	out := []MeetingType{}
	q := s.db.NewSelect().Model(&out).OrderExpr("mt.sort, mt.id")
	if enabled {
		q = q.Where("mt.enabled = ?", true)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// checkType checks a type's form: a name, the organisations that hold it
// (DZZ_LX codes), a period and the meetings asked in it, and the built-in
// type a school's own counts toward.
func checkType(t *MeetingType) error {
	var c httpx.Checks
	t.Name = strings.TrimSpace(t.Name)
	c.Add(record.Required("name", "类型名称", t.Name, 50))
	var types []string
	for v := range strings.SplitSeq(t.OrgTypes, ",") {
		if v = strings.TrimSpace(v); v != "" {
			types = append(types, v)
		}
	}
	switch {
	case len(types) == 0:
		c.Add(httpx.Invalid("orgTypes", "请选择召开会议的党组织类型"))
	case slices.ContainsFunc(types, func(v string) bool { return !slices.Contains(orgTypeCodes, v) }):
		c.Add(httpx.Invalid("orgTypes", "党组织类型取值无效"))
	}
	slices.Sort(types)
	t.OrgTypes = strings.Join(slices.Compact(types), ",")
	switch {
	case t.Period != "" && t.Period != PeriodMonth && t.Period != PeriodQuarter && t.Period != PeriodYear:
		c.Add(httpx.Invalid("period", "考核周期取值无效"))
	case t.Period == "" && t.MinCount != 0:
		c.Add(httpx.Invalid("minCount", "未设考核周期时不要求召开次数"))
	case t.Period != "" && (t.MinCount < 1 || t.MinCount > maxMinCount):
		c.Add(httpx.Invalid("minCount", "每周期召开次数应在1到%d之间", maxMinCount))
	}
	if t.CountsAs != "" && !slices.ContainsFunc(builtinTypes, func(b MeetingType) bool { return b.Code == t.CountsAs }) {
		c.Add(httpx.Invalid("countsAs", "计入的会议类型应为内置类型"))
	}
	return c.Err()
}

// CreateType adds a school's own type, coded c + the next number.
func (s *Service) CreateType(ctx context.Context, in MeetingType) (MeetingType, error) {
	if err := checkType(&in); err != nil {
		return in, err
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if err := s.nameFree(ctx, tx, in.Name, 0); err != nil {
			return err
		}
		var codes []string
		if err := tx.NewSelect().Model((*MeetingType)(nil)).Column("mt.code").Where("mt.builtin = ?", false).Scan(ctx, &codes); err != nil {
			return httpx.Internal(err)
		}
		next := 1
		for _, c := range codes {
			if n, err := strconv.Atoi(strings.TrimPrefix(c, CustomPrefix)); err == nil && n >= next {
				next = n + 1
			}
		}
		now := s.now()
		in.ID, in.Code, in.Builtin, in.CreatedAt, in.UpdatedAt = 0, CustomPrefix+strconv.Itoa(next), false, now, now
		if _, err := tx.NewInsert().Model(&in).Returning("id").Exec(ctx); db.IsUniqueViolation(err) {
			return httpx.Conflict("会议类型编码已被占用，请重试")
		} else if err != nil {
			return httpx.Internal(err)
		}
		return nil
	})
	return in, httpx.AsError(err)
}

// UpdateType changes a type. A built-in type keeps its code, the
// organisations that hold it (RULES §4) and counts toward none: its name,
// period, meetings per period, enabled and order change.
func (s *Service) UpdateType(ctx context.Context, in MeetingType) (MeetingType, error) {
	var out MeetingType
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur := new(MeetingType)
		if err := tx.NewSelect().Model(cur).Where("mt.id = ?", in.ID).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
			return errNoType()
		} else if err != nil {
			return httpx.Internal(err)
		}
		if !in.UpdatedAt.IsZero() && !in.UpdatedAt.Equal(cur.UpdatedAt) {
			return httpx.Conflict("会议类型已被他人修改，请刷新后重试")
		}
		in.Code, in.Builtin, in.CreatedAt = cur.Code, cur.Builtin, cur.CreatedAt
		if cur.Builtin {
			in.OrgTypes, in.CountsAs = cur.OrgTypes, ""
		}
		if err := checkType(&in); err != nil {
			return err
		}
		if err := s.nameFree(ctx, tx, in.Name, in.ID); err != nil {
			return err
		}
		in.UpdatedAt = s.now()
		res, err := tx.NewUpdate().Model(&in).WherePK().Where("updated_at = ?", cur.UpdatedAt).ExcludeColumn("id", "created_at").Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("会议类型已被他人修改，请刷新后重试")); err != nil {
			return err
		}
		out = in
		return nil
	})
	return out, httpx.AsError(err)
}

// nameFree refuses a name another type (not id) has.
func (s *Service) nameFree(ctx context.Context, idb bun.IDB, name string, id int64) error {
	n, err := idb.NewSelect().Model((*MeetingType)(nil)).Where("mt.name = ?", name).Where("mt.id <> ?", id).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n > 0 {
		return httpx.Invalid("name", "会议类型“%s”已存在", name)
	}
	return nil
}

// DeleteTypes removes a school's own types no meeting uses (all of them or
// none); a built-in type or one in use is disabled instead.
func (s *Service) DeleteTypes(ctx context.Context, ids []int64) error {
	ids = uniq.Of(ids)
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var types []MeetingType
		if err := tx.NewSelect().Model(&types).Where("mt.id IN (?)", bun.List(ids)).Scan(ctx); err != nil {
			return httpx.Internal(err)
		}
		if len(types) != len(ids) {
			return errNoType()
		}
		codes := make([]string, len(types))
		for i, t := range types {
			if t.Builtin {
				return httpx.BadRequest("内置会议类型“%s”不能删除，可以停用", t.Name)
			}
			codes[i] = t.Code
		}
		used, err := tx.NewSelect().Model((*Meeting)(nil)).Where("m.type_code IN (?)", bun.List(codes)).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if used > 0 {
			return httpx.BadRequest("会议类型已有会议，不能删除，可以停用")
		}
		res, err := tx.NewDelete().Model((*MeetingType)(nil)).Where("id IN (?)", bun.List(ids)).Exec(ctx)
		return record.Conditional(res, err, int64(len(ids)), errNoType())
	})
}
