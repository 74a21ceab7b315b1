package talk

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
)

// query selects the talks of the caller's organisation scope, with their
// organisation's name, through idb.
func (s *Service) query(ctx context.Context, idb bun.IDB) (*bun.SelectQuery, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	q := idb.NewSelect().Model((*View)(nil)).ColumnExpr("t.*").ColumnExpr("z.name AS org_name").Join("JOIN dzz AS z ON z.id = t.org_id")
	return sc.Apply(q, "t.org_id"), nil
}

// find reads one talk of the caller's scope, or 404.
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*View, error) {
	q, err := s.query(ctx, idb)
	if err != nil {
		return nil, err
	}
	v := new(View)
	if err := q.Where("t.id = ?", id).Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return v, nil
}

// listSpec: blurry searches the talker and the interviewees; orgId is the
// organisation and those below it; the talk-date range is inclusive.
var listSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":       {Columns: []string{"t.talker", "t.interviewees"}, Match: httpx.Like},
		"type":         {Columns: []string{"t.type"}, Match: httpx.In},
		"orgId":        org.SubtreeFilter("t.org_id"),
		"talkDateFrom": {Columns: []string{"t.talk_date"}, Match: httpx.Gte, Kind: httpx.Date},
		"talkDateTo":   {Columns: []string{"t.talk_date"}, Match: httpx.Lte, Kind: httpx.Date},
	},
	Sorts:       map[string]string{"talkDate": "t.talk_date", "orgName": "z.name", "createTime": "t.created_at"},
	DefaultSort: "t.talk_date DESC, t.id DESC",
	Key:         "t.id",
}

// List is the paged talk list of the caller's scope.
func (s *Service) List(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[View], error) {
	q, err := s.query(ctx, s.db)
	if err != nil {
		return httpx.PageResult[View]{}, err
	}
	page, err := httpx.Paged[View](ctx, q, listSpec, lq)
	if err != nil {
		return page, err
	}
	l, err := s.labels(ctx)
	for i := range page.Content {
		page.Content[i].TypeLabel = l.Label(DictType, page.Content[i].Type)
	}
	return page, err
}

// Detail is one talk of the caller's scope.
func (s *Service) Detail(ctx context.Context, id int64) (View, error) {
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return View{}, err
	}
	l, err := s.labels(ctx)
	v.TypeLabel = l.Label(DictType, v.Type)
	return *v, err
}

var exportHeaders = []string{"序号", "党组织", "谈话日期", "谈话类型", "谈话人", "谈话对象", "谈话地点", "谈话内容摘要", "备注"}

var exportWidths = []float64{8, 28, 12, 16, 12, 24, 16, 60, 24}

// handleExport streams the talks of the list's filters, sort and scope.
func (s *Service) handleExport(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	q, err := s.query(ctx, s.db)
	if err != nil {
		return err
	}
	if q, err = listSpec.Query(q, lq); err != nil {
		return err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	n, err := excel.Export(ctx, w, s.db, q, exportHeaders, exportWidths, "谈心谈话-"+date.Of(s.now()).Compact()+".xlsx",
		func(n int, v *View) []any {
			return []any{n, v.OrgName, string(v.TalkDate), l.Label(DictType, v.Type), v.Talker, v.Interviewees, v.Place, v.Content, v.Remark}
		})
	if err == nil {
		s.sys.LogAccess(ctx, r, fmt.Sprintf("导出谈心谈话记录（%d条）", n))
	}
	return err
}
