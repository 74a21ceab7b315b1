package member

import (
	"context"
	"errors"
	"strings"
	"zhdj/internal/platform/uniq"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// Field limits (characters).
const (
	maxName      = 50
	maxStaffNo   = 32
	maxClassName = 100
	maxRemark    = 500
)

// prepared is a validated record ready to be written, with the clear
// personal values the trail masks.
type prepared struct {
	m               *Member
	warnings        []string
	idClear, phone  string
	curID, curPhone string      // the current record's clear values (update)
	in              MemberInput // the input as checked (trimmed, masks resolved)
}

// prepare validates in (Chinese 400/409 messages) against the current
// record cur (nil on create) and builds the row to write. Reads go through
// idb so that a transaction sees its own earlier writes.
func (s *Service) prepare(ctx context.Context, idb bun.IDB, l system.DictLabels, in MemberInput, cur *Member) (*prepared, error) {
	p, err := s.check(l, in, cur)
	if err != nil {
		return nil, err
	}
	m := p.m
	if cur == nil || cur.OrgID != m.OrgID {
		if err := s.checkOrg(ctx, m.OrgID); err != nil {
			return nil, err
		}
	}
	if err := s.checkRefs(ctx, idb, p.in, cur); err != nil {
		return nil, err
	}
	if m.IDNumberIdx != "" && (cur == nil || cur.IDNumberIdx != m.IDNumberIdx) {
		n, err := idb.NewSelect().Model((*Member)(nil)).Where("id_number_idx IN (?)", bun.In(s.idIndexes(p.idClear))).
			Where("id <> ?", m.ID).Count(ctx)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		if n > 0 {
			return nil, errDuplicateID()
		}
	}
	return p, nil
}

// check is the part of prepare that needs no database: every field rule,
// the rules of RULES.md §2 and the encryption of the personal fields. It
// leaves to the caller what needs reading: the organisation (in scope,
// live, holding members), the unit, account and photo, and the ID number
// being free. An import runs check per row and those reads in bulk.
func (s *Service) check(l system.DictLabels, in MemberInput, cur *Member) (*prepared, error) {
	now := s.now()
	in.trim()
	p := &prepared{m: &Member{MemberStatus: StatusNormal, Source: SourceBackOffice, CreatedAt: now}}
	if cur != nil {
		copied := *cur
		p.m = &copied
		p.curID, p.curPhone = s.reveal(cur.IDNumberEnc, cur.ID), s.reveal(cur.PhoneEnc, cur.ID)
	}
	m := p.m
	m.UpdatedAt = now

	// Every field is checked, so the form marks all bad ones at once; a
	// step that needs an earlier one's value runs only when that passed.
	var c httpx.Checks
	c.Add(record.Required("name", "姓名", in.Name, maxName))
	m.Name = in.Name

	// ID number: birth date and gender follow from it and must agree.
	var idInfo *IDNumber
	if strings.Contains(in.IDNumber, "*") {
		// Sent back masked, as the detail shows it: keep the stored number.
		if cur == nil || p.curID == "" || crypto.MaskIDNumber(p.curID) != strings.ToUpper(in.IDNumber) {
			c.Add(httpx.Invalid("idNumber", "请输入完整的身份证号码"))
		} else {
			in.IDNumber = p.curID
		}
	}
	if in.IDNumber != "" && !c.Failed("idNumber") {
		info, err := ParseIDNumber(in.IDNumber, now)
		var he *httpx.Error
		switch {
		case errors.As(err, &he):
			c.Add(httpx.Invalid("idNumber", "%s", he.Message))
		case err != nil:
			return nil, err
		default:
			idInfo, p.idClear = &info, info.Number
		}
	}
	birth, err := record.Date("birthDate", "出生日期", in.BirthDate)
	if !c.Add(err) && !c.Failed("idNumber") {
		b, gender, err := record.BornAs(idInfo, birth, in.Gender)
		if !c.Add(err) {
			m.BirthDate, in.Gender = b, gender
			c.Add(record.Chosen("gender", "性别", in.Gender != ""))
		}
	}

	switch {
	case in.Phone == "":
	case strings.Contains(in.Phone, "*"):
		if cur == nil || p.curPhone == "" || crypto.MaskPhone(p.curPhone) != in.Phone {
			c.Add(httpx.Invalid("phone", "请输入完整的手机号码"))
		} else {
			in.Phone = p.curPhone
		}
	case !IsMobilePhone(in.Phone):
		c.Add(httpx.Invalid("phone", "请输入正确的手机号码"))
	}
	p.phone = in.Phone

	c.Add(record.Chosen("personCategory", "人员类别", in.PersonCategory != ""),
		record.Chosen("partyStatus", "党籍状态", in.PartyStatus != ""),
		record.Chosen("orgId", "所在党组织", in.OrgID != nil && *in.OrgID > 0))
	if in.JoinedOn == "" {
		c.Add(httpx.Invalid("joinedOn", "请填写入党日期"))
	}
	m.Gender, m.Ethnicity, m.Education, m.ProfessionalTitle = in.Gender, in.Ethnicity, in.Education, in.ProfessionalTitle
	m.Post, m.PersonCategory, m.PersonType, m.PartyStatus = in.Post, in.PersonCategory, in.PersonType, in.PartyStatus
	m.Grade = in.Grade
	if in.MemberStatus != "" {
		m.MemberStatus = in.MemberStatus
	}
	c.Add(statusByProcedure(cur, m.MemberStatus))
	if in.Source != "" {
		m.Source = in.Source
	}
	for _, f := range dictFields() {
		was := "" // the value the member had: a disabled one is kept, never newly chosen
		if cur != nil {
			was = f.get(cur)
		}
		c.Add(record.DictValue(f.name, f.label, f.dict, f.get(m), was, l))
	}
	c.Add(record.MaxLen("staffOrStudentNo", "学号/工号", in.StaffOrStudentNo, maxStaffNo),
		record.MaxLen("className", "班级", in.ClassName, maxClassName),
		record.MaxLen("remark", "备注", in.Remark, maxRemark))
	m.StaffOrStudentNo, m.ClassName, m.Remark = in.StaffOrStudentNo, in.ClassName, in.Remark

	for _, d := range []struct {
		raw   string
		dst   *date.Date
		field string
		label string
	}{{in.AppliedOn, &m.AppliedOn, "appliedOn", "申请入党日期"}, {in.JoinedOn, &m.JoinedOn, "joinedOn", "入党日期"}, {in.FullOn, &m.FullOn, "fullOn", "转正日期"},
		{in.UnderWatchSince, &m.UnderWatchSince, "underWatchSince", "留党察看起始日期"}} {
		v, err := record.Date(d.field, d.label, d.raw)
		c.Add(err)
		*d.dst = v
	}
	if !m.UnderWatchSince.IsZero() && !c.Failed("underWatchSince") {
		c.Add(record.NotAfter("underWatchSince", "留党察看起始日期", m.UnderWatchSince, date.Of(now.In(date.China))))
	}
	// The rules of RULES.md §2 compare the dates: only once each is valid.
	if !c.Failed("birthDate") && !c.Failed("appliedOn") && !c.Failed("joinedOn") && !c.Failed("fullOn") && !c.Failed("idNumber") {
		p.warnings, err = CheckRules(RuleFacts{BirthDate: m.BirthDate, AppliedOn: m.AppliedOn, JoinedOn: m.JoinedOn,
			FullOn: m.FullOn, PartyStatus: m.PartyStatus}, now)
		c.Add(err)
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	m.OrgID = *in.OrgID
	m.UnitDeptID, m.UserID, m.PhotoFileID = in.UnitDeptID, in.UserID, in.PhotoFileID

	// Personal fields: encrypted, with a blind index; an unchanged value
	// keeps its ciphertext (m is a copy of cur, so it holds cur's).
	var idCanonical string
	if idInfo != nil {
		idCanonical = idInfo.Canonical
	}
	m.IDNumberEnc, m.IDNumberIdx = s.cipher.Seal(p.idClear, idCanonical, p.curID, m.IDNumberEnc)
	m.PhoneEnc, m.PhoneIdx = s.cipher.Seal(p.phone, p.phone, p.curPhone, m.PhoneEnc)
	p.in = in
	return p, nil
}

func (in *MemberInput) trim() {
	for _, f := range []*string{&in.Name, &in.Gender, &in.Ethnicity, &in.Education, &in.ProfessionalTitle, &in.Post,
		&in.PersonCategory, &in.PersonType, &in.PartyStatus, &in.MemberStatus, &in.Source, &in.IDNumber, &in.Phone,
		&in.BirthDate, &in.StaffOrStudentNo, &in.Grade, &in.ClassName, &in.AppliedOn, &in.JoinedOn, &in.FullOn, &in.UnderWatchSince, &in.Remark} {
		*f = strings.TrimSpace(*f)
	}
	in.IDNumber = strings.ToUpper(in.IDNumber)
}

// statusByProcedure refuses the statuses a form may not set because a
// procedure with a rule sets them (《中国共产党党员教育管理工作条例》第二十四条):
// 停止党籍, which needs its cause (组织关系转接 › 停止党籍), and 除名 of a
// suspended member, two years after the suspension (组织关系转接 › 出党). A
// record already suspended keeps its status through an edit.
func statusByProcedure(cur *Member, status string) error {
	was := ""
	if cur != nil {
		was = cur.MemberStatus
	}
	switch {
	case status == StatusSuspended && was != StatusSuspended:
		return httpx.Invalid("memberStatus", "停止党籍须在「组织关系转接 › 停止党籍」办理并记录原因（失去联系满6个月或出国（境）学习研究超过5年，《中国共产党党员教育管理工作条例》第二十四条）")
	case was == StatusSuspended && status == StatusLeft:
		return httpx.Invalid("memberStatus", "停止党籍党员的除名须在「组织关系转接 › 出党」办理（停止党籍2年后仍无法取得联系的予以除名，《中国共产党党员教育管理工作条例》第二十四条）")
	}
	return nil
}

func errDuplicateID() *httpx.Error { return httpx.Conflict("身份证号码已存在") }

// checkOrg accepts an organisation members may be placed in: existing and
// in the caller's scope (otherwise the same answer: it does not exist),
// live, and of a type that holds members.
func (s *Service) checkOrg(ctx context.Context, id int64) error {
	o, err := s.orgs.Find(ctx, id)
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == 404 {
			return httpx.Invalid("orgId", "所选党组织不存在")
		}
		return err
	}
	return acceptOrg(o)
}

// acceptOrg checks that members may be placed in o (found in scope).
func acceptOrg(o *org.Org) error {
	if !o.Live() {
		return httpx.Invalid("orgId", "所选党组织“%s”已撤销", o.Name)
	}
	if !OrgTypeHoldsMembers(o.Type) {
		return httpx.Invalid("orgId", "党员只能编入党支部、直属党支部或党总支，不能编入“%s”", o.Name)
	}
	return nil
}

// checkRefs checks the unit, the linked account and the photo when they change.
func (s *Service) checkRefs(ctx context.Context, idb bun.IDB, in MemberInput, cur *Member) error {
	changed := func(v, old *int64) bool {
		return v != nil && (cur == nil || old == nil || *old != *v)
	}
	var curUnit, curUser, curPhoto *int64
	var self int64
	if cur != nil {
		curUnit, curUser, curPhoto, self = cur.UnitDeptID, cur.UserID, cur.PhotoFileID, cur.ID
	}
	if changed(in.UnitDeptID, curUnit) {
		n, err := idb.NewSelect().Table("sys_dept").Where("id = ?", *in.UnitDeptID).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n == 0 {
			return httpx.Invalid("unitDeptId", "所选单位不存在")
		}
	}
	if in.UserID == nil && curUser != nil && !rbac.From(ctx).Has(PermAccount) {
		return httpx.Forbidden("没有关联党员账号的权限")
	}
	if changed(in.UserID, curUser) {
		if err := s.checkAccountLink(ctx, *in.UserID); err != nil {
			return err
		}
		taken, err := idb.NewSelect().Model((*Member)(nil)).Where("user_id = ?", *in.UserID).Where("id <> ?", self).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if taken > 0 {
			return errUserTaken()
		}
	}
	if changed(in.PhotoFileID, curPhoto) {
		f, err := s.sys.FileForRead(ctx, *in.PhotoFileID)
		if err != nil {
			return httpx.Invalid("photoFileId", "照片文件不存在")
		}
		if !strings.HasPrefix(f.ContentType, "image/") {
			return httpx.Invalid("photoFileId", "照片须为图片文件")
		}
	}
	return nil
}

func errUserTaken() *httpx.Error { return httpx.Conflict("该账号已关联其他党员") }

// mapErr keeps an *httpx.Error and names the constraint a write broke: the
// account's own unique key says the account is taken, any other the ID number.
func mapErr(err error) error {
	unique := errDuplicateID().Message
	if err != nil && (strings.Contains(err.Error(), "user_id") || strings.Contains(err.Error(), "uq_dyjbxx_user")) {
		unique = errUserTaken().Message
	}
	return record.WriteError(err, unique, "所选党组织、单位、账号或照片不存在")
}

// inputOf is the input that leaves the record as it is (the base an update
// body is merged onto).
func (s *Service) inputOf(m *Member) MemberInput {
	orgID := m.OrgID
	return MemberInput{ID: m.ID, Name: m.Name, Gender: m.Gender, Ethnicity: m.Ethnicity, Education: m.Education,
		ProfessionalTitle: m.ProfessionalTitle, Post: m.Post, PersonCategory: m.PersonCategory, PersonType: m.PersonType,
		PartyStatus: m.PartyStatus, MemberStatus: m.MemberStatus, Source: m.Source,
		IDNumber: s.reveal(m.IDNumberEnc, m.ID), Phone: s.reveal(m.PhoneEnc, m.ID), BirthDate: string(m.BirthDate),
		StaffOrStudentNo: m.StaffOrStudentNo, Grade: m.Grade, ClassName: m.ClassName, UnitDeptID: m.UnitDeptID,
		OrgID: &orgID, UserID: m.UserID, AppliedOn: string(m.AppliedOn), JoinedOn: string(m.JoinedOn),
		FullOn: string(m.FullOn), UnderWatchSince: string(m.UnderWatchSince), PhotoFileID: m.PhotoFileID, Remark: m.Remark}
}

// Create adds a member (ORIGIN USER_CREATE) and returns it, masked, with
// the rule warnings. Everything is checked before the transaction opens, so
// the transaction itself only writes (SQLite holds its write lock for it).
func (s *Service) Create(ctx context.Context, in MemberInput) (MemberView, error) {
	l, err := s.labels(ctx)
	if err != nil {
		return MemberView{}, err
	}
	p, err := s.prepare(ctx, s.db, l, in, nil)
	if err != nil {
		return MemberView{}, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return s.insert(ctx, tx, l, p, audit.OriginUserCreate)
	})
	if err != nil {
		return MemberView{}, mapErr(err)
	}
	v, err := s.Detail(ctx, p.m.ID, false)
	v.Warnings = p.warnings
	return v, err
}

// CreateTx validates and inserts a member inside the caller's transaction
// with a trail entry of the given origin (an import passes SYSTEM_IMPORT).
// It returns the new record and the rule warnings.
func (s *Service) CreateTx(ctx context.Context, tx bun.Tx, in MemberInput, origin int) (*Member, []string, error) {
	l, err := s.labels(ctx)
	if err != nil {
		return nil, nil, err
	}
	p, err := s.prepare(ctx, tx, l, in, nil)
	if err != nil {
		return nil, nil, err
	}
	if err := s.insert(ctx, tx, l, p, origin); err != nil {
		return nil, nil, mapErr(err)
	}
	return p.m, p.warnings, nil
}

// insert writes a prepared new record and its ADD trail entry (every field
// set), and publishes Created in the same transaction.
func (s *Service) insert(ctx context.Context, tx bun.Tx, l system.DictLabels, p *prepared, origin int) error {
	after, err := s.trailOf(ctx, tx, p.m, p.idClear, p.phone)
	if err != nil {
		return err
	}
	if _, err = trail.Save(ctx, tx, l.Label, record.Save{Origin: origin, After: after, Snapshot: p.m,
		Write: func(ctx context.Context) (int64, error) {
			_, err := tx.NewInsert().Model(p.m).Returning("id").Exec(ctx)
			return p.m.ID, err
		}}); err != nil {
		return err
	}
	if err := keepState(ctx, tx, s.now(), p.m); err != nil {
		return err
	}
	return s.bus.Publish(ctx, tx, Created{MemberID: p.m.ID, Name: p.m.Name, OrgID: p.m.OrgID, PartyStatus: p.m.PartyStatus, Source: p.m.Source,
		JoinedOn: p.m.JoinedOn})
}

// Update changes a member of the caller's scope (ORIGIN USER_UPDATE) and
// returns it, masked, with the rule warnings.
func (s *Service) Update(ctx context.Context, in MemberInput) (MemberView, error) {
	return s.update(ctx, in, audit.OriginUserUpdate, nil)
}

// update checks in against the current record outside the transaction,
// then writes it only if nobody changed the record meanwhile.
func (s *Service) update(ctx context.Context, in MemberInput, origin int, restoredFrom *int64) (MemberView, error) {
	if in.ID <= 0 {
		return MemberView{}, httpx.Invalid("id", "缺少党员编号")
	}
	p, err := record.Edit(ctx, s.db, in.ID, s.labels, s.find,
		func(ctx context.Context, l system.DictLabels, row *memberRow) (*prepared, error) {
			return s.prepare(ctx, s.db, l, in, &row.Member)
		},
		func(ctx context.Context, tx bun.Tx, l system.DictLabels, row *memberRow, p *prepared) error {
			return s.write(ctx, tx, l, &row.Member, p, origin, restoredFrom)
		})
	if err != nil {
		return MemberView{}, mapErr(err)
	}
	v, err := s.Detail(ctx, in.ID, false)
	v.Warnings = p.warnings
	return v, err
}

// UpdateTx validates and writes a new version of the member in.ID (of the
// caller's scope) inside the caller's transaction, with a trail entry of
// the given origin when anything changed (an import passes
// SYSTEM_IMPORT_UPDATE). It returns the rule warnings.
func (s *Service) UpdateTx(ctx context.Context, tx bun.Tx, in MemberInput, origin int, restoredFrom *int64) ([]string, error) {
	l, err := s.labels(ctx)
	if err != nil {
		return nil, err
	}
	row, err := s.find(ctx, tx, in.ID)
	if err != nil {
		return nil, err
	}
	p, err := s.prepare(ctx, tx, l, in, &row.Member)
	if err != nil {
		return nil, err
	}
	if err := s.write(ctx, tx, l, &row.Member, p, origin, restoredFrom); err != nil {
		return nil, mapErr(err)
	}
	return p.warnings, nil
}

// write stores the prepared version of cur and its trail entry. The update
// matches cur's updated_at, so a change made since cur was read is a 409
// rather than silently overwritten (and mis-described in the trail).
func (s *Service) write(ctx context.Context, tx bun.Tx, l system.DictLabels, cur *Member, p *prepared, origin int, restoredFrom *int64) error {
	before, err := s.trailOf(ctx, tx, cur, p.curID, p.curPhone)
	if err != nil {
		return err
	}
	after, err := s.trailOf(ctx, tx, p.m, p.idClear, p.phone)
	if err != nil {
		return err
	}
	_, err = trail.Save(ctx, tx, l.Label, record.Save{Origin: origin, RestoredFrom: restoredFrom, Before: before,
		After: after, Snapshot: p.m, Write: func(ctx context.Context) (int64, error) {
			return p.m.ID, trail.OneRow(tx.NewUpdate().Model(p.m).WherePK().Where("updated_at = ?", cur.UpdatedAt).
				ExcludeColumn("id", "created_at").Exec(ctx))
		}})
	if err != nil {
		return err
	}
	return keepState(ctx, tx, s.now(), p.m)
}

// Delete removes members added by hand by mistake: only records whose
// source is 后台添加 and whose trail holds nothing but their creation. Any
// other member leaves through a status (已转出, 已出党, 去世 …), so that
// statistics and history stay whole. Each leaves a DELETE entry with its
// last state (personal values masked as ever) in the member trail.
func (s *Service) Delete(ctx context.Context, ids []int64) error {
	sc, err := s.scopeOf(ctx)
	if err != nil {
		return err
	}
	ids = uniq.Of(ids)
	var rows []Member
	if err := sc.apply(s.db.NewSelect().Model(&rows).Where("m.id IN (?)", bun.In(ids))).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	if len(rows) != len(ids) {
		return ErrNoMember()
	}
	for _, m := range rows {
		if m.Source != SourceBackOffice {
			return httpx.BadRequest("党员“%s”不是后台添加的记录，不能删除；如已转出、出党或去世，请修改党员状态", m.Name)
		}
	}
	var changed []struct {
		RecordID int64 `bun:"record_id"`
	}
	if err := s.db.NewSelect().Model((*audit.Entry)(nil)).Column("record_id").
		Where("module = ?", TrailModule).Where("record_id IN (?)", bun.In(ids)).
		Where("type <> ?", audit.TypeAdd).Limit(1).Scan(ctx, &changed); err != nil {
		return httpx.Internal(err)
	}
	if len(changed) > 0 {
		for _, m := range rows {
			if m.ID == changed[0].RecordID {
				return httpx.BadRequest("党员“%s”已有变动记录，不能删除，请修改党员状态", m.Name)
			}
		}
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		gone := make([]record.Gone, len(rows))
		for i := range rows {
			m := &rows[i]
			before, err := s.trailOf(ctx, tx, m, s.reveal(m.IDNumberEnc, m.ID), s.reveal(m.PhoneEnc, m.ID))
			if err != nil {
				return err
			}
			gone[i] = record.Gone{ID: m.ID, Name: m.Name, Anchor: m.OrgID, Before: before, Snapshot: m}
		}
		entries, err := trail.DeleteEntries(ctx, l.Label, gone)
		if err != nil {
			return err
		}
		if err := audit.InsertEntries(ctx, tx, entries); err != nil {
			return err
		}
		if err := s.sys.DropAttachments(ctx, tx, s.attachments().Module, ids); err != nil {
			return err
		}
		if err := endState(ctx, tx, s.now(), ids); err != nil {
			return err
		}
		_, err = tx.NewDelete().Model((*Member)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx)
		return err
	})
	return mapErr(err)
}
