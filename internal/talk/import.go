package talk

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/resource"
)

// importKind is the talk import (/api/import/txth): every row is a new talk
// in an organisation of the caller's scope, checked as the API checks one
// (the dictionary and the organisations read once) and saved as the API
// saves one, in file order.
func (s *Service) importKind() imports.Kind {
	talks := func() *resource.Resource[Talk, View] { return s.talks }
	sample := func(ctx context.Context, idb bun.IDB) (map[string]string, error) {
		code, err := s.orgs.SampleCode(ctx, idb)
		return map[string]string{"org": code}, err
	}
	return resource.ImportNew(talks, imports.Decl{Key: "txth", Label: "谈心谈话记录", Perm: Perms.Import, Sample: sample}, fields,
		func(ctx context.Context, idb bun.IDB) (resource.Prepared[Talk], error) {
			dicts, err := imports.LoadDicts(ctx, s.sys, fields.Dicts()...)
			if err != nil {
				return resource.Prepared[Talk]{}, err
			}
			orgs, err := s.orgs.OrgCells(ctx, idb)
			if err != nil {
				return resource.Prepared[Talk]{}, err
			}
			check, err := s.checker(ctx, func(id int64) error { return orgs.Owns("orgId", id) })
			return resource.Prepared[Talk]{Dicts: dicts, Ref: orgs.Cell, Check: func(in Talk) (Talk, error) { return check(in, nil) }}, err
		})
}
