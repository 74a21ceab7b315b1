package develop

import (
	"context"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/uniq"
)

// noticeKinds name the notice kinds and the stage of the records each lists
// (a notice precedes the step that moves them on: ⑦, ⑮, ㉓).
var noticeKinds = map[string]struct{ Name, Stage string }{
	NoticeTarget: {"发展对象公示", StageActivist},
	NoticeAdmit:  {"拟接收预备党员公示", StageTarget},
	NoticeFull:   {"预备党员转正公示", StageProbationary},
}

// NoticeView is a notice as the list shows it.
type NoticeView struct {
	Notice      `bun:",extend"`
	OrgName     string `bun:"org_name,scanonly" json:"orgName"`
	RecordCount int    `bun:"record_count,scanonly" json:"recordCount"`
	KindName    string `bun:"-" json:"kindName"`
}

// NoticeDetail is a notice with its records and length in working days.
type NoticeDetail struct {
	NoticeView
	Workdays int          `json:"workdays"`
	Records  []RecordView `json:"records"`
}

// NoticeInput is the body of a new notice.
type NoticeInput struct {
	Kind      string    `json:"kind"`
	OrgID     int64     `json:"orgId"`
	Title     string    `json:"title"`
	StartOn   date.Date `json:"startOn"`
	EndOn     date.Date `json:"endOn"`
	Contact   string    `json:"contact"`
	Content   string    `json:"content"`
	RecordIDs []int64   `json:"recordIds"`
}

// notices declares the notices: kept per organisation, seen within the
// caller's organisation scope; listed and deleted by the kit.
func (s *Service) notices() *resource.Resource[Notice, NoticeView] {
	return &resource.Resource[Notice, NoticeView]{DB: s.db, Noun: "公示", Now: s.now, Scope: s.orgs.Scoped("n.org_id"),
		Join: func(q *bun.SelectQuery) *bun.SelectQuery {
			return org.NameJoin("n.org_id")(q).ColumnExpr("(SELECT COUNT(*) FROM dev_notice_item AS nc WHERE nc.notice_id = n.id) AS record_count")
		},
		Spec: httpx.ListSpec{
			Filters: map[string]httpx.Filter{
				"kind":    {Columns: []string{"n.kind"}, Match: httpx.In},
				"blurry":  {Columns: []string{"n.title"}, Match: httpx.Like},
				"orgId":   org.SubtreeFilter("n.org_id"),
				"startOn": {Columns: []string{"n.start_on"}, Match: httpx.Range, Kind: httpx.Date},
				"endOn":   {Columns: []string{"n.end_on"}, Match: httpx.Range, Kind: httpx.Date},
			},
			Sorts:       map[string]string{"startOn": "n.start_on", "endOn": "n.end_on", "createTime": "n.created_at"},
			DefaultSort: "n.start_on DESC, n.id DESC",
			Key:         "n.id",
		},
		Record: func(v *NoticeView) *Notice { return &v.Notice },
		Show:   func(v *NoticeView, _ audit.Labeller) { v.KindName = noticeKinds[v.Kind].Name },
	}
}

// noticeRoutes registers the notices' routes.
func (s *Service) noticeRoutes(rs *httpx.Routes) {
	const base = "/api/fzdy/notices"
	res := s.notices()
	rs.Get(base, Perms.List, "查询公示", httpx.ReadList(res.List))
	rs.Get(base+"/{id}", Perms.List, "查看公示", httpx.ReadOn(errNoNotice, s.NoticeDetail))
	rs.Post(base, PermNotice, "发布公示", httpx.Create(s.CreateNotice))
	rs.Delete(base, PermNotice, "删除公示", httpx.IDsAction(res.Delete))
}

// NoticeDetail is notice id of the caller's scope with its records (those
// of the caller's scope).
func (s *Service) NoticeDetail(ctx context.Context, id int64) (*NoticeDetail, error) {
	v, err := s.notices().Detail(ctx, id)
	if err != nil {
		return nil, err
	}
	d := &NoticeDetail{NoticeView: v}
	if d.Workdays, err = s.cal.WorkdaysBetween(ctx, v.StartOn, v.EndOn); err != nil {
		return nil, httpx.Internal(err)
	}
	d.Records, err = s.records().Where(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("r.id IN (SELECT record_id FROM dev_notice_item WHERE notice_id = ?)", id).OrderExpr("r.id")
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// CreateNotice publishes a notice of one organisation of the caller's
// scope listing records of it (or of organisations below it) in the stage
// the notice's kind precedes.
func (s *Service) CreateNotice(ctx context.Context, in NoticeInput) (*NoticeDetail, error) {
	var c httpx.Checks
	kind, ok := noticeKinds[in.Kind]
	if !ok {
		c.Add(httpx.Invalid("kind", "请选择公示类别"))
	}
	c.Add(record.Chosen("orgId", "党组织", in.OrgID > 0))
	in.Title, in.Contact, in.Content = strings.TrimSpace(in.Title), strings.TrimSpace(in.Contact), strings.TrimSpace(in.Content)
	c.Add(record.Required("title", "公示标题", in.Title, 100))
	start, startErr := record.Date("startOn", "公示开始日期", string(in.StartOn))
	end, endErr := record.Date("endOn", "公示结束日期", string(in.EndOn))
	c.Add(record.Chosen("startOn", "公示开始日期", !in.StartOn.IsZero()), startErr,
		record.Chosen("endOn", "公示结束日期", !in.EndOn.IsZero()), endErr)
	if startErr == nil && endErr == nil && !start.IsZero() && !end.IsZero() && end.Before(start) {
		c.Add(httpx.Invalid("endOn", "公示结束日期不能早于开始日期"))
	}
	c.Add(record.MaxLen("contact", "受理意见联系方式", in.Contact, 100), record.MaxLen("content", "公示内容", in.Content, 2000))
	ids := uniq.Of(in.RecordIDs)
	if len(ids) == 0 {
		c.Add(httpx.Invalid("recordIds", "请选择公示的人员"))
	} else if len(ids) > 500 {
		c.Add(httpx.Invalid("recordIds", "一次公示不超过 500 人"))
	}
	if c.Failed("orgId") {
		return nil, c.Err()
	}
	c.Add(s.orgs.Owns(ctx, "orgId", in.OrgID))
	if err := c.Err(); err != nil {
		return nil, err
	}
	scope, err := s.scope(ctx)
	if err != nil {
		return nil, err
	}
	var recs []Record
	if err := scope(s.db.NewSelect().Model(&recs).Where("r.id IN (?)", bun.List(ids))).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	if len(recs) != len(ids) {
		return nil, httpx.Invalid("recordIds", "所选发展党员记录不存在")
	}
	under, err := s.orgs.Subtree(ctx, []int64{in.OrgID})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	for _, r := range recs {
		if !slices.Contains(under, r.OrgID) {
			return nil, httpx.Invalid("recordIds", "%s不属于公示的党组织", r.Name)
		}
		if r.Stage != kind.Stage {
			return nil, httpx.Invalid("recordIds", "%s处于「%s」阶段，不能列入%s", r.Name, StageNames[r.Stage], kind.Name)
		}
	}
	n := &Notice{Kind: in.Kind, OrgID: in.OrgID, Title: in.Title, StartOn: start, EndOn: end, Contact: in.Contact, Content: in.Content}
	n.CreatedAt, n.UpdatedAt = s.now(), s.now()
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(n).Returning("id").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		items := make([]NoticeItem, len(ids))
		for i, id := range ids {
			items[i] = NoticeItem{NoticeID: n.ID, RecordID: id}
		}
		if _, err := tx.NewInsert().Model(&items).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.NoticeDetail(ctx, n.ID)
}
