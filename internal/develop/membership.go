package develop

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// The member record a development makes and changes: on ⑰ 上级党委审批
// (接收预备党员) the person enters the member base as a probationary member;
// on ㉔ the member becomes full, or loses the probation (取消预备党员资格).
// Every change goes through the member domain's own create and update, in
// the step's transaction, so the member's change trail records it and its
// rules and encryption apply.

// Values of the member record a development writes (dictionaries of
// internal/system/dictseed).
const (
	memberSourceDeveloped = "1" // DY_LY 本校发展
	// memberStatusCancelled is DY_ZT 3 已出党: a probationary member whose
	// probation is cancelled (取消预备党员资格) is no longer a party member;
	// the party status stays DJ_DY_DJZTXX 2 预备党员, the status they lost.
	memberStatusCancelled = "3"
	// Person categories (DJ_DY_RYLBXX) and types (DJ_DYJBXX_RYLX).
	categoryStaff     = "1" // 教职工
	categoryOther     = "6" // 其他
	personTypeStaff   = "1" // 教工
	personTypeStudent = "2" // 学生
	postStudent       = "3" // DJ_DY_GZGWXX 学生
)

// studentCategories map a student's 培养层次 (XS_PYCC: 1 专科, 2 本科, 3 硕士,
// 4 博士) to the member's 人员类别 (2 本科生, 3 硕士研究生, 4 博士研究生;
// 专科 has no category of its own: 其他).
var studentCategories = map[string]string{"2": "2", "3": "3", "4": "4"}

// enterMemberBase makes record r's person a probationary member (⑰): the
// registry's facts, the branch, applied on r's application, joined on the
// branch meeting (⑮). A member with the same ID number already in the base
// is linked instead when they are the probationary member this development
// admits (entered by hand meanwhile), and refused otherwise: never two
// records of one person. A record already linked (⑰ redone after a
// return) keeps its member.
func (s *Service) enterMemberBase(ctx context.Context, tx bun.Tx, r *Record) error {
	if r.MemberID != nil {
		return nil
	}
	p, err := s.persons.PersonalOf(ctx, tx, r.PersonKind, r.PersonID)
	if err != nil {
		return err
	}
	if p.IDNumber == "" {
		return httpx.BadRequest("%s在人员信息中没有身份证号码，请先补全后再办理接收预备党员", r.Name)
	}
	if p.IDNumberIdx != "" {
		var existing struct {
			ID           int64  `bun:"id"`
			Name         string `bun:"name"`
			OrgID        int64  `bun:"org_id"`
			OrgName      string `bun:"org_name"`
			PartyStatus  string `bun:"party_status"`
			MemberStatus string `bun:"member_status"`
		}
		err := org.NameJoin("m.org_id")(tx.NewSelect().TableExpr("dyjbxx AS m").
			Column("m.id", "m.name", "m.party_status", "m.member_status", "m.org_id")).
			Where("m.id_number_idx IN (?)", bun.In(s.members.IDIndexes(p.IDNumber))).Limit(1).Scan(ctx, &existing)
		switch {
		case err == nil:
			linked, err := tx.NewSelect().Model((*Record)(nil)).Where("member_id = ?", existing.ID).Where("id <> ?", r.ID).Exists(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if existing.PartyStatus == member.PartyProbation && existing.MemberStatus == member.StatusNormal && !linked {
				return s.linkMember(ctx, tx, r, existing.ID)
			}
			// Named only inside the caller's scope (the ID number finds a
			// member of the whole school).
			if sc, err := s.orgs.ScopeOf(ctx); err != nil || !sc.Has(existing.OrgID) {
				return httpx.Conflict("党员信息库中已有身份证号码相同的党员（不在您的管理范围内），不能重复入库，请核对后处理")
			}
			return httpx.Conflict("党员信息库中已有身份证号码相同的党员（%s，%s），不能重复入库，请核对后处理", existing.Name, existing.OrgName)
		case !errors.Is(err, sql.ErrNoRows):
			return httpx.Internal(err)
		}
	}
	orgID := r.OrgID
	in := member.MemberInput{Name: p.Name, Gender: p.Gender, Ethnicity: p.Ethnicity, IDNumber: p.IDNumber,
		BirthDate: string(p.BirthDate), StaffOrStudentNo: p.Number, OrgID: &orgID,
		PartyStatus: member.PartyProbation, MemberStatus: member.StatusNormal, Source: memberSourceDeveloped,
		AppliedOn: string(r.AppliedOn), JoinedOn: string(r.AdmittedOn)}
	if p.UnitDeptID > 0 {
		unit := p.UnitDeptID // the registry's unit (所在单位): the member base keeps it too
		in.UnitDeptID = &unit
	}
	if member.IsMobilePhone(p.Phone) {
		in.Phone = p.Phone // a landline in the registry is left out: the member base keeps mobiles
	}
	if r.PersonKind == "teacher" {
		in.PersonCategory, in.PersonType, in.Post, in.ProfessionalTitle = categoryStaff, personTypeStaff, p.Post, p.ProfessionalTitle
	} else {
		in.PersonCategory, in.PersonType, in.Post = studentCategories[p.EducationLevel], personTypeStudent, postStudent
		if in.PersonCategory == "" {
			in.PersonCategory = categoryOther
		}
		in.Grade, in.ClassName = p.Grade, p.ClassName
	}
	m, _, err := s.members.CreateTx(ctx, tx, in, audit.OriginUserCreate)
	if err != nil {
		return memberRefusal(err)
	}
	return s.linkMember(ctx, tx, r, m.ID)
}

// linkMember keeps the member record on the development record.
func (s *Service) linkMember(ctx context.Context, tx bun.Tx, r *Record, memberID int64) error {
	if _, err := tx.NewUpdate().Model((*Record)(nil)).Set("member_id = ?", memberID).Where("id = ?", r.ID).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	r.MemberID = &memberID
	return nil
}

// changeMember applies change to record r's member through the member
// domain's update (its trail records the change). A record without a
// member (none was made yet) changes nothing.
func (s *Service) changeMember(ctx context.Context, tx bun.Tx, r *Record, change func(in *member.MemberInput)) error {
	if r.MemberID == nil {
		return nil
	}
	// The member was written by an earlier action (committed): its detail,
	// with the personal fields masked, is the input that keeps them.
	v, err := s.members.Detail(ctx, *r.MemberID, false)
	if err != nil {
		return err
	}
	orgID := v.OrgID
	in := member.MemberInput{ID: v.ID, Name: v.Name, Gender: v.Gender, Ethnicity: v.Ethnicity, Education: v.Education,
		ProfessionalTitle: v.ProfessionalTitle, Post: v.Post, PersonCategory: v.PersonCategory, PersonType: v.PersonType,
		PartyStatus: v.PartyStatus, MemberStatus: v.MemberStatus, Source: v.Source, IDNumber: v.IDNumber, Phone: v.Phone,
		BirthDate: string(v.BirthDate), StaffOrStudentNo: v.StaffOrStudentNo, Grade: v.Grade, ClassName: v.ClassName,
		UnitDeptID: v.UnitDeptID, OrgID: &orgID, UserID: v.UserID, AppliedOn: string(v.AppliedOn),
		JoinedOn: string(v.JoinedOn), FullOn: string(v.FullOn), UnderWatchSince: string(v.UnderWatchSince),
		PhotoFileID: v.PhotoFileID, Remark: v.Remark}
	change(&in)
	_, err = s.members.UpdateTx(ctx, tx, in, audit.OriginUserUpdate, nil)
	return memberRefusal(err)
}

// memberRefusal says that a refusal of the member domain (a field of the
// registry it does not accept, a record changed meanwhile) is about the
// member record this step writes, not about the step's own form.
func memberRefusal(err error) error {
	var he *httpx.Error
	if errors.As(err, &he) && he.Status < 500 {
		e := httpx.E(he.Status, "党员信息库未能更新（%s），请核对人员信息后再办理", he.Message)
		e.Code = he.Code
		return e
	}
	return err
}

// memberTurnsFull makes record r's member a full member on the probation's
// end (㉔ approved with the decision 转正).
func (s *Service) memberTurnsFull(ctx context.Context, tx bun.Tx, r *Record, fullOn date.Date) error {
	return s.changeMember(ctx, tx, r, func(in *member.MemberInput) {
		in.PartyStatus, in.FullOn = member.PartyFull, string(fullOn)
	})
}

// memberProbationCancelled: 取消预备党员资格, the member record leaves the
// party (DY_ZT 已出党) with the reason in its remark.
func (s *Service) memberProbationCancelled(ctx context.Context, tx bun.Tx, r *Record, on date.Date) error {
	return s.changeMember(ctx, tx, r, func(in *member.MemberInput) {
		in.MemberStatus = memberStatusCancelled
		note := fmt.Sprintf("%s 取消预备党员资格", on)
		if in.Remark == "" {
			in.Remark = note
		} else if len([]rune(in.Remark))+len([]rune(note))+1 <= 500 {
			in.Remark += "；" + note
		}
	})
}
