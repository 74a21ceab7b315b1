package transfer

import (
	"cmp"
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/transfer/letter"
)

// Workflow is kind's workflow, for the oversight to put an ended record in
// it (an import) and to stop one (the demo's withdrawals).
func (s *Service) Workflow(kind string) *flow.Workflow[Transfer] { return s.flows[kind] }

// workflow is kind's workflow: the applicant's step (a returned transfer
// waits there for its starter or the branch to resubmit), then the
// review steps. Every step's After keeps the record's state; the last
// approval applies the transfer (apply).
func (s *Service) workflow(kind string) *flow.Workflow[Transfer] {
	after := func(ctx context.Context, tx bun.Tx, a *flow.Act[Transfer]) error { return s.after(ctx, tx, kind, a) }
	review := []flow.Result{flow.Approve, flow.Reject, flow.Return}
	steps := []flow.Step[Transfer]{
		{Key: StepApply, Name: "提交申请", State: StateReturned, Perm: Perms.Add + "|" + PermMine, Results: []flow.Result{flow.Approve},
			May: s.isStarter, After: after},
		{Key: StepBranch, Name: "支部审核", State: StateBranch, Perm: PermBranch, Results: review, After: after},
		{Key: StepCommittee, Name: "二级党委审核", State: StateCommittee, Perm: PermCommittee, Results: review, After: after},
		{Key: StepDept, Name: "组织部审核", State: StateDept, Perm: PermDept, Results: review, After: after},
		{Key: StepInCommittee, Name: "接收方二级党委审核", State: StateInCommittee, Perm: PermCommittee, Results: review, After: after},
		{Key: StepInBranch, Name: "接收方支部审核", State: StateInBranch, Perm: PermBranch, Results: review, After: after},
	}
	wf := &flow.Workflow[Transfer]{DB: s.db, Key: flowKey(kind), Noun: KindNames[kind] + "申请", States: flow.StatesOf(States, StateNames),
		Done: StateDone, Rejected: StateRejected, Steps: steps, Find: s.find,
		OrgOf:  func(t *Transfer) int64 { return t.OrgID },
		NameOf: func(t *Transfer) string { return KindNames[kind] + "：" + t.Name },
		Link:   func(id int64) string { return LinkOf(kind, id) },
		Orgs:   s.orgs, Todos: s.sys, Files: s.sys, Now: s.now}
	if kind == KindInside {
		// The receiving side's steps act above the receiving branch.
		wf.OrgAt = func(t *Transfer, step string) int64 {
			if (step == StepInCommittee || step == StepInBranch) && t.ToOrgID != nil {
				return *t.ToOrgID
			}
			return 0
		}
	}
	return wf
}

// LinkOf is the page a transfer of kind opens in (its to-dos', its
// reminders' link).
func LinkOf(kind string, id int64) string { return fmt.Sprintf("/zzgx/%s?id=%d", pageOf(kind), id) }

// pageOf is the menu page (web/src/pages/zzgx/<page>) of kind.
func pageOf(kind string) string {
	switch kind {
	case KindReturn:
		return "abroad"
	case KindFlowOut, KindFlowIn:
		return "flow"
	case KindLost:
		return "suspend"
	}
	return kind
}

// isStarter tells whether the caller started t: the person who started a
// transfer resubmits it once returned, whatever their scope.
func (s *Service) isStarter(ctx context.Context, t *Transfer) (bool, error) {
	p := rbac.From(ctx)
	return p != nil && p.UserID != 0 && t.StartedBy != nil && *t.StartedBy == p.UserID, nil
}

// after keeps the record's state in step with the flow's and applies the
// transfer when the last approval lands. 转出 and 校内转接 get their letter
// of introduction on the approval that releases the member from the
// sending side; 校内转接's receiving branch records its receipt.
func (s *Service) after(ctx context.Context, tx bun.Tx, kind string, a *flow.Act[Transfer]) error {
	t := a.Record
	q := tx.NewUpdate().Model((*Transfer)(nil)).Set("state = ?", a.State).Set("updated_at = ?", a.At).Where("id = ?", a.ID)
	if a.State == StateDone {
		q = q.Set("done_on = ?", date.Of(a.At.In(date.China)))
	}
	if _, err := q.Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	if a.Result != flow.Approve {
		return nil
	}
	if releases(kind, a) {
		if _, err := s.letters.IssueTx(ctx, tx, letterOf(t, a)); err != nil {
			return err
		}
	}
	if a.State != StateDone {
		return nil
	}
	if kind == KindInside {
		if err := s.letters.ReceiveTx(ctx, tx, t.ID); err != nil {
			return err
		}
	}
	return s.apply(ctx, tx, t)
}

// releases tells whether approval a releases the member from the sending
// side: 转出's last approval, 校内转接's last before the receiving side.
func releases(kind string, a *flow.Act[Transfer]) bool {
	switch kind {
	case KindOut:
		return a.State == StateDone
	case KindInside:
		return a.To == StepInCommittee
	}
	return false
}

// letterOf is the letter request of transfer t approved by a. A receiving
// organisation of the school goes by its id (the letters print its name),
// one outside the school by the transfer's text.
func letterOf(t *Transfer, a *flow.Act[Transfer]) letter.Issue {
	to := t.OtherOrg
	if t.ToOrgID != nil {
		to = ""
	}
	return letter.Issue{TransferID: t.ID, MemberID: deref(t.MemberID), Kind: t.Kind, FromOrgID: t.OrgID, ToOrgID: t.ToOrgID,
		ToOrgName: to, Reach: cmp.Or(t.Reach, letter.ReachCity), FeesPaidUpTo: t.FeesPaidUpTo, IssuedBy: a.Actor.UserID}
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// apply changes the member as transfer t says, in the last approval's
// transaction: the status, the organisation and the trail entry together.
func (s *Service) apply(ctx context.Context, tx bun.Tx, t *Transfer) error {
	switch t.Kind {
	case KindIn:
		return s.admit(ctx, tx, t)
	case KindInside:
		return s.members.ChangeTx(ctx, tx, deref(t.MemberID), member.Change{OrgID: deref(t.ToOrgID)}, audit.OriginUserUpdate)
	case KindSuspend, KindLeave:
		if err := s.checkStandingTx(ctx, tx, t); err != nil {
			return err
		}
	}
	status := MemberStatusAfter(t)
	if status == "" {
		// 出国（境）暂留 and 流动党员 keep the member's record as it is: the
		// transfer itself is the fact (the oversight's rules read it).
		return nil
	}
	return s.members.ChangeTx(ctx, tx, deref(t.MemberID), member.Change{MemberStatus: status}, audit.OriginUserUpdate)
}

// MemberStatusAfter is the member status completed transfer t sets ("":
// the status stays): the approval's and the import's.
func MemberStatusAfter(t *Transfer) string {
	switch t.Kind {
	case KindIn, KindReturn:
		return member.StatusNormal
	case KindOut:
		return member.StatusTransferredOut
	case KindSuspend:
		return member.StatusSuspended
	case KindLost:
		return member.StatusLost
	case KindLeave:
		if t.SubKind == LeaveDeath {
			return member.StatusDeceased
		}
		return member.StatusLeft
	}
	return ""
}

// admit makes the member of a transfer into the school: the member who
// left and comes back (the same ID number, matched by its blind index)
// is restored at the receiving branch; anyone else gets a new record with
// source 校外转入.
func (s *Service) admit(ctx context.Context, tx bun.Tx, t *Transfer) error {
	number, err := s.cipher.Decrypt(t.IDNumberEnc)
	if err != nil {
		return httpx.Internal(err)
	}
	m, err := s.members.ByIDNumber(ctx, tx, number)
	if err != nil {
		return err
	}
	var id int64
	if err := s.restorable(ctx, m); err != nil {
		return err
	}
	if m != nil {
		id = m.ID
		if err := s.members.ChangeTx(ctx, tx, id, member.Change{OrgID: t.OrgID, MemberStatus: member.StatusNormal,
			Source: member.SourceTransferIn}, audit.OriginUserUpdate); err != nil {
			return err
		}
	} else {
		phone := ""
		if t.PhoneEnc != "" {
			if phone, err = s.cipher.Decrypt(t.PhoneEnc); err != nil {
				return httpx.Internal(err)
			}
		}
		orgID := t.OrgID
		created, _, err := s.members.CreateTx(ctx, tx, member.MemberInput{Name: t.Name, Gender: t.Gender, IDNumber: number,
			Phone: phone, PartyStatus: t.PartyStatus, MemberStatus: member.StatusNormal, Source: member.SourceTransferIn,
			PersonType: t.PersonType, PersonCategory: t.PersonCat, JoinedOn: string(t.JoinedOn), OrgID: &orgID}, audit.OriginUserCreate)
		if err != nil {
			return err
		}
		id = created.ID
	}
	_, err = tx.NewUpdate().Model((*Transfer)(nil)).Set("member_id = ?", id).Where("id = ?", t.ID).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	t.MemberID = &id
	return nil
}
