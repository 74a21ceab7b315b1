package demo

import (
	"context"

	"zhdj/internal/member"
	"zhdj/internal/org"
)

// linkLeaders records each organisation's secretary and committee as member
// records (设置书记/委员 keeps both the names and the members chosen), once the
// members are written: a branch's among its own members, a college
// committee's among the members of its branches (whence electCommittees drew
// them). The university committee's names are its own, without records.
func (w *writer) linkLeaders(ctx context.Context) error {
	var rows []member.Brief
	if err := w.tx.NewSelect().TableExpr("dyjbxx AS bm").Column("bm.id", "bm.name", "bm.org_id").OrderExpr("bm.id").
		Scan(ctx, &rows); err != nil {
		return err
	}
	planOf := make(map[int64]int, len(w.orgIDs))
	for i, id := range w.orgIDs {
		planOf[id] = i
	}
	type key struct {
		scope int // an organisation's plan index, or -1 - a secondary's index
		name  string
	}
	ids := map[key]int64{}
	keep := func(k key, id int64) {
		if _, ok := ids[k]; !ok {
			ids[k] = id
		}
	}
	for _, m := range rows {
		i := planOf[m.OrgID]
		keep(key{i, m.Name}, m.ID)
		keep(key{-1 - w.p.orgs[i].secondary, m.Name}, m.ID)
	}
	for i := range w.p.orgs {
		o := &w.p.orgs[i]
		scope := i
		switch {
		case o.holdsMembers():
		case o.parent >= 0 && o.typ != org.TypeGroup:
			scope = -1 - o.secondary
		default:
			continue
		}
		var committee org.IDs
		for _, name := range o.committee {
			if id, ok := ids[key{scope, name}]; ok {
				committee = append(committee, id)
			}
		}
		q := w.tx.NewUpdate().Model((*org.Org)(nil)).Set("committee_member_ids = ?", committee).Where("id = ?", w.orgIDs[i])
		if id, ok := ids[key{scope, o.secretary}]; ok {
			q = q.Set("secretary_member_id = ?", id)
		}
		if _, err := q.Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}
