package flow

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/uniq"
)

// ErrTaken is the answer to an action on a step someone dealt with meanwhile.
var ErrTaken = httpx.Conflict("该环节已被他人处理，请刷新后查看")

// Note is what goes with a submission: a comment and files.
type Note struct {
	Comment string  `json:"comment"`
	FileIDs []int64 `json:"fileIds"`
}

// ActionInput is the body of an action.
type ActionInput struct {
	// Version is the record's version as the actor saw it (the view's): an
	// action on an older version is refused (ErrTaken).
	Version int64  `json:"version"`
	Result  Result `json:"result"`
	// ToStep is the step a Return goes back to ("" : the previous one).
	ToStep  string          `json:"toStep"`
	Comment string          `json:"comment"`
	FileIDs []int64         `json:"fileIds"`
	Form    json.RawMessage `json:"form"`
}

// Start puts record id, just written in tx by the module, at the first
// step of the chain of its organisation's type (the chain is copied onto
// it: later edits of the chain do not move it), writes the entry 提交 and
// gives the first step's actors their to-do.
func (wf *Workflow[R]) Start(ctx context.Context, tx bun.Tx, id int64, note Note) error {
	return wf.StartAt(ctx, tx, id, "", note)
}

// StartAt is Start for a record that has already gone through the first
// steps of its chain elsewhere (a historical record imported, a demo
// record): it is put at step at of its chain ("" : the first). The steps
// before it have no history entries; the module keeps what it knows of them.
func (wf *Workflow[R]) StartAt(ctx context.Context, tx bun.Tx, id int64, at string, note Note) error {
	wf.index()
	comment, fileIDs, err := checkNote(note.Comment, note.FileIDs)
	if err != nil {
		return err
	}
	rec, err := wf.Find(ctx, tx, id)
	if err != nil {
		return err
	}
	lineage, err := wf.Orgs.Lineage(ctx, tx, wf.OrgOf(rec))
	if err != nil {
		return httpx.Internal(err)
	}
	if len(lineage) == 0 {
		return httpx.BadRequest("%s所在党组织不存在", wf.Noun)
	}
	chain, err := wf.chainFor(ctx, tx, lineage[0].Type)
	if err != nil {
		return err
	}
	if len(chain) == 0 {
		labels, err := wf.Orgs.TypeLabels(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		return httpx.BadRequest("%s流程未配置%s的审批链", wf.Noun, typeLabel(labels, lineage[0].Type))
	}
	if err := wf.resolve(ctx, tx, rec, chain, lineage); err != nil {
		return err
	}
	if err := wf.checkFiles(ctx, tx, id, "", fileIDs); err != nil {
		return err
	}
	from := 0
	if at != "" {
		if from = indexOf(chain, at); from < 0 {
			return httpx.BadRequest("%s流程中没有「%s」环节", wf.Noun, wf.stepName(at))
		}
	}
	first, err := wf.actingAt(ctx, tx, rec, chain[from], lineage)
	if err != nil {
		return err
	}
	data, err := json.Marshal(chain)
	if err != nil {
		return httpx.Internal(err)
	}
	now := wf.now()
	inst := &instance{Workflow: wf.Key, RecordID: id, Chain: string(data), Step: chain[from].Step,
		State: wf.step(chain[from].Step).State, ActingOrgID: &first.ID, Version: 1, StartedAt: now, UpdatedAt: now}
	if _, err := tx.NewInsert().Model(inst).Returning("id").Exec(ctx); db.IsUniqueViolation(err) {
		return httpx.Conflict("该%s已提交", wf.Noun)
	} else if err != nil {
		return httpx.Internal(err)
	}
	actor, err := wf.actor(ctx, tx, Link{}, lineage[0])
	if err != nil {
		return err
	}
	if err := wf.write(ctx, tx, inst.ID, "", Submit, chain[from].Step, comment, fileIDs, actor); err != nil {
		return err
	}
	return wf.openTodos(ctx, tx, rec, id, chain[from], first)
}

// Act takes an action on record id's current step for the caller and
// answers the record's flow as it then is. The action is refused when the
// step was dealt with meanwhile (ErrTaken), when the caller may not act at
// it (403: the step's permission and a scope covering the acting
// organisation), or when an Approve breaks one of the step's rules (400
// naming the rule). Everything it changes happens in one transaction.
func (wf *Workflow[R]) Act(ctx context.Context, id int64, in ActionInput) (View, error) {
	wf.index()
	comment, fileIDs, err := checkNote(in.Comment, in.FileIDs)
	if err != nil {
		return View{}, err
	}
	if len(in.Form) > MaxForm {
		return View{}, httpx.Invalid("form", "办理内容过长")
	}
	if _, ok := resultNames[in.Result]; !ok || in.Result == Submit || in.Result == Withdraw || in.Result == Cancel || in.Result == End {
		return View{}, httpx.Invalid("result", "请选择办理结果")
	}
	err = db.InTx(ctx, wf.DB, func(ctx context.Context, tx bun.Tx) error {
		rec, err := wf.Find(ctx, tx, id)
		if err != nil {
			return err
		}
		inst, err := wf.underWay(ctx, tx, id, &in.Version)
		if err != nil {
			return err
		}
		chain := inst.links()
		at := indexOf(chain, inst.Step)
		st := wf.step(inst.Step)
		if at < 0 || st == nil {
			return httpx.Internal(fmt.Errorf("flow %s: record %d is at step %q, not in its chain", wf.Key, id, inst.Step))
		}
		lineage, err := wf.Orgs.Lineage(ctx, tx, wf.OrgOf(rec))
		if err != nil {
			return httpx.Internal(err)
		}
		org, err := wf.actingAt(ctx, tx, rec, chain[at], lineage)
		if err != nil {
			return err
		}
		if err := wf.mayAct(ctx, st, rec, org); err != nil {
			return err
		}
		a := &Act[R]{Record: rec, ID: id, Step: st, Result: in.Result, Comment: comment, FileIDs: fileIDs, Form: in.Form, At: wf.now()}
		next, err := wf.transition(chain, at, in, a)
		if err != nil {
			return err
		}
		if a.Actor, err = wf.actor(ctx, tx, chain[at], org); err != nil {
			return err
		}
		if in.Result == Approve {
			if err := wf.checkRules(ctx, tx, a); err != nil {
				return err
			}
		}
		if err := wf.checkFiles(ctx, tx, id, st.Key, fileIDs); err != nil {
			return err
		}
		var nextOrg *Org
		if next != nil {
			o, err := wf.actingAt(ctx, tx, rec, *next, lineage)
			if err != nil {
				return err
			}
			nextOrg = &o
		}
		if err := wf.move(ctx, tx, inst, a, nextOrg); err != nil {
			return err
		}
		if err := wf.write(ctx, tx, inst.ID, st.Key, in.Result, a.To, comment, fileIDs, a.Actor); err != nil {
			return err
		}
		if err := wf.Todos.CloseTodos(ctx, tx, wf.Key, bizID(id, st.Key)); err != nil {
			return err
		}
		if st.After != nil {
			if err := st.After(ctx, tx, a); err != nil {
				return err
			}
		}
		if next == nil {
			return nil
		}
		return wf.openTodos(ctx, tx, rec, id, *next, *nextOrg)
	})
	if err != nil {
		return View{}, httpx.AsError(err)
	}
	return wf.View(ctx, id)
}

// transition sets where an action at chain[at] leads (a.To, a.State) and
// answers the link the record goes to (nil once the workflow ended).
func (wf *Workflow[R]) transition(chain []Link, at int, in ActionInput, a *Act[R]) (*Link, error) {
	if !a.Step.allows(in.Result) {
		return nil, httpx.Invalid("result", "「%s」环节不能%s", a.Step.Name, resultNames[in.Result])
	}
	switch in.Result {
	case Approve:
		if a.Step.Next != nil {
			if key := a.Step.Next(a); key == Finish {
				a.State = wf.Done
				return nil, nil
			} else if key != "" {
				to := indexOf(chain, key)
				if to < 0 {
					return nil, httpx.BadRequest("%s流程中没有「%s」环节", wf.Noun, wf.stepName(key))
				}
				a.To, a.State = chain[to].Step, wf.step(chain[to].Step).State
				return &chain[to], nil
			}
		}
		if at+1 == len(chain) {
			a.State = wf.Done
			return nil, nil
		}
		a.To, a.State = chain[at+1].Step, wf.step(chain[at+1].Step).State
		return &chain[at+1], nil
	case Reject:
		a.State = wf.Rejected
		return nil, nil
	}
	if at == 0 {
		return nil, httpx.Invalid("result", "「%s」是第一个环节，不能退回", a.Step.Name)
	}
	to := at - 1
	if in.ToStep != "" {
		to = indexOf(chain, in.ToStep)
		if to < 0 || to >= at {
			return nil, httpx.Invalid("toStep", "只能退回到之前的环节")
		}
	}
	a.To, a.State = chain[to].Step, wf.step(chain[to].Step).State
	return &chain[to], nil
}

// mayAct refuses a caller who lacks the step's permission or whose scope
// does not cover the acting organisation. The record itself is in their scope
// (or Find would have answered 404), so this is a business refusal with its
// reason, a 409: the web answers every 403 by leaving for the 401 page, which
// would throw out a user who merely opened a case waiting on someone else.
func (wf *Workflow[R]) mayAct(ctx context.Context, st *Step[R], rec *R, org Org) error {
	ok, err := wf.may(ctx, st, rec, org)
	if err != nil {
		return err
	}
	if !ok {
		return httpx.Conflict("「%s」环节由%s办理，您没有办理权限", st.Name, org.Name)
	}
	return nil
}

func (wf *Workflow[R]) may(ctx context.Context, st *Step[R], rec *R, org Org) (bool, error) {
	if st.May != nil {
		if ok, err := st.May(ctx, rec); err != nil || ok {
			return ok, err
		}
	}
	if !rbac.From(ctx).Allows(st.Perm) {
		return false, nil
	}
	in, err := wf.Orgs.InScope(ctx, org.ID)
	if err != nil {
		return false, httpx.Internal(err)
	}
	return in, nil
}

// checkRules runs the step's rules; the first refusal names its rule.
func (wf *Workflow[R]) checkRules(ctx context.Context, idb bun.IDB, a *Act[R]) error {
	for _, rule := range a.Step.Rules {
		why, err := rule.Check(ctx, idb, a)
		if err != nil {
			return err
		}
		if why != "" {
			e := httpx.BadRequest("不符合「%s」：%s", rule.Name, why)
			e.Field, e.Code = rule.Field, "FLOW_RULE"
			return e
		}
	}
	return nil
}

// checkFiles refuses files the file service does not know, then asks the
// module's attachment check.
func (wf *Workflow[R]) checkFiles(ctx context.Context, idb bun.IDB, id int64, step string, fileIDs []int64) error {
	if len(fileIDs) == 0 {
		return nil
	}
	if wf.Files != nil {
		found, err := wf.Files.DescribeFiles(ctx, idb, fileIDs)
		if err != nil {
			return httpx.Internal(err)
		}
		if len(found) != len(fileIDs) {
			return httpx.Invalid("fileIds", "附件不存在或已删除")
		}
		// Only the actor's own uploads: attaching a file id seen elsewhere
		// would hand it to everyone who sees this record.
		if p := rbac.From(ctx); p != nil && p.UserID != 0 {
			for _, f := range found {
				if f.UploaderID != p.UserID {
					return httpx.Invalid("fileIds", "只能附上本人上传的文件（“%s”不是您上传的）", f.Name)
				}
			}
		}
	}
	if wf.CheckFiles != nil {
		return wf.CheckFiles(ctx, idb, id, step, fileIDs)
	}
	return nil
}

// move writes the record's new place under the version it was read at:
// of two actions on one step, the second finds no row and gets ErrTaken.
func (wf *Workflow[R]) move(ctx context.Context, tx bun.Tx, inst *instance, a *Act[R], next *Org) error {
	var org *int64
	if next != nil {
		org = &next.ID
	}
	res, err := tx.NewUpdate().Model((*instance)(nil)).
		Set("step = ?", a.To).Set("state = ?", a.State).Set("acting_org_id = ?", org).
		Set("version = version + 1").Set("updated_at = ?", a.At).
		Where("id = ?", inst.ID).Where("step = ?", inst.Step).Where("version = ?", inst.Version).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrTaken
	}
	return nil
}

// actor is the caller acting at link l for organisation org (a job or an
// import acting without a principal is 系统).
func (wf *Workflow[R]) actor(ctx context.Context, idb bun.IDB, l Link, org Org) (Actor, error) {
	a := Actor{Name: "系统", Role: l.Role, OrgID: org.ID, OrgName: org.Name}
	// A principal without an account (a seed acting with the administrator's scope) is the system.
	if p := rbac.From(ctx); p != nil && p.UserID != 0 {
		name, err := record.NameOf(ctx, idb, "sys_user", "nick_name", &p.UserID)
		if err != nil {
			return a, err
		}
		a.UserID, a.Name = p.UserID, name
	}
	return a, nil
}

// write adds an entry to the record's history.
func (wf *Workflow[R]) write(ctx context.Context, tx bun.Tx, instanceID int64, step string, result Result, to, comment string,
	fileIDs []int64, actor Actor) error {
	files, _ := json.Marshal(fileIDs)
	e := &entry{InstanceID: instanceID, Step: step, Result: result, ToStep: to, UserName: actor.Name, Role: actor.Role,
		OrgName: actor.OrgName, Comment: comment, FileIDs: string(files), CreatedAt: wf.now()}
	if actor.UserID != 0 {
		e.UserID = &actor.UserID
	}
	if actor.OrgID != 0 {
		e.OrgID = &actor.OrgID
	}
	if _, err := tx.NewInsert().Model(e).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// load reads the record's place in the workflow (nil when not started).
func (wf *Workflow[R]) load(ctx context.Context, idb bun.IDB, id int64) (*instance, error) {
	inst := new(instance)
	err := idb.NewSelect().Model(inst).Where("workflow = ?", wf.Key).Where("record_id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return inst, nil
}

// Delete removes the workflow rows of records ids (their history too) and
// closes their open to-dos: the module calls it in its delete's
// transaction (resource's BeforeDelete).
func (wf *Workflow[R]) Delete(ctx context.Context, tx bun.Tx, ids []int64) error {
	var open []instance
	if err := tx.NewSelect().Model(&open).Column("record_id", "step").Where("workflow = ?", wf.Key).
		Where("record_id IN (?)", bun.In(ids)).Where("step <> ''").Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	for _, inst := range open {
		if err := wf.Todos.CloseTodos(ctx, tx, wf.Key, bizID(inst.RecordID, inst.Step)); err != nil {
			return err
		}
	}
	_, err := tx.NewDelete().Model((*instance)(nil)).Where("workflow = ?", wf.Key).Where("record_id IN (?)", bun.In(ids)).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// checkNote trims a comment and drops repeated file ids, within the limits.
func checkNote(comment string, fileIDs []int64) (string, []int64, error) {
	comment = strings.TrimSpace(comment)
	if utf8.RuneCountInString(comment) > MaxComment {
		return "", nil, httpx.Invalid("comment", "办理意见不能超过 %d 个字", MaxComment)
	}
	fileIDs = uniq.Of(fileIDs)
	if len(fileIDs) > MaxFiles {
		return "", nil, httpx.Invalid("fileIds", "每次办理最多附 %d 个文件", MaxFiles)
	}
	return comment, fileIDs, nil
}

func indexOf(chain []Link, step string) int {
	for i, l := range chain {
		if l.Step == step {
			return i
		}
	}
	return -1
}

// bizID is the to-dos' reference of a record's step.
func bizID(id int64, step string) string { return strconv.FormatInt(id, 10) + ":" + step }

// Stop ends record id's workflow from outside its chain, in the module's
// transaction: result Withdraw (the person who started it takes it back,
// 撤回) or Cancel (an administrator cancels it, 撤销), into state (one of
// States). The module decides who may and calls it after Find. A record
// not under way is a 400; one acted on since version was read is ErrTaken
// (0: the current version). The history names the caller in role; the
// open to-dos close.
func (wf *Workflow[R]) Stop(ctx context.Context, tx bun.Tx, id, version int64, result Result, state, role, comment string) error {
	wf.index()
	if result != Withdraw && result != Cancel {
		return httpx.Internal(fmt.Errorf("flow %s: Stop with %q", wf.Key, result))
	}
	comment, _, err := checkNote(comment, nil)
	if err != nil {
		return err
	}
	var seen *int64 // 0: whatever the version
	if version != 0 {
		seen = &version
	}
	inst, err := wf.underWay(ctx, tx, id, seen)
	if err != nil {
		return err
	}
	a := &Act[R]{ID: id, Result: result, State: state, At: wf.now()}
	if err := wf.move(ctx, tx, inst, a, nil); err != nil {
		return err
	}
	actor, err := wf.actor(ctx, tx, Link{Role: role}, Org{})
	if err != nil {
		return err
	}
	if err := wf.write(ctx, tx, inst.ID, inst.Step, result, "", comment, nil, actor); err != nil {
		return err
	}
	return wf.Todos.CloseTodos(ctx, tx, wf.Key, bizID(id, inst.Step))
}

// underWay is record id's place while it is under way, read in tx: a
// record not started or ended is a 400; one acted on since version was read
// is ErrTaken (version nil: whatever its version).
func (wf *Workflow[R]) underWay(ctx context.Context, tx bun.Tx, id int64, version *int64) (*instance, error) {
	inst, err := wf.load(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if inst == nil {
		return nil, httpx.BadRequest("该%s尚未提交", wf.Noun)
	}
	if version != nil && *version != inst.Version {
		return nil, ErrTaken
	}
	if inst.Step == "" {
		return nil, httpx.BadRequest("该%s的办理已结束", wf.Noun)
	}
	return inst, nil
}
