package letter

import (
	"context"
	"net/http"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// API is the letters' route prefix.
const API = "/api/zzgx/letters"

// maxExpiringDays bounds the "expiring within N days" filter.
const maxExpiringDays = 366

// Routes registers the letters' endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("介绍信管理")
	rs.Get(API, PermList, "查询", httpx.ReadList(s.List))
	rs.Get(API+"/settings", PermList, "查看介绍信设置", httpx.Read(func(ctx context.Context) (Settings, error) { return s.Settings(ctx, s.db) }))
	rs.Put(API+"/settings", PermConfig, "修改介绍信设置", httpx.Action(s.SaveSettings))
	rs.Get(API+"/{id}", PermList, "查看", httpx.ReadOn(errNoLetter, s.Detail))
	rs.Get(API+"/{id}/print", PermPrint, "打印", httpx.ReadID(errNoLetter, func(r *http.Request, id int64) (*PrintView, error) {
		p, err := s.Print(r.Context(), id)
		if err == nil {
			s.sys.LogAccess(r.Context(), r, "打印介绍信 "+p.Number+"（含身份证号码）")
		}
		return p, err
	}))
	rs.Get(API+"/{id}/docx", PermPrint, "下载Word", httpx.WriteID(errNoLetter, s.handleDocx))
	rs.Post(API+"/accepted", PermEdit, "登记接收", httpx.Action(s.Accept))
	rs.Post(API+"/receipt", PermEdit, "登记回执", httpx.Action(s.Receive))
	rs.Post(API+"/void", PermEdit, "作废", httpx.Action(s.Void))
	rs.Post(API+"/{id}/reissue", PermEdit, "补开", httpx.ReadOn(errNoLetter, s.Reissue))
}

// listSpec is the list's filters and sorts; the status is computed on today.
func listSpec(today date.Date) httpx.ListSpec {
	return httpx.ListSpec{
		Filters: map[string]httpx.Filter{
			"blurry": {Columns: []string{"l.member_name", "l.number", "l.to_org_name", "l.from_org_name"}, Match: httpx.Like},
			"year":   {Columns: []string{"l.year"}, Kind: httpx.Int},
			"kind":   {Columns: []string{"l.kind"}, Match: httpx.In},
			"reach":  {Columns: []string{"l.reach"}, Match: httpx.In},
			"status": {Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
				return statusWhere(q, v, today)
			}},
			// expiring=N: valid, not received, the validity ends within N days (today included).
			"expiring": {Kind: httpx.Int, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
				n, _ := v.(int64)
				if n < 0 || n > maxExpiringDays {
					return nil, httpx.Invalid("expiring", "即将到期天数须在0–%d之间", maxExpiringDays)
				}
				return q.Where("l.voided_on IS NULL AND l.received_on IS NULL AND l.accepted_on IS NULL").
					Where("l.valid_until >= ?", today).Where("l.valid_until <= ?", today.AddDays(int(n))), nil
			}},
			// orgId: the sending or the receiving organisation lies in its subtree.
			"orgId":    org.SubtreeFilter("l.from_org_id", "l.to_org_id"),
			"issuedOn": {Columns: []string{"l.issued_on"}, Match: httpx.Range, Kind: httpx.Date},
		},
		Sorts: map[string]string{"issuedOn": "l.issued_on", "number": "l.number", "validUntil": "l.valid_until",
			"memberName": "l.member_name"},
		DefaultSort: "l.issued_on DESC, l.id DESC",
		Key:         "l.id",
	}
}

// statusWhere narrows q to letters of status v on today.
func statusWhere(q *bun.SelectQuery, v any, today date.Date) (*bun.SelectQuery, error) {
	switch v {
	case StatusVoided:
		return q.Where("l.voided_on IS NOT NULL"), nil
	case StatusReceived:
		return q.Where("l.voided_on IS NULL AND l.received_on IS NOT NULL"), nil
	case StatusAccepted:
		return q.Where("l.voided_on IS NULL AND l.received_on IS NULL AND l.accepted_on IS NOT NULL"), nil
	case StatusExpired:
		return q.Where("l.voided_on IS NULL AND l.received_on IS NULL AND l.accepted_on IS NULL AND l.valid_until < ?", today), nil
	case StatusIssued:
		return q.Where("l.voided_on IS NULL AND l.received_on IS NULL AND l.accepted_on IS NULL AND l.valid_until >= ?", today), nil
	}
	return nil, httpx.Invalid("status", "状态无效")
}

// List is the letters of the caller's scope, paged and filtered in SQL.
func (s *Service) List(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[View], error) {
	today := s.today()
	var rows []View
	q, err := s.scoped(ctx, s.selectViews(s.db, &rows, today))
	if err != nil {
		return httpx.PageResult[View]{}, err
	}
	st, err := s.Settings(ctx, s.db)
	if err != nil {
		return httpx.PageResult[View]{}, err
	}
	page, err := httpx.Paged[View](ctx, q, listSpec(today), lq)
	if err != nil {
		return page, err
	}
	s.fill(st, page.Content)
	return page, nil
}

// PrintView is what the print view and the Word document show: the letter
// with the member's ID number in full (the standard layout prints it).
type PrintView struct {
	View
	IDNumberFull string `json:"idNumberFull"`
	ReachLabel   string `json:"reachLabel"`
}

// Print reads letter id of the scope for printing.
func (s *Service) Print(ctx context.Context, id int64) (*PrintView, error) {
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	p := &PrintView{View: *v, ReachLabel: reaches[v.Reach]}
	if v.IDNumberEnc != "" {
		if p.IDNumberFull, err = s.cipher.Decrypt(v.IDNumberEnc); err != nil {
			return nil, httpx.Internal(err)
		}
	}
	return p, nil
}

// itoaOrBlank is n as text, blank for 0 (an unknown age prints a gap).
func itoaOrBlank(n int) string {
	if n <= 0 {
		return "    "
	}
	return strconv.Itoa(n)
}
