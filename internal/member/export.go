package member

import (
	"fmt"
	"net/http"

	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// rosterHeaders are the columns of the roster (花名册).
var rosterHeaders = []string{"序号", "姓名", "性别", "民族", "出生日期", "身份证号码", "手机号码", "学历", "专业技术职称",
	"工作岗位", "人员类别", "人员类型", "党籍状态", "党员状态", "党员来源", "学号/工号", "年级", "班级", "所在单位",
	"所在党组织", "申请入党日期", "入党日期", "转正日期", "备注"}

var rosterWidths = []float64{8, 12, 6, 8, 12, 22, 14, 14, 14, 18, 12, 10, 10, 10, 12, 16, 8, 16, 20, 28, 14, 12, 12, 24}

// handleExport streams the roster of the current filters, sort and scope as
// xlsx: rows come from a database cursor straight into the streaming
// writer, so memory stays flat however many members are exported. Personal
// fields are masked unless the caller holds dy:unmask and asks with
// unmask=true and a reason. Every export is written to the operation log
// (with the reason).
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
	q, err := s.listQuery(ctx)
	if err != nil {
		return err
	}
	if q, err = s.spec(ctx, listFilters, listSorts).Query(q, lq); err != nil {
		return err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	name := "党员花名册-" + s.now().In(chinaZone).Format("20060102") + ".xlsx"
	n, err := excel.Export(ctx, w, s.db, q, rosterHeaders, rosterWidths, name, func(n int, row *memberRow) []any {
		m := &row.Member
		id, phone := s.reveal(m.IDNumberEnc, m.ID), s.reveal(m.PhoneEnc, m.ID)
		if !unmask {
			id, phone = crypto.MaskIDNumber(id), crypto.MaskPhone(phone)
		}
		unit := ""
		if row.UnitName != nil {
			unit = *row.UnitName
		}
		return []any{n, m.Name, l.Label("DJ_COMM_XB", m.Gender), l.Label("DJ_COMM_MZXX", m.Ethnicity),
			string(m.BirthDate), id, phone, l.Label("DJ_DY_XLXX", m.Education), l.Label("DJ_JBXX_ZYJSZC", m.ProfessionalTitle),
			l.Label("DJ_DY_GZGWXX", m.Post), l.Label("DJ_DY_RYLBXX", m.PersonCategory), l.Label("DJ_DYJBXX_RYLX", m.PersonType),
			l.Label("DJ_DY_DJZTXX", m.PartyStatus), l.Label("DY_ZT", m.MemberStatus), l.Label("DY_LY", m.Source),
			m.StaffOrStudentNo, l.Label("njOptions", m.Grade), m.ClassName, unit, row.OrgName,
			string(m.AppliedOn), string(m.JoinedOn), string(m.FullOn), m.Remark}
	})
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
