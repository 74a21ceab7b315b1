package pschool

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/develop"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
	"zhdj/internal/pschool/school"
	"zhdj/internal/system"
)

// accountRoutes registers the opening of trainees' accounts (the staff who
// enrol a batch's trainees open them).
func (s *Service) accountRoutes(rs *httpx.Routes) {
	rs.Post("/api/dx/batches/{id}/accounts", PermEnrol, "开通学员账号", httpx.ChangeOn(errNoBatch, s.OpenAccounts))
}

// maxAccountsOfOne bounds the trainees one call opens accounts for: each
// new account hashes its password, and the call is one transaction.
const maxAccountsOfOne = 200

// AccountsInput names the trainees of a batch to open accounts for.
type AccountsInput struct {
	TraineeIDs []int64 `json:"traineeIds"`
}

// TraineeAccount is the account a trainee now signs in with.
type TraineeAccount struct {
	TraineeID int64  `json:"traineeId"`
	Name      string `json:"name"`
	PersonNo  string `json:"personNo"`
	Username  string `json:"username"`
	// InitialPassword is set for a new account only: answered this once,
	// stored only as a hash, changed at first sign-in.
	InitialPassword string `json:"initialPassword,omitempty"`
	// How: "created" (a new 学员 account), "linked" (the existing account
	// their number names, given the 学员 role) or "member" (their party
	// member's account).
	How string `json:"how"`
}

// AccountsResult is what opening the accounts did, and the trainees left
// as they were (an account already).
type AccountsResult struct {
	Accounts []TraineeAccount `json:"accounts"`
	Skipped  []string         `json:"skipped"`
}

// OpenAccounts opens accounts for trainees of batch id who have none, in
// one transaction (all or nothing): a member uses their member account
// (refused while they have none: it is opened in 党员信息), anyone else
// (入党申请人, 积极分子, 发展对象) gets the 学员 role (school.RoleLearner,
// which the caller must be able to grant) on the account their 学号/工号
// names, or on a new account of that username with its own random initial
// password, placed in their branch and their unit. The trainees take the
// accounts and become examinees of the batch's exam.
func (s *Service) OpenAccounts(ctx context.Context, id int64, in AccountsInput) (AccountsResult, error) {
	out := AccountsResult{Accounts: []TraineeAccount{}, Skipped: []string{}}
	ids := uniq.Of(in.TraineeIDs)
	if len(ids) == 0 {
		return out, httpx.Invalid("traineeIds", "请选择学员")
	}
	if len(ids) > maxAccountsOfOne {
		return out, httpx.Invalid("traineeIds", "一次至多为 %d 名学员开通账号", maxAccountsOfOne)
	}
	if _, err := s.batchOf(ctx, s.db, id); err != nil {
		return out, err
	}
	accounts, err := s.sys.MemberAccounts(ctx)
	if err != nil {
		return out, err
	}
	err = s.inTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		out = AccountsResult{Accounts: []TraineeAccount{}, Skipped: []string{}}
		if err := s.lockOpen(ctx, tx, id, "开通学员账号"); err != nil {
			return err
		}
		var trainees []Trainee
		if err := tx.NewSelect().Model(&trainees).Where("t.batch_id = ?", id).Where("t.id IN (?)", bun.In(ids)).
			OrderExpr("t.person_no, t.id").Scan(ctx); err != nil {
			return httpx.Internal(err)
		}
		if len(trainees) != len(ids) {
			return httpx.Invalid("traineeIds", "所选学员不在本班")
		}
		var open []Trainee
		recordIDs := make([]int64, 0, len(trainees))
		for _, t := range trainees {
			switch {
			case t.State == TraineeWithdrawn:
				return httpx.Invalid("traineeIds", "%s 已退学，不能开通账号", t.Name)
			case t.UserID != nil:
				out.Skipped = append(out.Skipped, t.Name)
			default:
				open = append(open, t)
				recordIDs = append(recordIDs, t.RecordID)
			}
		}
		if len(open) == 0 {
			return nil
		}
		people, err := s.develop.RecordPeople(ctx, tx, recordIDs)
		if err != nil {
			return err
		}
		o := opener{s: s, tx: tx, accounts: accounts}
		users := make([]int64, 0, len(open))
		for _, t := range open {
			p, ok := people[t.RecordID]
			if !ok {
				return httpx.Invalid("traineeIds", "%s 的发展党员记录已不存在", t.Name)
			}
			acc, user, err := o.open(ctx, t, p)
			if err != nil {
				return inTermsOfTrainee(err, t.Name)
			}
			res, err := tx.NewUpdate().Model((*Trainee)(nil)).Set("user_id = ?", user).Set("updated_at = ?", s.now()).
				Where("id = ?", t.ID).Where("user_id IS NULL").Exec(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return httpx.Conflict("%s 的账号刚被他人开通，请刷新后重试", t.Name)
			}
			out.Accounts = append(out.Accounts, acc)
			users = append(users, user)
		}
		exam, err := s.batchExam(ctx, tx, id)
		if err != nil {
			return err
		}
		return s.joinExam(ctx, tx, exam, users)
	})
	if err != nil {
		return AccountsResult{}, err
	}
	return out, nil
}

// openedAccounts are the accounts opened before for records (a trainee
// row of theirs in any batch names one): record → account. A person who
// is no member keeps the account opened once in every batch they join.
func openedAccounts(ctx context.Context, idb bun.IDB, recordIDs []int64) (map[int64]int64, error) {
	out := map[int64]int64{}
	var rows []Trainee
	if err := idb.NewSelect().Model(&rows).Column("t.record_id", "t.user_id").Where("t.record_id IN (?)", bun.In(append(recordIDs, 0))).
		Where("t.user_id IS NOT NULL").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, r := range rows {
		out[r.RecordID] = *r.UserID
	}
	return out, nil
}

// opener opens the accounts of one call, reading the 学员 role once.
type opener struct {
	s        *Service
	tx       bun.Tx
	accounts *system.MemberAccounts
	learner  *system.Role
}

// role is the 学员 role, refused (403) when the caller may not grant it.
func (o *opener) role(ctx context.Context) (system.Role, error) {
	if o.learner == nil {
		r, err := o.accounts.Role(ctx, school.RoleLearner)
		if err != nil {
			return r, err
		}
		o.learner = &r
	}
	return *o.learner, nil
}

// open answers trainee t's account (p is their record's person).
func (o *opener) open(ctx context.Context, t Trainee, p develop.RecordPerson) (TraineeAccount, int64, error) {
	acc := TraineeAccount{TraineeID: t.ID, Name: t.Name, PersonNo: p.PersonNo}
	if p.MemberID != nil {
		holders, err := o.s.members.HoldersOf(ctx, []int64{*p.MemberID})
		if err != nil {
			return acc, 0, err
		}
		h, ok := holders[*p.MemberID]
		if !ok || h.UserID == nil {
			return acc, 0, httpx.Invalid("traineeIds", "为党员，请先在党员信息中为其开通党员账号")
		}
		acc.Username, acc.How = h.Username, "member"
		return acc, *h.UserID, nil
	}
	role, err := o.role(ctx)
	if err != nil {
		return acc, 0, err
	}
	username := strings.TrimSpace(p.PersonNo)
	existing, err := o.accounts.ByUsername(ctx, o.tx, []string{username})
	if err != nil {
		return acc, 0, err
	}
	if a, ok := existing[username]; ok {
		linked, err := o.s.members.LinkedTo(ctx, o.tx, []int64{a.ID})
		if err != nil {
			return acc, 0, err
		}
		if name := linked[a.ID]; name != "" {
			return acc, 0, httpx.Conflict("用户名 %s 已是党员“%s”的账号", username, name)
		}
		at := &p.OrgID
		if a.OrgID != nil {
			at = nil // an account placed already stays where it is
		}
		if err := o.accounts.Grant(ctx, o.tx, a.ID, role.ID, at); err != nil {
			var he *httpx.Error
			if errors.As(err, &he) && he.Status == 404 {
				return acc, 0, httpx.Conflict("用户名 %s 已被您管理范围以外的账号使用", username)
			}
			return acc, 0, err
		}
		acc.Username, acc.How = a.Username, "linked"
		return acc, a.ID, nil
	}
	ip, err := o.accounts.Create(ctx, o.tx, system.NewMemberAccount{Username: username, NickName: t.Name, DeptID: p.UnitDeptID,
		OrgID: p.OrgID, RoleID: role.ID})
	if err != nil {
		return acc, 0, err
	}
	acc.Username, acc.InitialPassword, acc.How = ip.Username, ip.InitialPassword, "created"
	return acc, ip.ID, nil
}

// inTermsOfTrainee names the trainee a refusal is about (a 403 stays a 403).
func inTermsOfTrainee(err error, name string) error {
	var he *httpx.Error
	if errors.As(err, &he) && he.Status < 500 && he.Status != 403 {
		e := *he
		e.Message = fmt.Sprintf("学员“%s”：%s", name, he.Message)
		return &e
	}
	return err
}
