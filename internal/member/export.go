package member

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// rosterHeaders are the columns of the roster (花名册).
var rosterHeaders = []string{"序号", "姓名", "性别", "民族", "出生日期", "身份证号码", "手机号码", "学历", "专业技术职称",
	"工作岗位", "人员类别", "人员类型", "党籍状态", "党员状态", "党员来源", "学号/工号", "年级", "班级", "所在单位",
	"所在党组织", "申请入党日期", "入党日期", "转正日期", "备注"}

var rosterWidths = []float64{8, 12, 6, 8, 12, 22, 14, 14, 14, 18, 12, 10, 10, 10, 12, 16, 8, 16, 20, 28, 14, 12, 12, 24}

// exportColumns are the member columns the roster shows: reading no more
// (no blind indexes, sort keys or timestamps to parse) keeps each row's
// scan small.
const exportColumns = "m.id, m.name, m.gender, m.ethnicity, m.education, m.professional_title, m.post, m.person_category, " +
	"m.person_type, m.party_status, m.member_status, m.source, m.id_number_enc, m.phone_enc, m.birth_date, " +
	"m.staff_or_student_no, m.grade, m.class_name, m.org_id, m.applied_on, m.joined_on, m.full_on, m.remark"

// exportQuery is the list's query (same joins, so the same filters and
// sorts apply) reading the roster's columns only.
func (s *Service) exportQuery() *bun.SelectQuery {
	return s.db.NewSelect().Model((*memberRow)(nil)).
		ColumnExpr(exportColumns).ColumnExpr("z.name AS org_name, ud.name AS unit_name").
		Join("JOIN dzz AS z ON z.id = m.org_id").
		Join("LEFT JOIN sys_dept AS ud ON ud.id = m.unit_dept_id")
}

// handleExport streams the roster of the current filters, sort and scope as
// xlsx: rows come from a database cursor straight into the streaming
// writer, so memory stays flat however many members are exported. Personal
// fields are masked unless the caller holds dy:unmask and asks with
// unmask=true and a reason. Every export is written to the operation log
// (with the reason). With background=true the roster is written by a
// background export (system.StartExport) and the answer is its job (202).
func (s *Service) handleExport(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if unmask, _ := httpx.QueryBool(r, "unmask"); unmask && !rbac.From(ctx).Has(PermUnmask) {
		return httpx.Forbidden("没有查看党员敏感信息的权限")
	}
	unmask, reason, err := httpx.UnmaskedExport(r)
	if err != nil {
		return err
	}
	lq, err := httpx.ReadListQuery(r, httpx.UnmaskOptions...)
	if err != nil {
		return err
	}
	sc, err := s.scopeOf(ctx)
	if err != nil {
		return err
	}
	q := sc.apply(s.exportQuery())
	if q, err = s.spec(ctx, listFilters, listSorts).Query(q, lq); err != nil {
		return err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	name := "党员花名册-" + s.now().In(chinaZone).Format("20060102") + ".xlsx"
	// Per row, as little as can be allocated: the ID number and phone are
	// decrypted into one reused buffer and masked from it (the clear text
	// never becomes a string unless asked for), labels and dates are the
	// strings already held, and the cells go into one reused slice.
	opener := s.cipher.Opener()
	open := func(stored string, id int64, mask func([]byte) string) string {
		plain, err := opener.Open(stored)
		if err != nil {
			slog.Warn("member personal field cannot be decrypted", "member", id, "err", err)
			return ""
		}
		if unmask {
			return string(plain)
		}
		return mask(plain)
	}
	cells := make([]any, 0, len(rosterHeaders))
	// A label (and an organisation's name) is one of a few hundred texts:
	// each is put in an interface value once, not once per cell.
	boxed := map[string]any{}
	label := func(dict, code string) any {
		text := code
		if dict != "" {
			text = l.Label(dict, code)
		}
		v, ok := boxed[text]
		if !ok {
			v = text
			boxed[text] = v
		}
		return v
	}
	rosterRow := func(n int, row *memberRow) []any {
		m := &row.Member
		id, phone := open(m.IDNumberEnc, m.ID, crypto.MaskIDNumberBytes), open(m.PhoneEnc, m.ID, crypto.MaskPhoneBytes)
		unit := ""
		if row.UnitName != nil {
			unit = *row.UnitName
		}
		return append(cells[:0], n, m.Name, label("DJ_COMM_XB", m.Gender), label("DJ_COMM_MZXX", m.Ethnicity),
			string(m.BirthDate), id, phone, label("DJ_DY_XLXX", m.Education), label("DJ_JBXX_ZYJSZC", m.ProfessionalTitle),
			label("DJ_DY_GZGWXX", m.Post), label("DJ_DY_RYLBXX", m.PersonCategory), label("DJ_DYJBXX_RYLX", m.PersonType),
			label("DJ_DY_DJZTXX", m.PartyStatus), label("DY_ZT", m.MemberStatus), label("DY_LY", m.Source),
			m.StaffOrStudentNo, label("njOptions", m.Grade), m.ClassName, unit, label("", row.OrgName),
			string(m.AppliedOn), string(m.JoinedOn), string(m.FullOn), m.Remark)
	}
	if background, _ := httpx.QueryBool(r, "background"); background {
		// Scope, filters and masking are settled above, in the request; the
		// job only runs the query it was given.
		job, err := s.sys.StartExport(ctx, system.ExportRequest{Title: "党员花名册", FileName: name,
			Write: func(ctx context.Context, out io.Writer, progress func(int)) (int, error) {
				return excel.WriteRows(ctx, out, s.db, q, rosterHeaders, rosterWidths,
					func(n int, row *memberRow) ([]any, error) { return rosterRow(n, row), nil }, progress)
			}})
		if err != nil {
			return err
		}
		what := "导出党员花名册（后台生成）"
		if unmask {
			what = "导出党员花名册（后台生成，含身份证号码、手机号码明文），事由：" + reason
		}
		s.sys.LogAccess(ctx, r, what)
		httpx.JSON(w, http.StatusAccepted, job)
		return nil
	}
	n, err := excel.Export(ctx, w, s.db, q, rosterHeaders, rosterWidths, name, rosterRow)
	if err != nil {
		return err
	}
	what := fmt.Sprintf("导出党员花名册（%d人）", n)
	if unmask {
		what = fmt.Sprintf("导出党员花名册（含身份证号码、手机号码明文，%d人），事由：%s", n, reason)
	}
	s.sys.LogAccess(ctx, r, what)
	return nil
}
