package talk

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// TrailModule is the talk's module id in the change trail (change_trail.module).
const TrailModule = 40

// trail declares the talk trail: the fields it reports, in the form's order.
var trail = &record.Decl{Module: TrailModule, Noun: "谈话记录", Fields: []record.Field{
	record.Text("org", "党组织"), record.Text("talkDate", "谈话日期"), record.Dict("type", "谈话类型", DictType),
	record.Text("talker", "谈话人"), record.Text("interviewees", "谈话对象"), record.Text("place", "谈话地点"),
	record.Text("content", "谈话内容摘要"), record.Text("remark", "备注"),
}}

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

// resource declares the talks: kept per organisation, seen within the
// caller's organisation scope, shown with the organisation's name.
func (s *Service) resource() *resource.Resource[Talk, View] {
	return &resource.Resource[Talk, View]{DB: s.db, Noun: "谈话记录", Spec: listSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope: s.orgs.Scoped("t.org_id"),
		Join: func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.ColumnExpr("z.name AS org_name").Join("JOIN dzz AS z ON z.id = t.org_id")
		},
		Record: func(v *View) *Talk { return &v.Talk },
		Labels: func(ctx context.Context) (audit.Labeller, error) { l, err := s.labels(ctx); return l.Label, err },
		Show:   func(v *View, label audit.Labeller) { v.TypeLabel = label(DictType, v.Type) },
		Check:  s.checkInScope,
		Trail:  trail, TrailName: "t.talker",
		TrailView: func(ctx context.Context, idb bun.IDB, t *Talk) (map[string]string, error) {
			org, err := record.NameOf(ctx, idb, "dzz", "name", &t.OrgID)
			return map[string]string{"org": org, "talkDate": string(t.TalkDate), "type": t.Type, "talker": t.Talker,
				"interviewees": t.Interviewees, "place": t.Place, "content": t.Content, "remark": t.Remark}, err
		},
		Export: resource.Export[View]{Title: "谈心谈话", Columns: []resource.Column[View]{
			{Header: "党组织", Width: 28, Cell: func(v *View) any { return v.OrgName }},
			{Header: "谈话日期", Width: 12, Cell: func(v *View) any { return string(v.TalkDate) }},
			{Header: "谈话类型", Width: 16, Cell: func(v *View) any { return v.TypeLabel }},
			{Header: "谈话人", Width: 12, Cell: func(v *View) any { return v.Talker }},
			{Header: "谈话对象", Width: 24, Cell: func(v *View) any { return v.Interviewees }},
			{Header: "谈话地点", Width: 16, Cell: func(v *View) any { return v.Place }},
			{Header: "谈话内容摘要", Width: 60, Cell: func(v *View) any { return v.Content }},
			{Header: "备注", Width: 24, Cell: func(v *View) any { return v.Remark }},
		}},
	}
}

// checkInScope is check with the caller's organisations and today.
func (s *Service) checkInScope(ctx context.Context, in Talk, _ *View) (Talk, error) {
	l, err := s.labels(ctx)
	if err != nil {
		return in, err
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return in, httpx.Internal(err)
	}
	names, err := s.orgs.Names(ctx, []int64{in.OrgID})
	if err != nil {
		return in, httpx.Internal(err)
	}
	return check(l, in, func(id int64) bool { return sc.Has(id) && names[id] != "" }, date.Of(s.now().In(date.China)))
}

// check validates a talk body into the record to write; inScope tells
// whether an organisation exists and lies in the caller's scope.
func check(l system.DictLabels, in Talk, inScope func(int64) bool, today date.Date) (Talk, error) {
	for _, f := range []*string{&in.Type, &in.Talker, &in.Interviewees, &in.Place, &in.Content, &in.Remark} {
		*f = strings.TrimSpace(*f)
	}
	err := record.First(
		record.Chosen("orgId", "党组织", in.OrgID > 0),
		record.Chosen("talkDate", "谈话日期", in.TalkDate != ""),
		record.Chosen("type", "谈话类型", in.Type != ""),
		record.InDict("type", "谈话类型", in.Type, func(v string) bool { return l.Has(DictType, v) }),
		record.Required("talker", "谈话人", in.Talker, 50),
		record.Required("interviewees", "谈话对象", in.Interviewees, 200),
		record.MaxLen("place", "谈话地点", in.Place, 100),
		record.Required("content", "谈话内容摘要", in.Content, 2000),
		record.MaxLen("remark", "备注", in.Remark, 500),
	)
	if err != nil {
		return in, err
	}
	if in.TalkDate, err = record.Date("talkDate", "谈话日期", string(in.TalkDate)); err != nil {
		return in, err
	}
	if err := record.NotAfter("talkDate", "谈话日期", in.TalkDate, today); err != nil {
		return in, err
	}
	if !inScope(in.OrgID) {
		return in, httpx.Invalid("orgId", "所选党组织不存在")
	}
	return in, nil
}
