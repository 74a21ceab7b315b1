package talk

import (
	"context"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
)

// TrailModule is the talk's module id in the change trail (change_trail.module).
const TrailModule = 40

// fields are the talk's fields in the form's order: the trail, the export,
// the import and the generic checks all follow from them.
var fields = resource.Fields[Talk]{
	{Name: "orgId", Label: "党组织", Kind: resource.Ref, Required: true, Table: "dzz", Key: "org", Shown: "orgName",
		Export: 28, Example: "D0101", Note: "您管理范围内党组织的编码或唯一的名称"},
	{Name: "talkDate", Label: "谈话日期", Kind: resource.Day, Required: true, NotFuture: true, Export: 12, Example: "2024-03-01"},
	{Name: "type", Label: "谈话类型", Kind: resource.Code, Required: true, Dict: DictType, Shown: "typeLabel", Export: 16, Example: "党员之间"},
	{Name: "talker", Label: "谈话人", Required: true, Max: 50, Export: 12, Example: "王书记"},
	{Name: "interviewees", Label: "谈话对象", Required: true, Max: 200, Export: 24, Example: "李明、张华"},
	{Name: "place", Label: "谈话地点", Max: 100, Export: 16, Example: "支部活动室"},
	{Name: "content", Label: "谈话内容摘要", Required: true, Max: 2000, Export: 60, Example: "交流学习体会，提出改进意见"},
	{Name: "remark", Label: "备注", Max: 500, Export: 24},
}

// listSpec: blurry searches the talker and the interviewees; orgId is the
// organisation and those below it; the talk-date range is inclusive.
var listSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":   {Columns: []string{"t.talker", "t.interviewees"}, Match: httpx.Like},
		"type":     {Columns: []string{"t.type"}, Match: httpx.In},
		"orgId":    org.SubtreeFilter("t.org_id"),
		"talkDate": {Columns: []string{"t.talk_date"}, Match: httpx.Range, Kind: httpx.Date}, // talkDateFrom, talkDateTo
	},
	Sorts:       map[string]string{"talkDate": "t.talk_date", "orgName": zh.Name(org.NameColumn), "createTime": "t.created_at"},
	DefaultSort: "t.talk_date DESC, t.id DESC",
	Key:         "t.id",
}

// resource declares the talks: kept per organisation, seen within the
// caller's organisation scope, shown with the organisation's name.
func (s *Service) resource() *resource.Resource[Talk, View] {
	return &resource.Resource[Talk, View]{DB: s.db, Noun: "谈话记录", Spec: listSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope: s.orgs.Scoped("t.org_id"), Join: org.NameJoin("t.org_id"),
		Anchor: "org_id", AnchorScope: s.orgs.Scoped, // a deleted talk stays in the trail of its organisation's scope
		Record: func(v *View) *Talk { return &v.Talk },
		Labels: func(ctx context.Context) (audit.Labeller, error) { l, err := s.labels(ctx); return l.Label, err },
		Show:   resource.Shows[View](fields),
		Check: func(ctx context.Context, in Talk, cur *View) (Talk, error) {
			check, err := s.checker(ctx, func(id int64) error { return s.orgs.Owns(ctx, "orgId", id) })
			if err != nil {
				return in, err
			}
			if cur == nil {
				return check(in, nil)
			}
			return check(in, &cur.Talk)
		},
		Trail: fields.Decl(TrailModule, "谈话记录"), TrailName: "t.talker", TrailView: fields.TrailView,
		Export: resource.Export[View]{Title: "谈心谈话", Columns: resource.Columns[View](fields)},
	}
}

// checker is the check of a talk body into the record to write over cur
// (nil: a new talk), with the dictionary and today read once (an import
// checks every row with it): the
// fields' checks, then owns, which refuses an organisation that does not
// exist or lies outside the caller's scope (one query for a form, the
// organisations read once for an import).
func (s *Service) checker(ctx context.Context, owns func(id int64) error) (func(in Talk, cur *Talk) (Talk, error), error) {
	l, err := s.labels(ctx)
	today := date.Of(s.now().In(date.China))
	return func(in Talk, cur *Talk) (Talk, error) {
		if err := fields.Check(&in, cur, l, today); err != nil {
			return in, err
		}
		return in, owns(in.OrgID)
	}, err
}
