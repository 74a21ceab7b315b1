package talk

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/rbac"
)

var importColumns = imports.Columns{
	{Key: "org", Label: "党组织", Required: true, Field: "orgId", Example: "D0101", Note: "您管理范围内党组织的编码或唯一的名称"},
	{Key: "talkDate", Label: "谈话日期", Required: true, Example: "2024-03-01", Note: "日期如 2024-03-01、2024/3/1 或 2024.03.01"},
	{Key: "type", Label: "谈话类型", Required: true, Dict: DictType, Example: "党员之间"},
	{Key: "talker", Label: "谈话人", Required: true, Example: "王书记"},
	{Key: "interviewees", Label: "谈话对象", Required: true, Example: "李明、张华"},
	{Key: "place", Label: "谈话地点", Example: "支部活动室"},
	{Key: "content", Label: "谈话内容摘要", Required: true, Example: "交流学习体会，提出改进意见"},
	{Key: "remark", Label: "备注"},
}

// importKind is the talk import (/api/import/txth): every row is a new talk
// in an organisation of the caller's scope, checked and saved (with its
// trail entry, ORIGIN SYSTEM_IMPORT) as the API saves one, in file order.
func (s *Service) importKind() imports.Kind {
	return imports.Declare(imports.Decl{Key: "txth", Label: "谈心谈话记录", Perm: PermImport, Cols: importColumns}, s.validateImport,
		func(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
			return imports.Each(rows, func(_ *imports.Row, t Talk) error {
				_, err := s.talks.Insert(ctx, tx, t, audit.OriginSystemImport)
				return err
			})
		})
}

// validateImport checks every row as the API would; the organisations and
// the dictionary are read once.
func (s *Service) validateImport(ctx context.Context, idb bun.IDB, _ *rbac.Principal, rows []*imports.Row) error {
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	dicts, err := imports.LoadDicts(ctx, s.sys, DictType)
	if err != nil {
		return err
	}
	orgs, err := s.orgs.OrgCells(ctx, idb)
	if err != nil {
		return err
	}
	today := date.Of(s.now().In(date.China))
	for _, r := range rows {
		var in Talk
		var talkDate string
		in.OrgID, _ = orgs.Cell(r, "org")
		importColumns.Date(r, "talkDate", &talkDate)
		importColumns.Dict(r, dicts, "type", &in.Type)
		for key, dst := range map[string]*string{"talker": &in.Talker, "interviewees": &in.Interviewees,
			"place": &in.Place, "content": &in.Content, "remark": &in.Remark} {
			r.Text(key, dst)
		}
		if len(r.Errors) > 0 {
			continue
		}
		in.TalkDate = date.Date(talkDate)
		t, err := check(l, in, func(id int64) bool { return orgs.Name(id) != "" }, today)
		if err != nil {
			importColumns.FailErr(r, err)
			continue
		}
		r.Status, r.Data = imports.StatusNew, t
	}
	return nil
}
