package fillform

import (
	"context"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// addressee is one entry a publication writes.
type addressee struct {
	target, org  int64
	member       *int64
	name, filler string // filler: who fills it in (the demo's submitter)
}

// Named is an organisation or a member by name (the picked list of a draft).
type Named struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// audience resolves form f's audience for administrator a: the live
// branches (党支部, 直属党支部) of the chosen subtree or list, each with its
// secretary, or the members (正常 status) of the chosen subtree or list,
// each with their organisation. Every addressee lies in a's scope and in
// the sending organisation's subtree; a choice outside them is a 400 naming
// its field. The list is in tree order (members by name within).
func (s *Service) audience(ctx context.Context, idb bun.IDB, a admin, f *Form) ([]addressee, error) {
	all, err := s.orgs.OfTypes(ctx, idb)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	byID := make(map[int64]*org.Org, len(all))
	for i := range all {
		byID[all[i].ID] = &all[i]
	}
	sender := byID[f.OrgID]
	if sender == nil || !a.scope.Has(f.OrgID) {
		return nil, httpx.Invalid("orgId", "请选择发送填报的党组织")
	}
	// within: the organisation lies in the scope and below the sender.
	within := func(o *org.Org) bool {
		return o != nil && a.scope.Has(o.ID) && strings.HasPrefix(o.Path, sender.Path)
	}
	var root *org.Org
	switch f.Mode {
	case ModeSubtree:
		if f.RootID != nil {
			root = byID[*f.RootID]
		}
		if !within(root) {
			return nil, httpx.Invalid("rootId", "填报范围应为%s或其下级党组织", sender.Name)
		}
	case ModeList:
		switch {
		case len(f.IDs) == 0 && f.Audience == AudienceOrgs:
			return nil, httpx.Invalid("ids", "请选择填报的党支部")
		case len(f.IDs) == 0:
			return nil, httpx.Invalid("ids", "请选择填报的党员")
		case len(f.IDs) > MaxAudience:
			return nil, httpx.Invalid("ids", "指定名单不超过%d个", MaxAudience)
		}
	default:
		return nil, httpx.Invalid("mode", "请选择填报对象的范围")
	}
	var out []addressee
	switch f.Audience {
	case AudienceOrgs:
		for i := range all {
			o := &all[i]
			if !org.IsBranch(o.Type) || !o.Live() || !within(o) {
				continue
			}
			if (root != nil && strings.HasPrefix(o.Path, root.Path)) || (root == nil && slices.Contains(f.IDs, o.ID)) {
				out = append(out, addressee{target: o.ID, org: o.ID, member: o.SecretaryMemberID, name: o.Name})
			}
		}
		if root == nil {
			for _, id := range f.IDs {
				o := byID[id]
				switch {
				case !within(o):
					return nil, httpx.Invalid("ids", "所选党组织不存在或不在%s范围内", sender.Name)
				case !org.IsBranch(o.Type):
					return nil, httpx.Invalid("ids", "%s不是党支部：按党组织填报只发给党支部", o.Name)
				case !o.Live():
					return nil, httpx.Invalid("ids", "%s已撤销", o.Name)
				}
			}
		}
		if len(out) == 0 && root != nil {
			return nil, httpx.Invalid("rootId", "%s下没有党支部", root.Name)
		}
	case AudienceMembers:
		var rows []member.Brief
		q := s.members.SelectBriefs(idb, member.StatusNormal)
		if root != nil {
			if q, err = org.SubtreeFilter("bm.org_id").Custom(q, root.ID); err != nil {
				return nil, httpx.Internal(err)
			}
			q = a.scope.Apply(q, "bm.org_id")
		} else {
			q = q.Where("bm.id IN (?)", bun.List(uniq.Of(f.IDs)))
		}
		if err := q.OrderExpr("bm.name, bm.id").Scan(ctx, &rows); err != nil {
			return nil, httpx.Internal(err)
		}
		if root == nil && len(rows) != len(uniq.Of(f.IDs)) {
			return nil, httpx.Invalid("ids", "所选党员不存在或已不是正常状态")
		}
		for _, m := range rows {
			o := byID[m.OrgID]
			if !within(o) {
				if root != nil {
					continue
				}
				return nil, httpx.Invalid("ids", "党员%s不在%s范围内", m.Name, sender.Name)
			}
			id := m.ID
			out = append(out, addressee{target: m.ID, org: m.OrgID, member: &id, name: m.Name})
		}
		if len(out) == 0 {
			return nil, httpx.Invalid("rootId", "%s下没有党员", root.Name)
		}
		// Tree order, by name within an organisation.
		slices.SortStableFunc(out, func(x, y addressee) int { return strings.Compare(byID[x.org].Path, byID[y.org].Path) })
	default:
		return nil, httpx.Invalid("audience", "请选择填报对象")
	}
	return out, nil
}

// picked names a draft's chosen root and list, whatever the caller's scope
// now (the form's own choice).
func (s *Service) picked(ctx context.Context, f *Form) (root string, list []Named, err error) {
	list = []Named{}
	orgIDs := slices.Clone([]int64(f.IDs))
	if f.Audience != AudienceOrgs {
		orgIDs = nil
	}
	if f.RootID != nil {
		orgIDs = append(orgIDs, *f.RootID)
	}
	names, err := s.orgs.Names(ctx, orgIDs)
	if err != nil {
		return "", nil, httpx.Internal(err)
	}
	if f.RootID != nil {
		root = names[*f.RootID]
	}
	if f.Mode != ModeList {
		return root, list, nil
	}
	if f.Audience == AudienceMembers {
		briefs, err := s.members.Briefs(ctx, s.db, f.IDs)
		if err != nil {
			return "", nil, err
		}
		by := map[int64]string{}
		for _, b := range briefs {
			by[b.ID] = b.Name
		}
		names = by
	}
	for _, id := range f.IDs {
		list = append(list, Named{ID: id, Name: names[id]})
	}
	return root, list, nil
}
