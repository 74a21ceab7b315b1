package develop

import (
	"cmp"
	"context"
	_ "embed"
	"fmt"
	"net/http"
	"strings"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/docx"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/zh"
)

// noticeTemplate is the public notice (公示) as a Word document; it is
// written by templates/gen_notice.go.
//
//go:embed templates/notice.docx
var noticeTemplate []byte

// noticePurpose is what the notice proposes for the people it lists, by kind.
var noticePurpose = map[string]string{
	NoticeTarget: "确定为发展对象",
	NoticeAdmit:  "接收为中共预备党员",
	NoticeFull:   "按期转为中共正式党员",
}

// noticeDocRoutes registers the notice's Word download.
func (s *Service) noticeDocRoutes(rs *httpx.Routes) {
	rs.Get("/api/fzdy/notices/{id}/docx", Perms.List, "下载公示", httpx.WriteID(errNoNotice, func(w http.ResponseWriter, r *http.Request, id int64) error {
		values, title, err := s.noticeValues(r.Context(), id)
		if err != nil {
			return err
		}
		return docx.Serve(w, title+".docx", noticeTemplate, values)
	}))
}

func errNoNotice() *httpx.Error { return httpx.NotFound("公示不存在") }

// noticePerson is a record listed on a notice, with what the notice says of it.
type noticePerson struct {
	Name       string    `bun:"name"`
	Gender     string    `bun:"gender"`
	BirthDate  date.Date `bun:"birth_date"`
	OrgName    string    `bun:"org_name"`
	AppliedOn  date.Date `bun:"applied_on"`
	ActivistOn date.Date `bun:"activist_on"`
	TargetOn   date.Date `bun:"target_on"`
	AdmittedOn date.Date `bun:"admitted_on"`
}

// noticeValues are the template's values of notice id (404 when it does not
// exist or its organisation lies outside the caller's scope) and the title.
func (s *Service) noticeValues(ctx context.Context, id int64) (map[string]string, string, error) {
	n, err := s.notices().Find(ctx, id)
	if err != nil {
		return nil, "", err
	}
	var people []noticePerson
	err = org.NameJoin("r.org_id")(s.db.NewSelect().TableExpr("dev_notice_item AS ni").Join("JOIN dev_record AS r ON r.id = ni.record_id").
		ColumnExpr("r.name, r.gender, r.birth_date, r.applied_on, r.activist_on, r.target_on, r.admitted_on")).
		Where("ni.notice_id = ?", id).OrderExpr(org.CodeColumn+", "+zh.Resolve(zh.Name("r.name"), db.IsPostgres(s.db))+", r.id").Scan(ctx, &people)
	if err != nil {
		return nil, "", httpx.Internal(err)
	}
	l, err := s.sys.DictLabels(ctx, dictGender)
	if err != nil {
		return nil, "", httpx.Internal(err)
	}
	lines := make([]string, len(people))
	for i, p := range people {
		lines[i] = fmt.Sprintf("%d. %s", i+1, noticeLine(n.Kind, p, l.Label(dictGender, p.Gender)))
	}
	if len(lines) == 0 {
		lines = []string{"（无）"}
	}
	title := cmp.Or(n.Title, "关于"+noticePurpose[n.Kind]+"的公示")
	return map[string]string{
		"title":    title,
		"orgName":  n.OrgName,
		"purpose":  noticePurpose[n.Kind],
		"records":  strings.Join(lines, "\n"),
		"startOn":  n.StartOn.Chinese(),
		"endOn":    n.EndOn.Chinese(),
		"content":  n.Content,
		"contact":  n.Contact,
		"issuedOn": n.StartOn.Chinese(),
	}, title, nil
}

// noticeLine is what a notice of kind says of one person: who they are and
// the dates of their development so far.
func noticeLine(kind string, p noticePerson, gender string) string {
	parts := []string{p.Name, gender}
	if !p.BirthDate.IsZero() {
		parts = append(parts, p.BirthDate.Month().Chinese()+"出生")
	}
	parts = append(parts, p.OrgName, p.AppliedOn.Month().Chinese()+"递交入党申请书")
	switch kind {
	case NoticeTarget:
		if !p.ActivistOn.IsZero() {
			parts = append(parts, p.ActivistOn.Month().Chinese()+"确定为入党积极分子")
		}
	case NoticeAdmit:
		if !p.TargetOn.IsZero() {
			parts = append(parts, p.TargetOn.Month().Chinese()+"确定为发展对象")
		}
	case NoticeFull:
		if !p.AdmittedOn.IsZero() {
			parts = append(parts, p.AdmittedOn.Chinese()+"被接收为中共预备党员")
		}
	}
	return strings.Join(parts, "，")
}
