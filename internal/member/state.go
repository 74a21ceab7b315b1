package member

import (
	"context"
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// State is one version of the fields the party statistics count a member
// by (党内统计, RULES.md §6), valid from ValidFrom until ValidTo (nil: still
// valid). Every write of a member closes its open version and opens the
// next in the same transaction as its trail entry, so the statistics of a
// past date read the records as they stood then, whatever was edited
// since (docs/stats.md, 党内统计).
type State struct {
	bun.BaseModel `bun:"table:dyjbxx_state,alias:st"`

	ID             int64      `bun:"id,pk,autoincrement"`
	MemberID       int64      `bun:"member_id"`
	ValidFrom      time.Time  `bun:"valid_from"`
	ValidTo        *time.Time `bun:"valid_to"`
	OrgID          int64      `bun:"org_id"`
	Gender         string     `bun:"gender"`
	Ethnicity      string     `bun:"ethnicity"`
	Education      string     `bun:"education"`
	PersonCategory string     `bun:"person_category"`
	PartyStatus    string     `bun:"party_status"`
	MemberStatus   string     `bun:"member_status"`
	Source         string     `bun:"source"`
	BirthDate      date.Date  `bun:"birth_date"`
	JoinedOn       date.Date  `bun:"joined_on"`
	FullOn         date.Date  `bun:"full_on"`
}

// stateOf is the version m starts at from.
func stateOf(m *Member, from time.Time) State {
	return State{MemberID: m.ID, ValidFrom: from, OrgID: m.OrgID, Gender: m.Gender, Ethnicity: m.Ethnicity,
		Education: m.Education, PersonCategory: m.PersonCategory, PartyStatus: m.PartyStatus, MemberStatus: m.MemberStatus,
		Source: m.Source, BirthDate: m.BirthDate, JoinedOn: m.JoinedOn, FullOn: m.FullOn}
}

func (a State) same(b State) bool {
	a.ID, a.ValidFrom, a.ValidTo = b.ID, b.ValidFrom, b.ValidTo
	return a == b
}

// keepState closes, at at, the open versions of the members ms that differ
// from them and opens their new ones, in the caller's transaction: every
// write of a member's fields calls it with the records as written.
func keepState(ctx context.Context, idb bun.IDB, at time.Time, ms ...*Member) error {
	if len(ms) == 0 {
		return nil
	}
	for start := 0; start < len(ms); start += chunkIN {
		part := ms[start:min(start+chunkIN, len(ms))]
		ids := make([]int64, len(part))
		for i, m := range part {
			ids[i] = m.ID
		}
		var open []State
		if err := idb.NewSelect().Model(&open).Where("st.member_id IN (?)", bun.In(ids)).Where("st.valid_to IS NULL").Scan(ctx); err != nil {
			return err
		}
		current := make(map[int64]State, len(open))
		for _, o := range open {
			current[o.MemberID] = o
		}
		var closing []int64
		next := make([]State, 0, len(part))
		for _, m := range part {
			st := stateOf(m, at)
			if cur, ok := current[m.ID]; ok {
				if cur.same(st) {
					continue
				}
				closing = append(closing, cur.ID)
			}
			next = append(next, st)
		}
		if len(closing) > 0 {
			if _, err := idb.NewUpdate().Model((*State)(nil)).Set("valid_to = ?", at).Where("id IN (?)", bun.In(closing)).Exec(ctx); err != nil {
				return err
			}
		}
		if len(next) > 0 {
			if _, err := idb.NewInsert().Model(&next).Exec(ctx); err != nil {
				return err
			}
		}
	}
	return nil
}

// endState closes the open versions of members ids at at (records deleted:
// the statistics of the dates they were valid on still count them).
func endState(ctx context.Context, idb bun.IDB, at time.Time, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := idb.NewUpdate().Model((*State)(nil)).Set("valid_to = ?", at).
		Where("member_id IN (?)", bun.In(ids)).Where("valid_to IS NULL").Exec(ctx)
	return err
}

// SelectStatesBefore is the versions valid just before the instant at, one
// per member (alias st; columns of State): what the records said of every
// member then, a change made at that very instant not yet in. The
// statistics of the end of a day pass the next day's first instant.
func SelectStatesBefore(idb bun.IDB, at time.Time) *bun.SelectQuery {
	cond, args := StateValidBefore(idb, at)
	return idb.NewSelect().Model((*State)(nil)).Where(cond, args...)
}

// StateValidBefore is SelectStatesBefore's condition on a version (alias
// st) as SQL with its arguments, for a report that reads the versions of
// several instants in one pass and tells them apart in its own
// expressions (党内统计's 党员数量变化: the period's two ends).
func StateValidBefore(idb bun.IDB, at time.Time) (string, []any) {
	from, to := db.Uncoerced(idb, "st.valid_from"), db.Uncoerced(idb, "st.valid_to")
	return "(" + from + " < ? AND (st.valid_to IS NULL OR " + to + " >= ?))", []any{at, at}
}

// StateChangedBetween is the condition (alias st) of a version that began
// or ended in [a, b): a member whose version valid just before a (by
// StateValidBefore) is not the one valid just before b, or who has one
// at one instant and none at the other, has such a version, and no other
// member has.
func StateChangedBetween(idb bun.IDB, a, b time.Time) (string, []any) {
	from, to := db.Uncoerced(idb, "st.valid_from"), db.Uncoerced(idb, "st.valid_to")
	return "((" + from + " >= ? AND " + from + " < ?) OR (" + to + " >= ? AND " + to + " < ?))", []any{a, b, a, b}
}

// SelectMembersWithState is the ids (column member_id) of the members with
// a version (alias st) for which cond holds: StateChangedBetween's, for one.
func SelectMembersWithState(idb bun.IDB, cond string, args ...any) *bun.SelectQuery {
	return idb.NewSelect().Model((*State)(nil)).Column("st.member_id").Where(cond, args...)
}

// SelectStatesBeforeEither is the versions valid just before a or just
// before b (alias st; StateValidBefore tells which): at most two a member.
func SelectStatesBeforeEither(idb bun.IDB, a, b time.Time) *bun.SelectQuery {
	ca, aa := StateValidBefore(idb, a)
	cb, ab := StateValidBefore(idb, b)
	return idb.NewSelect().Model((*State)(nil)).Where("("+ca+" OR "+cb+")", append(aa, ab...)...)
}

// SelectRosterAt is SelectStatesBefore(at) with each member's name (alias
// r over the versions st and the member record rm): a roster of the
// records as they stood at at — the fields the statistics count plus who
// it is — for a module that freezes it (数据快照) in one INSERT … SELECT.
// The name is today's: the versions do not keep it. No ID number or phone.
func SelectRosterAt(idb bun.IDB, at time.Time) *bun.SelectQuery {
	return SelectStatesBefore(idb, at).Join("JOIN dyjbxx AS rm ON rm.id = st.member_id").
		ColumnExpr("st.member_id, rm.name, st.org_id, st.gender, st.ethnicity, st.education, st.person_category, st.party_status, st.member_status, st.birth_date, st.joined_on")
}

// SelectStatesDuring is the versions valid at some instant of the window
// from..to as SelectStatesBefore counts (valid_from < at <= valid_to), so
// that a report of several instants reads them in one pass and tells each
// instant's versions apart by the same rule (the 党建工作台's monthly trend).
func SelectStatesDuring(idb bun.IDB, from, to time.Time) *bun.SelectQuery {
	return idb.NewSelect().Model((*State)(nil)).Where("st.valid_from < ?", to).
		Where("(st.valid_to IS NULL OR st.valid_to >= ?)", from)
}

// RecordUntrackedStates opens a version for every member that has none
// (records written in bulk without the write paths, as the demo
// university's are), valid from fromJoined ? the member's joining date (or
// its creation when it has none) : its creation. Only the demo passes
// fromJoined, standing for a university that has used the system since.
func RecordUntrackedStates(ctx context.Context, idb bun.IDB, fromJoined bool) error {
	from := "m.created_at"
	if fromJoined && db.IsPostgres(idb) {
		from = "COALESCE(CAST(m.joined_on AS TIMESTAMP), m.created_at)"
	} else if fromJoined {
		from = "COALESCE(m.joined_on, m.created_at)" // SQLite keeps both as text, a date sorting before its instants
	}
	sel := idb.NewSelect().TableExpr("dyjbxx AS m").
		ColumnExpr("m.id, " + from + ", m.org_id, m.gender, m.ethnicity, m.education, m.person_category, m.party_status, m.member_status, m.source, m.birth_date, m.joined_on, m.full_on").
		Where("NOT EXISTS (SELECT 1 FROM dyjbxx_state AS st WHERE st.member_id = m.id)")
	_, err := idb.NewRaw("INSERT INTO dyjbxx_state (member_id, valid_from, org_id, gender, ethnicity, education, person_category, party_status, member_status, source, birth_date, joined_on, full_on) ?", sel).Exec(ctx)
	return err
}

// createStates is the versions table and its replay of the member trail:
// each trail entry of a member (its full record after the change) opens a
// version and closes the one before; a DELETE closes the last. Members
// written without a trail entry get one version from their creation.
func createStates(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx,
		`CREATE TABLE dyjbxx_state (
			id {{pk}},
			member_id BIGINT NOT NULL,
			valid_from TIMESTAMP NOT NULL,
			valid_to TIMESTAMP NULL,
			org_id BIGINT NOT NULL,
			gender VARCHAR(16) NOT NULL DEFAULT '',
			ethnicity VARCHAR(16) NOT NULL DEFAULT '',
			education VARCHAR(16) NOT NULL DEFAULT '',
			person_category VARCHAR(16) NOT NULL DEFAULT '',
			party_status VARCHAR(16) NOT NULL DEFAULT '',
			member_status VARCHAR(16) NOT NULL DEFAULT '',
			source VARCHAR(16) NOT NULL DEFAULT '',
			birth_date DATE NULL,
			joined_on DATE NULL,
			full_on DATE NULL)`,
		// A member's open version (every write reads and closes it).
		`CREATE INDEX idx_dyjbxx_state_member ON dyjbxx_state(member_id, valid_to)`,
		// The statistics of a date read the versions valid then.
		`CREATE INDEX idx_dyjbxx_state_from ON dyjbxx_state(valid_from, valid_to)`,
	); err != nil {
		return err
	}
	if err := replayTrail(ctx, tx); err != nil {
		return err
	}
	return RecordUntrackedStates(ctx, tx, false)
}

// replayTrail writes the versions the member trail tells (each entry holds
// the full record after its change): one from each entry's instant until
// the next entry of the same member, none after a delete. Consecutive
// equal versions are kept (they count as one), a chunk of members at a time.
func replayTrail(ctx context.Context, tx bun.IDB) error {
	var members []int64
	if err := tx.NewSelect().Model((*audit.Entry)(nil)).ColumnExpr("DISTINCT record_id").Where("module = ?", TrailModule).
		OrderExpr("record_id").Scan(ctx, &members); err != nil {
		return err
	}
	for start := 0; start < len(members); start += chunkIN {
		part := members[start:min(start+chunkIN, len(members))]
		var entries []audit.Entry
		if err := tx.NewSelect().Model(&entries).Column("record_id", "type", "snapshot", "created_at").Where("module = ?", TrailModule).
			Where("record_id IN (?)", bun.In(part)).OrderExpr("record_id, id").Scan(ctx); err != nil {
			return err
		}
		var (
			versions []State
			last     = -1 // the index in versions of the version a next entry of the same member closes
		)
		for _, e := range entries {
			if last >= 0 && versions[last].MemberID != e.RecordID {
				last = -1
			}
			if last >= 0 {
				at := e.CreatedAt
				versions[last].ValidTo = &at
			}
			var m Member
			if e.Type == audit.TypeDelete || json.Unmarshal([]byte(e.SnapshotJSON), &m) != nil {
				last = -1 // a DELETE, or an entry without a member snapshot, opens no version
				continue
			}
			m.ID = e.RecordID
			versions = append(versions, stateOf(&m, e.CreatedAt))
			last = len(versions) - 1
		}
		if len(versions) > 0 {
			if _, err := tx.NewInsert().Model(&versions).Exec(ctx); err != nil {
				return err
			}
		}
	}
	return nil
}
