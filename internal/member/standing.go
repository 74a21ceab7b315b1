package member

import (
	"context"
	"slices"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// What other domains may know of a member record without reading the
// member table themselves: whether a person of the registry is a party
// member (发展党员 refuses a member as an applicant), and whether the members
// a rule names stand as it requires (入党介绍人, 培养联系人).

// InParty tells whether a member in status (DY_ZT) is still a party member:
// every status but those who left the party — 已出党 (自行脱党/退党, 开除党籍,
// 不予承认, 取消预备党员资格) and 去世 (RULES.md §3). 已转出, 停止党籍 and 失联
// members are still members.
func InParty(status string) bool { return status != StatusLeft && status != StatusDeceased }

// Membership is the member record of a person, as another domain may know
// it: the record's id, its statuses and their labels ("正式党员（停止党籍）").
// It names nobody: the caller knows the person already.
type Membership struct {
	MemberID     int64
	PartyStatus  string // DJ_DY_DJZTXX
	MemberStatus string // DY_ZT
	Label        string // the party status' label, with the member status' when it is not 正常
}

// InParty tells whether the membership is a party member's (InParty).
func (m Membership) InParty() bool { return InParty(m.MemberStatus) }

// MembershipsByIndex are the member records whose ID number has one of the
// blind indexes idxs (as the people registry keeps them: the same key),
// keyed by the index, whatever the caller's scope: a person of the caller's
// registry may be a member of another college, and the answer names no one.
func (s *Service) MembershipsByIndex(ctx context.Context, idb bun.IDB, idxs []string) (map[string]Membership, error) {
	idxs = slices.DeleteFunc(uniq.Of(idxs), func(x string) bool { return x == "" })
	out := make(map[string]Membership, len(idxs))
	if len(idxs) == 0 {
		return out, nil
	}
	var rows []Member
	if err := idb.NewSelect().Model(&rows).Column("m.id", "m.id_number_idx", "m.party_status", "m.member_status").
		Where("m.id_number_idx IN (?)", bun.In(idxs)).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	if len(rows) == 0 {
		return out, nil
	}
	l, err := s.sys.DictLabels(ctx, "DJ_DY_DJZTXX", "DY_ZT")
	if err != nil {
		return nil, err
	}
	for _, m := range rows {
		label := l.Label("DJ_DY_DJZTXX", m.PartyStatus)
		if m.MemberStatus != StatusNormal {
			label += "（" + l.Label("DY_ZT", m.MemberStatus) + "）"
		}
		out[m.IDNumberIdx] = Membership{MemberID: m.ID, PartyStatus: m.PartyStatus, MemberStatus: m.MemberStatus, Label: label}
	}
	return out, nil
}

// Standing is a member as another domain's rule on the members it names
// reads them: statuses and 留党察看. Name is the member's name when the
// member is in the caller's scope, "" otherwise (a refusal must not name
// people the caller cannot see).
type Standing struct {
	ID              int64
	Name            string
	PartyStatus     string
	MemberStatus    string
	UnderWatchSince date.Date // 受留党察看处分、尚未恢复党员权利 since (zero: not under 留党察看)
}

// Good tells whether the member is a full member in normal status with the
// rights of a member (not under 留党察看).
func (st Standing) Good() bool {
	return st.PartyStatus == PartyFull && st.MemberStatus == StatusNormal && st.UnderWatchSince.IsZero()
}

// Standings are members ids (those that exist) by id, whatever the caller's
// scope, with the names of those in it only.
func (s *Service) Standings(ctx context.Context, idb bun.IDB, ids []int64) (map[int64]Standing, error) {
	out := make(map[int64]Standing, len(ids))
	ids = uniq.Of(ids)
	if len(ids) == 0 {
		return out, nil
	}
	sc, err := s.scopeOf(ctx)
	if err != nil {
		return nil, err
	}
	var rows []Member
	if err := idb.NewSelect().Model(&rows).
		Column("m.id", "m.name", "m.org_id", "m.user_id", "m.party_status", "m.member_status", "m.under_watch_since").
		Where("m.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, m := range rows {
		st := Standing{ID: m.ID, PartyStatus: m.PartyStatus, MemberStatus: m.MemberStatus, UnderWatchSince: m.UnderWatchSince}
		if sc.all || slices.Contains(sc.orgIDs, m.OrgID) || (m.UserID != nil && *m.UserID == sc.self) {
			st.Name = m.Name
		}
		out[m.ID] = st
	}
	return out, nil
}
