package people

import (
	"context"
	"fmt"
	"slices"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/remind"
	"zhdj/internal/system"
)

// Leavers. A source that lists all of the school's students (the student
// system) or staff (the HR system) tells, by omission, who left: a person
// in school or in post whom it no longer lists is marked with a status the
// source names (毕业, 调离…) on the day of the run (left_on), and the source
// that marked them is kept (left_source_id) so that, listed again (a
// source's bad day), they come back — a person marked by hand never does.
// Records are never deleted. A member of the party among the leavers is
// then reminded of to their branch until their relation is transferred out
// (leaverReminder).

// LeaverTarget is what marking leavers needs of a people import kind.
type LeaverTarget struct {
	NumberColumn string // the import column of the business key ("studentNo")
	StatusDict   string // the status dictionary
	Active       string // the status of those the source must list (在读, 在职)
}

// LeaverTargets are the import kinds that list people, by their key.
func LeaverTargets() map[string]LeaverTarget {
	out := map[string]LeaverTarget{}
	for _, k := range []personKind{studentKind, teacherKind} {
		out[k.table] = LeaverTarget{NumberColumn: k.numberField, StatusDict: k.statusDict, Active: k.defStatus}
	}
	return out
}

// LeaverStatuses are the statuses a source may mark its leavers with, per
// import kind: the enabled items of its status dictionary but the active one.
func (s *Service) LeaverStatuses(ctx context.Context) (map[string][]system.DictOption, error) {
	items, err := s.sys.DictOptions(ctx, []string{DictStudentStatus, DictTeacherStatus})
	if err != nil {
		return nil, err
	}
	out := map[string][]system.DictOption{}
	for key, t := range LeaverTargets() {
		out[key] = slices.DeleteFunc(slices.Clone(items[t.StatusDict]), func(o system.DictOption) bool { return o.Value == t.Active })
	}
	return out, nil
}

// Absence is what a source's run asks of the registry.
type Absence struct {
	Target   string   // the import kind: xsjbxx or jsjbxx
	Present  []string // the numbers the source lists
	Status   string   // the status leavers get
	SourceID int64    // the source: those it marked and lists again come back
	Dry      bool     // count only
	// Allow decides, before anything is written, whether this many leavers
	// out of active people in scope may be marked (a guard against a source
	// that lists only part of the school).
	Allow func(leaving, active int) bool
}

// AbsenceResult counts a marking.
type AbsenceResult struct {
	Active   int  // people in school or in post in the caller's scope, before
	Leaving  int  // of them, not listed: marked (or, dry or refused, to be)
	Returned int  // marked by this source before and listed again: active again
	Refused  bool // Allow said no: nothing was written
}

// errLeaverStatus is the answer to a status that is not a leaver's.
func errLeaverStatus() *httpx.Error {
	return httpx.Invalid("absentStatus", "离校（离职）标记的状态须为状态字典中“在读”“在职”以外的一项")
}

// MarkAbsent marks the active people of the caller's scope whom in.Present
// does not list as left, and brings back those the same source marked and
// now lists, in one transaction; each update is guarded by the status it
// read, so a concurrent edit wins. The present set comes from the source
// (in memory already): the registry side read is one indexed column of the
// scope's active and source-marked people, and the set difference is taken
// here, which both databases do alike.
func (s *Service) MarkAbsent(ctx context.Context, in Absence) (AbsenceResult, error) {
	var k personKind
	switch in.Target {
	case studentKind.table:
		k = studentKind
	case teacherKind.table:
		k = teacherKind
	default:
		return AbsenceResult{}, httpx.BadRequest("%s不是人员信息库，不能标记离校", in.Target)
	}
	statuses, err := s.LeaverStatuses(ctx)
	if err != nil {
		return AbsenceResult{}, err
	}
	if !slices.ContainsFunc(statuses[in.Target], func(o system.DictOption) bool { return o.Value == in.Status }) {
		return AbsenceResult{}, errLeaverStatus()
	}
	sc, err := s.scopeOf(ctx)
	if err != nil {
		return AbsenceResult{}, err
	}
	present := make(map[string]bool, len(in.Present))
	for _, no := range in.Present {
		present[no] = true
	}
	var res AbsenceResult
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var rows []struct {
			ID     int64  `bun:"id"`
			Number string `bun:"number"`
			Status string `bun:"status"`
		}
		q := tx.NewSelect().TableExpr("? AS x", bun.Ident(k.table)).ColumnExpr("x.id, x.? AS number, x.status", bun.Ident(k.number)).
			WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
				return g.Where("x.status = ?", k.defStatus).WhereOr("(x.status = ? AND x.left_source_id = ?)", in.Status, in.SourceID)
			})
		if err := s.applyPeople(sc, q, "x", k.code == KindStudent).Scan(ctx, &rows); err != nil {
			return httpx.Internal(err)
		}
		var leaving, returning []int64
		for _, r := range rows {
			switch {
			case r.Status == k.defStatus:
				res.Active++
				if !present[r.Number] {
					leaving = append(leaving, r.ID)
				}
			case present[r.Number]:
				returning = append(returning, r.ID)
			}
		}
		res.Leaving, res.Returned = len(leaving), len(returning)
		if in.Allow != nil && !in.Allow(res.Leaving, res.Active) {
			res.Refused = true
			return nil
		}
		if in.Dry {
			return nil
		}
		now := s.now()
		today := date.Of(now.In(date.China))
		mark := func(ids []int64, set func(*bun.UpdateQuery) *bun.UpdateQuery, from string) (int, error) {
			n := 0
			for part := range slices.Chunk(ids, 1000) {
				r, err := set(tx.NewUpdate().Table(k.table)).Set("updated_at = ?", now).
					Where("id IN (?)", bun.In(part)).Where("status = ?", from).Exec(ctx)
				if err != nil {
					return n, httpx.Internal(err)
				}
				c, _ := r.RowsAffected()
				n += int(c)
			}
			return n, nil
		}
		if res.Leaving, err = mark(leaving, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("status = ?", in.Status).Set("left_on = ?", today).Set("left_source_id = ?", in.SourceID)
		}, k.defStatus); err != nil {
			return err
		}
		res.Returned, err = mark(returning, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("status = ?", k.defStatus).Set("left_on = NULL").Set("left_source_id = NULL").
				Where("left_source_id = ?", in.SourceID)
		}, in.Status)
		return err
	})
	return res, err
}

// leftOnChange keeps when a person left as their status changes by hand or
// by a workbook: leaving the active status starts it, coming back clears it,
// and either way the mark of a source is gone (it no longer brings them back).
func leftOnChange(k personKind, p *Person, was string, isNew bool, now date.Date) {
	if p.Status == was && !isNew {
		return
	}
	p.LeftSourceID = nil
	switch {
	case p.Status == k.defStatus:
		p.LeftOn = ""
	case isNew:
		// A record made already left: when it left is not known.
	case was == k.defStatus:
		p.LeftOn = now
	}
}

// ReminderMemberLeft is the smart reminder of a party member who left the
// school (毕业, 退学, 调离, 离退休) and whose relation is still with their branch.
const ReminderMemberLeft = 132

// leaverReminder reminds a member's branch (and the member) of a member
// whose student or staff record left the active status: from the day they
// left until their relation is transferred (out of the school, or to the
// retirees' branch), or a transfer out is under way. 休学 is not leaving.
func (s *Service) leaverReminder() remind.Kind {
	return remind.Kind{Type: ReminderMemberLeft, Name: "离校（离职）党员组织关系转接提醒", Window: 0, Finder: remind.FinderFunc(s.leaversDue)}
}

// leaver is a member whose student or staff record shows them gone.
type leaver struct {
	member.Numbered
	Status string    `bun:"status"`
	LeftOn date.Date `bun:"left_on"`
}

func (s *Service) leaversDue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	labels, err := s.labels(ctx)
	if err != nil {
		return nil, err
	}
	var out []remind.Due
	// Out of the active status but still of the school: no transfer is due.
	staying := map[string][]string{studentKind.table: {StudentEnrolled, StudentSuspended}, teacherKind.table: {TeacherActive}}
	for _, k := range []personKind{studentKind, teacherKind} {
		var rows []leaver
		err := s.db.NewSelect().TableExpr("? AS x", bun.Ident(k.table)).
			Join("JOIN (?) AS m ON m.staff_or_student_no = x.?", s.members.SelectNumbered(s.db, member.StatusNormal), bun.Ident(k.number)).
			ColumnExpr("m.*, x.status, x.left_on").
			Where("x.left_on IS NOT NULL").Where("x.left_on <= ?", until).
			Where("x.status NOT IN (?)", bun.List(staying[k.table])).
			OrderExpr("x.left_on, m.id").Scan(ctx, &rows)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		ids := make([]int64, len(rows))
		for i, r := range rows {
			ids[i] = r.ID
		}
		outgoing, err := s.members.TransferringOut(ctx, ids)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			if outgoing[r.ID] {
				continue
			}
			status := labels.Label(k.statusDict, r.Status)
			d := remind.Due{RecordID: r.ID, OrgID: r.OrgID, DueOn: r.LeftOn,
				Title: fmt.Sprintf("党员%s已%s，请及时办理组织关系转接", r.Name, status),
				Content: fmt.Sprintf("党员：%s；%s：%s；%s状态：%s（%s起）。毕业、退学、调离的，请办理组织关系转出；离退休的，请转入离退休党支部。",
					r.Name, k.numberLabel, r.StaffOrStudentNo, k.what, status, r.LeftOn),
				Link: fmt.Sprintf("/dyjbxx/detail?id=%d", r.ID)}
			if r.UserID != nil {
				d.UserID = *r.UserID
			}
			out = append(out, d)
		}
	}
	return out, nil
}
