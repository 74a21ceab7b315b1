package develop

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// RecordPerson is who a development record names, as the party school
// opens an account for them: the 学号/工号 (the username), the branch, the
// registry's unit (nil when the registry has none) and the member record
// once they are a member.
type RecordPerson struct {
	RecordID   int64
	PersonNo   string
	Name       string
	OrgID      int64
	UnitDeptID *int64
	MemberID   *int64
}

// RecordPeople reads the people of records ids through idb, whatever
// their stage now and the caller's scope (the party school has checked the
// trainees it asks for are of a batch in scope). A record not found is
// absent.
func (s *Service) RecordPeople(ctx context.Context, idb bun.IDB, ids []int64) (map[int64]RecordPerson, error) {
	out := map[int64]RecordPerson{}
	if len(ids) == 0 {
		return out, nil
	}
	if len(ids) > maxStageNames {
		return nil, httpx.BadRequest("一次至多查询 %d 条发展党员记录", maxStageNames)
	}
	var recs []Record
	if err := idb.NewSelect().Model(&recs).Column("r.id", "r.person_kind", "r.person_id", "r.person_no", "r.name", "r.org_id", "r.member_id").
		Where("r.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	byKind := map[string][]int64{}
	for _, r := range recs {
		byKind[r.PersonKind] = append(byKind[r.PersonKind], r.PersonID)
	}
	units := map[string]map[int64]int64{}
	for kind, people := range byKind {
		u, err := s.persons.UnitsOf(ctx, idb, kind, people)
		if err != nil {
			return nil, err
		}
		units[kind] = u
	}
	for _, r := range recs {
		p := RecordPerson{RecordID: r.ID, PersonNo: r.PersonNo, Name: r.Name, OrgID: r.OrgID, MemberID: r.MemberID}
		if u, ok := units[r.PersonKind][r.PersonID]; ok && u > 0 {
			p.UnitDeptID = &u
		}
		out[r.ID] = p
	}
	return out, nil
}
