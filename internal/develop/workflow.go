package develop

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
)

// hook is what one step adds to the handling every step gets (the form's
// date checked, the step kept in dev_step, the record's stage, step, key
// date and due date updated).
type hook struct {
	// rules run after the common date rule, before an approval.
	rules []flow.Rule[Record]
	// after runs after the common handling of every action on the step,
	// in the action's transaction (a plan place given back on a return, a
	// probation cancelled on a rejection): it reads a.Result.
	after func(ctx context.Context, tx bun.Tx, a *flow.Act[Record]) error
	// approved runs last, on an approval only, in the action's transaction,
	// with the step's date (its form's, the date rule checked it): a member
	// record created, a number handed out, a plan place taken.
	approved func(ctx context.Context, tx bun.Tx, a *flow.Act[Record], on date.Date) error
	// next may send an approved record elsewhere than the next step (a
	// probation extended goes back to its education).
	next func(a *flow.Act[Record]) string
}

// StepForm is what every step's form carries: the date the step was done
// (办理日期; a step is often recorded after the fact). Steps decode their
// own fields from the same JSON (a.Form).
type StepForm struct {
	Date date.Date `json:"date"`
}

// form decodes a step's form into v (400 on form when it is not JSON of v's shape).
func form(a *flow.Act[Record], v any) error {
	if len(a.Form) == 0 {
		return nil
	}
	if err := json.Unmarshal(a.Form, v); err != nil {
		return httpx.Invalid("form", "办理内容格式不正确")
	}
	return nil
}

// dateColumns are the record's columns that keep the date of a decisive step.
var dateColumns = map[string]string{StepTalk: "talked_on", StepActivist: "activist_on", StepTarget: "target_on",
	StepBranchMeeting: "admitted_on", StepCommitteeApproval: "approved_on", StepFullApproval: "full_on"}

// hooks are the steps' own rules and consequences, by step key (the files
// of the stages declare them).
func (s *Service) hooks() map[string]hook {
	out := map[string]hook{}
	for _, part := range []map[string]hook{s.applicantHooks(), s.activistHooks(), s.targetHooks(), s.admissionHooks(), s.probationHooks()} {
		for k, h := range part {
			if _, dup := out[k]; dup {
				panic("develop: step " + k + " has two hooks")
			}
			out[k] = h
		}
	}
	return out
}

// workflow declares the 25 steps (② to ㉕: ① is the record's creation).
func (s *Service) workflow() *flow.Workflow[Record] {
	states := flow.StatesOf([]string{StageApplicant, StageActivist, StageTarget, StageProbationary, StageFull, StageEnded}, StageNames)
	hooks := s.hooks()
	var steps []flow.Step[Record]
	for _, def := range Steps[1:] {
		h := hooks[def.Key]
		steps = append(steps, flow.Step[Record]{Key: def.Key, Name: def.Name, State: def.Stage, Perm: stepPerm(def.By),
			Rules: append(s.commonRules(def.Key), h.rules...),
			After: s.after(h), Next: h.next})
	}
	return &flow.Workflow[Record]{DB: s.db, Key: Key, Noun: "发展党员记录", States: states, Steps: steps,
		Done: StageFull, Rejected: StageEnded, Find: s.find,
		OrgOf:  func(r *Record) int64 { return r.OrgID },
		NameOf: func(r *Record) string { return r.Name + "（" + StageNames[r.Stage] + "）" },
		Link:   recordLink,
		Orgs:   s.orgs, Todos: s.sys, Files: s.sys, Now: func() time.Time { return s.now() }}
}

// commonRules are the rules every step checks first: its date and
// documents, and at a step decided by a vote that each person has a tally
// of their own.
func (s *Service) commonRules(step string) []flow.Rule[Record] {
	rules := []flow.Rule[Record]{s.dateRule(), s.docsRule()}
	if voteSteps[step] != "" {
		rules = append(rules, s.eachVotedRule())
	}
	return rules
}

// dateRule: every step is done on a date, not in the future and not
// before the step before it.
func (s *Service) dateRule() flow.Rule[Record] {
	return flow.Rule[Record]{Name: "办理日期有效", Field: "date",
		Check: func(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (string, error) {
			var f StepForm
			if err := form(a, &f); err != nil {
				return "", err
			}
			if f.Date.IsZero() {
				return "请填写办理日期", nil
			}
			if _, ok := date.Parse(string(f.Date)); !ok {
				return "办理日期格式应为 YYYY-MM-DD", nil
			}
			if f.Date.After(date.Of(a.At.In(date.China))) {
				return "办理日期不能晚于今天", nil
			}
			last, err := s.lastDone(ctx, idb, a.Record)
			if err != nil {
				return "", err
			}
			if f.Date.Before(last) {
				return fmt.Sprintf("办理日期不能早于上一环节的日期 %s", last), nil
			}
			return "", nil
		}}
}

// lastDone is the date of the latest step done of r (its application date
// when none was).
func (s *Service) lastDone(ctx context.Context, idb bun.IDB, r *Record) (date.Date, error) {
	var last date.Date
	err := idb.NewSelect().Model((*StepRow)(nil)).ColumnExpr("MAX(done_on)").Where("record_id = ?", r.ID).Scan(ctx, &last)
	if err != nil {
		return "", httpx.Internal(err)
	}
	if last.IsZero() || last.Before(r.AppliedOn) {
		return r.AppliedOn, nil
	}
	return last, nil
}

// after is the handling of every action, then the step's own (h.after, and
// h.approved on an approval; either may be nil).
func (s *Service) after(h hook) func(ctx context.Context, tx bun.Tx, a *flow.Act[Record]) error {
	return func(ctx context.Context, tx bun.Tx, a *flow.Act[Record]) error {
		var f StepForm
		q := tx.NewUpdate().Model((*Record)(nil)).Where("id = ?", a.ID).
			Set("stage = ?", a.State).Set("step = ?", a.To).Set("updated_at = ?", a.At)
		switch a.Result {
		case flow.Reject:
			q = q.Set("ended_on = ?", date.Of(a.At.In(date.China))).Set("ended_reason = ?", a.Comment).Set("due_on = NULL")
		case flow.Return:
			// The step returned to is due again from today (the talk: from the application).
			due, err := s.dueAfter(ctx, tx, a.Record, a.To, date.Of(a.At.In(date.China)))
			if err != nil {
				return err
			}
			q = q.Set("due_on = ?", due)
		case flow.Approve:
			if err := form(a, &f); err != nil {
				return err
			}
			if voteSteps[a.Step.Key] != "" {
				// The votes are kept with the server's count of who votes.
				kept, err := s.keptForm(ctx, tx, a)
				if err != nil {
					return err
				}
				a.Form = kept
			}
			if err := s.keepStep(ctx, tx, a, f.Date); err != nil {
				return err
			}
			if col := dateColumns[a.Step.Key]; col != "" {
				q = q.Set("? = ?", bun.Ident(col), f.Date)
				a.Record.setDate(a.Step.Key, f.Date)
			}
			due, err := s.dueAfter(ctx, tx, a.Record, a.To, f.Date)
			if err != nil {
				return err
			}
			q = q.Set("due_on = ?", due)
		}
		if _, err := q.Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		a.Record.Stage, a.Record.Step = a.State, a.To
		if h.after != nil {
			if err := h.after(ctx, tx, a); err != nil {
				return err
			}
		}
		if h.approved != nil && a.Result == flow.Approve {
			return h.approved(ctx, tx, a, f.Date)
		}
		return nil
	}
}

// keepStep writes the step done (replacing the row of an earlier pass
// after a return).
func (s *Service) keepStep(ctx context.Context, tx bun.Tx, a *flow.Act[Record], on date.Date) error {
	if _, err := tx.NewDelete().Model((*StepRow)(nil)).Where("record_id = ?", a.ID).Where("step = ?", a.Step.Key).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	row := &StepRow{RecordID: a.ID, Step: a.Step.Key, DoneOn: on, Data: cmp.Or(string(a.Form), "{}"), UserName: a.Actor.Name, At: a.At}
	if a.Actor.UserID != 0 {
		row.UserID = &a.Actor.UserID
	}
	if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// dueAfter is when step next is due after a step done on done, by the
// record's configuration (Config.dueOn), or none.
func (s *Service) dueAfter(ctx context.Context, idb bun.IDB, r *Record, next string, done date.Date) (*date.Date, error) {
	if next == "" {
		return nil, nil
	}
	cfg, _, err := s.config(ctx, idb, r.ConfigVersion)
	if err != nil {
		return nil, err
	}
	if due := cfg.dueOn(next, r.AppliedOn, done); !due.IsZero() {
		return &due, nil
	}
	return nil, nil
}

// setDate keeps the date of a decisive step on the record read, so the
// step's own hook sees it.
func (r *Record) setDate(step string, on date.Date) {
	switch step {
	case StepTalk:
		r.TalkedOn = on
	case StepActivist:
		r.ActivistOn = on
	case StepTarget:
		r.TargetOn = on
	case StepBranchMeeting:
		r.AdmittedOn = on
	case StepCommitteeApproval:
		r.ApprovedOn = on
	case StepFullApproval:
		r.FullOn = on
	}
}

// doneOn is the date step was done on for record id ("" when it was not).
func (s *Service) doneOn(ctx context.Context, idb bun.IDB, id int64, step string) (date.Date, error) {
	var on date.Date
	err := idb.NewSelect().Model((*StepRow)(nil)).Column("done_on").Where("record_id = ?", id).Where("step = ?", step).
		Limit(1).Scan(ctx, &on)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", httpx.Internal(err)
	}
	return on, nil
}

// stepData decodes the form step was done with for record id into v
// (false when the step was not done).
func (s *Service) stepData(ctx context.Context, idb bun.IDB, id int64, step string, v any) (bool, error) {
	var data string
	err := idb.NewSelect().Model((*StepRow)(nil)).Column("data").Where("record_id = ?", id).Where("step = ?", step).
		Limit(1).Scan(ctx, &data)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	} else if err != nil {
		return false, httpx.Internal(err)
	}
	if err := json.Unmarshal([]byte(data), v); err != nil {
		return false, httpx.Internal(err)
	}
	return true, nil
}

// noticeRule: a public notice (公示) of kind listing the record must have
// ended before the step's date, after lasting at least the configured
// number of working days (RULES.md §2: ≥ 5 working days before 发展对象,
// 接收预备党员 and 转正).
func (s *Service) noticeRule(kind string) flow.Rule[Record] {
	return configuredRule(s, "公示不少于规定的工作日", "date", func(ctx context.Context, idb bun.IDB, a *flow.Act[Record], f StepForm, rc RuleConfig) (string, error) {
		var notices []Notice
		err := idb.NewSelect().Model(&notices).
			Where("n.kind = ?", kind).
			Where("n.id IN (SELECT notice_id FROM dev_notice_item WHERE record_id = ?)", a.ID).
			OrderExpr("n.end_on DESC").Scan(ctx)
		if err != nil {
			return "", httpx.Internal(err)
		}
		if len(notices) == 0 {
			return "尚未发布公示", nil
		}
		for _, n := range notices {
			days, err := s.cal.WorkdaysBetween(ctx, n.StartOn, n.EndOn)
			if err != nil {
				return "", httpx.Internal(err)
			}
			if days >= rc.NoticeWorkdays && n.EndOn.Before(f.Date) {
				return "", nil
			}
		}
		n := notices[0]
		if !n.EndOn.Before(f.Date) {
			return fmt.Sprintf("公示期至 %s，公示结束后方可办理", n.EndOn), nil
		}
		return fmt.Sprintf("公示 %s 至 %s 不足 %d 个工作日", n.StartOn, n.EndOn, rc.NoticeWorkdays), nil
	})
}

// docsRule: the documents the record's configuration requires of the step
// (发展配置 › 所需材料) are attached to its approval, each as a file whose
// name names it (谈话记录.pdf for 谈话记录). Files are not typed otherwise,
// so the name is what tells them apart.
func (s *Service) docsRule() flow.Rule[Record] {
	return flow.Rule[Record]{Name: "所需材料齐全", Field: "fileIds",
		Check: func(ctx context.Context, idb bun.IDB, a *flow.Act[Record]) (string, error) {
			cfg, _, err := s.config(ctx, idb, a.Record.ConfigVersion)
			if err != nil {
				return "", err
			}
			docs := cfg.step(a.Step.Key).Docs
			if len(docs) == 0 {
				return "", nil
			}
			files, err := s.sys.DescribeFiles(ctx, idb, a.FileIDs)
			if err != nil {
				return "", httpx.Internal(err)
			}
			var missing []string
			for _, doc := range docs {
				if !slices.ContainsFunc(files, func(f flow.Attachment) bool { return strings.Contains(f.Name, doc) }) {
					missing = append(missing, doc)
				}
			}
			if len(missing) > 0 {
				return fmt.Sprintf("请上传%s（文件名中含材料名称，如“%s.pdf”）", strings.Join(missing, "、"), missing[0]), nil
			}
			return "", nil
		}}
}
