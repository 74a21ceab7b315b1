package check

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// KindName is a kind of problem found on a member.
type KindName struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

// Issue is a member with problems: the kinds, the required fields left
// empty, a sentence per other kind, and the path of the member's record
// in the web app.
type Issue struct {
	MemberID         int64      `json:"memberId"`
	Name             string     `json:"name"`
	OrgID            int64      `json:"orgId"`
	OrgName          string     `json:"orgName"`
	PartyStatusLabel string     `json:"partyStatusLabel"`
	Kinds            []KindName `json:"kinds"`
	Fields           []string   `json:"fields"`
	Details          []string   `json:"details"`
	Link             string     `json:"link"`
}

// MemberLink is the member's record in the web app (党员详情).
func MemberLink(id int64) string { return fmt.Sprintf("/dyjbxx/detail?id=%d", id) }

const dictPartyStatus = "DJ_DY_DJZTXX"

// issue turns a checked row into what the list shows.
func issue(r *row, labels system.DictLabels, today date.Date) Issue {
	out := Issue{MemberID: r.ID, Name: r.Name, OrgID: r.OrgID, OrgName: r.OrgName,
		PartyStatusLabel: labels.Label(dictPartyStatus, r.PartyStatus), Kinds: []KindName{}, Fields: []string{}, Details: []string{},
		Link: MemberLink(r.ID)}
	for _, k := range strings.Split(strings.TrimSuffix(r.Kinds, ","), ",") {
		if k == "" {
			continue
		}
		out.Kinds = append(out.Kinds, KindName{Kind: k, Name: kindName(k)})
		switch k {
		case KindMissing:
			for _, f := range strings.Split(strings.TrimSuffix(r.Fields, ","), ",") {
				if f != "" {
					out.Fields = append(out.Fields, fieldLabel(f))
				}
			}
			out.Details = append(out.Details, "缺少"+strings.Join(out.Fields, "、"))
		case KindUnderage:
			out.Details = append(out.Details, fmt.Sprintf("入党日期 %s，%s 才年满%d周岁", r.JoinedOn, r.BirthDate.AddYears(AdultAge), AdultAge))
		case KindFuture:
			var late []string
			if r.BirthDate.After(today) {
				late = append(late, "出生日期 "+string(r.BirthDate))
			}
			if r.JoinedOn.After(today) {
				late = append(late, "入党日期 "+string(r.JoinedOn))
			}
			out.Details = append(out.Details, strings.Join(late, "、")+" 晚于今天")
		case KindOverdue:
			end := probationEnd(r.JoinedOn, r.ExtendedTo)
			if r.ExtendedTo.IsZero() {
				out.Details = append(out.Details, fmt.Sprintf("入党日期 %s，预备期于 %s 届满", r.JoinedOn, end))
			} else {
				out.Details = append(out.Details, fmt.Sprintf("预备期已延长，于 %s 届满", end))
			}
		}
	}
	return out
}

// Issues is a page of the members with problems (of f's kind), in the
// order of the organisation tree, then by name.
func (s *Service) Issues(ctx context.Context, f Filter, p httpx.Page) (httpx.PageResult[Issue], error) {
	q, err := s.withProblems(ctx, f)
	if err != nil {
		return httpx.PageResult[Issue]{}, err
	}
	labels, err := s.sys.DictLabels(ctx, dictPartyStatus)
	if err != nil {
		return httpx.PageResult[Issue]{}, httpx.Internal(err)
	}
	var rows []row
	total, err := httpx.PagedInto(ctx, q, httpx.ListSpec{}, httpx.ListQuery{Page: httpx.Page{Page: p.Page, Size: p.Size}}, &rows)
	if err != nil {
		return httpx.PageResult[Issue]{}, err
	}
	today := s.today()
	out := make([]Issue, len(rows))
	for i := range rows {
		out[i] = issue(&rows[i], labels, today)
	}
	return httpx.NewCountedPage(out, total), nil
}

func (s *Service) handleIssues(w http.ResponseWriter, r *http.Request) error {
	f, err := readFilter(r.URL.Query())
	if err != nil {
		return err
	}
	p, err := httpx.ParsePage(r.URL.Query())
	if err != nil {
		return err
	}
	out, err := s.Issues(r.Context(), f, p)
	if err != nil {
		return err
	}
	return httpx.OK(w, out)
}

var (
	exportHeaders = []string{"序号", "姓名", "所在党组织", "党籍状态", "问题类型", "缺少的信息", "说明"}
	exportWidths  = []float64{8, 14, 30, 12, 30, 36, 60}
)

// handleExport streams the members with problems (the list's filter) as a
// workbook, each row one member.
func (s *Service) handleExport(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	f, err := readFilter(r.URL.Query())
	if err != nil {
		return err
	}
	q, err := s.withProblems(ctx, f)
	if err != nil {
		return err
	}
	labels, err := s.sys.DictLabels(ctx, dictPartyStatus)
	if err != nil {
		return httpx.Internal(err)
	}
	today := s.today()
	n, err := excel.Export(ctx, w, s.db, q, exportHeaders, exportWidths, "数据校验问题清单-"+today.Compact()+".xlsx",
		func(n int, r *row) []any {
			v := issue(r, labels, today)
			names := make([]string, len(v.Kinds))
			for i, k := range v.Kinds {
				names[i] = k.Name
			}
			return []any{n, v.Name, v.OrgName, v.PartyStatusLabel, strings.Join(names, "、"), strings.Join(v.Fields, "、"),
				strings.Join(v.Details, "；")}
		})
	if err != nil {
		return err
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出数据校验问题清单（%d人）", n))
	return nil
}
