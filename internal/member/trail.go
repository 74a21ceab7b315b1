package member

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/uniq"
)

// TrailModule is the member's module id in the change trail (change_trail.module).
const TrailModule = 10

// trail declares the member trail (党员变动轨迹): the fields it reports, in
// the order of the detail page, with their Chinese labels; dictionary
// fields show their labels, the ID number and phone are masked.
var trail = &record.Decl{Module: TrailModule, Noun: "党员", Fields: []record.Field{
	record.Text("name", "姓名"),
	dictTrail("gender"),
	dictTrail("ethnicity"),
	record.Text("birthDate", "出生日期"),
	record.IDNumber("idNumber", "身份证号码"),
	record.Phone("phone", "手机号码"),
	dictTrail("education"),
	dictTrail("professionalTitle"),
	dictTrail("post"),
	dictTrail("personCategory"),
	dictTrail("personType"),
	dictTrail("partyStatus"),
	dictTrail("memberStatus"),
	dictTrail("source"),
	record.Text("staffOrStudentNo", "学号/工号"),
	dictTrail("grade"),
	record.Text("className", "班级"),
	record.Text("unit", "所在单位"),
	record.Text("org", "所在党组织"),
	record.Text("user", "关联账号"),
	record.Text("appliedOn", "申请入党日期"),
	record.Text("joinedOn", "入党日期"),
	record.Text("fullOn", "转正日期"),
	record.Text("underWatchSince", "留党察看起始日期"),
	record.Text("photo", "照片"),
	record.Text("remark", "备注"),
}}

// dictTrail is the trail field of the dictionary field name (dictFields).
func dictTrail(name string) record.Field {
	for _, f := range dictFields() {
		if f.name == name {
			return record.Dict(f.name, f.label, f.dict)
		}
	}
	panic("member: no dictionary field " + name)
}

// trailOf is the record's raw trail view (trail.Changes labels, masks and
// compares it), with the names of the organisation, unit and account read.
// idClear and phoneClear are the clear personal values: compared, so two
// numbers sharing a mask still differ, but only their masks reach the trail.
func (s *Service) trailOf(ctx context.Context, idb bun.IDB, m *Member, idClear, phoneClear string) (map[string]string, error) {
	orgName, err := record.NameOf(ctx, idb, "dzz", "name", &m.OrgID)
	if err != nil {
		return nil, err
	}
	unit, err := record.NameOf(ctx, idb, "sys_dept", "name", m.UnitDeptID)
	if err != nil {
		return nil, err
	}
	user, err := record.NameOf(ctx, idb, "sys_user", "username", m.UserID)
	if err != nil {
		return nil, err
	}
	return trailView(m, idClear, phoneClear, orgName, unit, user), nil
}

// trailView is trailOf with the names of the organisation, unit and account
// already known (an import reads them in bulk).
func trailView(m *Member, idClear, phoneClear, orgName, unit, user string) map[string]string {
	out := map[string]string{
		"name": m.Name, "birthDate": string(m.BirthDate), "idNumber": idClear, "phone": phoneClear,
		"staffOrStudentNo": m.StaffOrStudentNo, "className": m.ClassName,
		"appliedOn": string(m.AppliedOn), "joinedOn": string(m.JoinedOn), "fullOn": string(m.FullOn), "underWatchSince": string(m.UnderWatchSince), "remark": m.Remark,
		"org": orgName, "unit": unit, "user": user,
	}
	for _, f := range dictFields() {
		out[f.name] = f.get(m)
	}
	if m.PhotoFileID != nil {
		out["photo"] = fmt.Sprintf("文件 %d", *m.PhotoFileID)
	}
	return out
}

// trails serves the member trail's endpoints: a member of the caller's
// scope, the trail across the members of the scope, and the restore.
func (s *Service) trails() record.Trail {
	return record.Trail{Decl: trail, DB: s.db,
		Find: record.FindIn(s.db, s.find), Labels: record.LabelsOf(s.labels),
		Join: "JOIN dyjbxx AS m ON m.id = ct.record_id", Name: "m.name",
		Scope: func(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
			sc, err := s.scopeOf(ctx)
			return sc.apply, err
		},
		Gone: s.orgs.Scoped("ct.anchor_id")}
}

// Restore puts a member back as the snapshot of a trail entry left it
// (ORIGIN USER_RESTORE, restoredFrom = the entry). The restored record is
// validated like an edit: an organisation revoked since, or an ID number
// taken since by another member, refuse the restore.
func (s *Service) Restore(ctx context.Context, in record.RestoreInput) (MemberView, error) {
	return record.Restore(ctx, s.trails(), in, func(ctx context.Context, snap *Member, e *audit.Entry) (MemberView, error) {
		snap.ID = e.RecordID
		return s.update(ctx, s.inputOf(snap), audit.OriginUserRestore, &e.ID)
	})
}

// moveMembers moves the members of from to to in one UPDATE and writes one
// trail entry per member (the organisation changed), inserted in batches.
func (s *Service) moveMembers(ctx context.Context, tx bun.Tx, from []int64, to int64) (int, error) {
	var keep []int64
	for _, id := range uniq.Of(from) {
		if id != to {
			keep = append(keep, id)
		}
	}
	if len(keep) == 0 {
		return 0, nil
	}
	var rows []Member
	if err := tx.NewSelect().Model(&rows).Where("m.org_id IN (?)", bun.In(keep)).OrderExpr("m.id").Scan(ctx); err != nil {
		return 0, err
	}
	if len(rows) == 0 {
		return 0, nil
	}
	now := s.now()
	if _, err := tx.NewUpdate().Model((*Member)(nil)).Set("org_id = ?", to).Set("updated_at = ?", now).
		Where("org_id IN (?)", bun.In(keep)).Exec(ctx); err != nil {
		return 0, err
	}
	var names []struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
	}
	if err := tx.NewSelect().Table("dzz").Column("id", "name").Where("id IN (?)", bun.In(append(keep, to))).Scan(ctx, &names); err != nil {
		return 0, err
	}
	nameOfOrg := map[int64]string{}
	for _, n := range names {
		nameOfOrg[n.ID] = n.Name
	}
	entries := make([]audit.Entry, len(rows))
	moved := make([]*Member, len(rows))
	for i := range rows {
		m := &rows[i]
		change := trail.Change("org", nameOfOrg[m.OrgID], nameOfOrg[to])
		m.OrgID, m.UpdatedAt = to, now
		e, err := trail.Entry(ctx, m.ID, audit.TypeUpdate, audit.OriginUserUpdate, []audit.Change{change}, m)
		if err != nil {
			return 0, err
		}
		entries[i], moved[i] = e, m
	}
	if err := audit.InsertEntries(ctx, tx, entries); err != nil {
		return 0, err
	}
	if err := keepState(ctx, tx, now, moved...); err != nil {
		return 0, err
	}
	return len(rows), nil
}
