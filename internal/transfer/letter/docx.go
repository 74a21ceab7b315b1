package letter

import (
	"net/http"
	"strings"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/docx"
)

// letterTemplate is the standard 中国共产党党员组织关系介绍信 on one page:
// the stub (存根), the letter and its receipt (回执), each with the number,
// cut apart along dashed lines.
var letterTemplate = func() []byte {
	b, err := docx.Build(
		docx.Title("中国共产党党员组织关系介绍信（存根）", 30),
		docx.Right("第 {{number}} 号"),
		docx.Para("{{name}}同志（{{gender}}，{{age}}岁，{{ethnicity}}），系中共{{status}}，组织关系由{{from}}转到{{to}}。党费已交到{{fees}}。"),
		docx.Plain("有效期{{days}}天（至{{validUntil}}）"),
		docx.Right("{{issuedOn}}"),
		docx.Cut("（骑缝）第 {{number}} 号"),
		docx.Title("中国共产党党员组织关系介绍信", 36),
		docx.Right("第 {{number}} 号"),
		docx.Plain("{{to}}："),
		docx.Para("兹介绍{{name}}同志（{{gender}}，{{age}}岁，{{ethnicity}}），系中共{{status}}，公民身份号码{{idNumber}}，由{{from}}去{{to}}，请转接组织关系。该同志党费已交到{{fees}}。"),
		docx.Plain("（有效期{{days}}天，至{{validUntil}}）"),
		docx.Right("{{from}}（盖章）"),
		docx.Right("{{issuedOn}}"),
		docx.Plain("党员联系电话：                党组织联系电话：{{contact}}"),
		docx.Cut("（骑缝）第 {{number}} 号"),
		docx.Title("中国共产党党员组织关系介绍信回执", 30),
		docx.Right("第 {{number}} 号"),
		docx.Plain("{{from}}："),
		docx.Para("{{name}}同志的党员组织关系已转达我处，特此回执。"),
		docx.Right("（盖章）"),
		docx.Right("    年  月  日"),
	)
	if err != nil {
		panic(err) // the paragraphs are the program's own
	}
	return b
}()

// chineseDate is 2026-03-07 as 2026年3月7日.
func chineseDate(d date.Date) string {
	if d.IsZero() {
		return "    年  月  日"
	}
	return d.Chinese()
}

// chineseMonth is 2026-03 as 2026年3月 (blank when unknown).
func chineseMonth(m string) string {
	if s := date.Month(m).Chinese(); s != "" {
		return s
	}
	return "    年  月"
}

// values are the template's values of p.
func (p *PrintView) values() map[string]string {
	blank := func(s string) string {
		if strings.TrimSpace(s) == "" {
			return "    "
		}
		return s
	}
	return map[string]string{"number": p.Number, "name": p.MemberName, "gender": blank(p.Gender), "age": itoaOrBlank(p.Age),
		"ethnicity": blank(p.Ethnicity), "status": blank(p.PartyStatus), "idNumber": blank(p.IDNumberFull),
		"from": p.FromOrgName, "to": p.ToOrgName, "fees": chineseMonth(p.FeesPaidUpTo), "days": itoaOrBlank(p.ValidDays),
		"validUntil": chineseDate(p.ValidUntil), "issuedOn": chineseDate(p.IssuedOn), "contact": p.Contact}
}

// handleDocx sends letter {id} as a Word document (logged: it holds the ID number).
func (s *Service) handleDocx(w http.ResponseWriter, r *http.Request, id int64) error {
	p, err := s.Print(r.Context(), id)
	if err != nil {
		return err
	}
	s.sys.LogAccess(r.Context(), r, "下载介绍信 "+p.Number+"（含身份证号码）")
	return docx.Serve(w, "介绍信"+p.Number+".docx", letterTemplate, p.values())
}
