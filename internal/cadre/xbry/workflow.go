package xbry

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/cadre/quota"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// The rules of 《党政领导干部选拔任用工作条例》(中共中央 2019-03) the steps
// check, each named as the regulation says it (docs/cadre.md, 选拔任用纪实).
const (
	// 第五章 考察: 组建考察组，考察组由两名以上成员组成.
	ruleTeam = "考察组由两名以上成员组成"
	// 第六章 讨论决定: 党委（党组）讨论决定干部任免事项，必须有三分之二以上成员到会.
	rulePresent = "讨论决定干部任免事项须有三分之二以上成员到会"
	// 第六章 讨论决定: 进行表决，以党委（党组）应到会成员超过半数同意形成决定.
	ruleAgree = "以应到会成员超过半数同意形成决定"
	// 第七章 任职 第四十五条: 任职前公示…公示期不少于五个工作日 (RULES.md §5).
	ruleNotice = "任前公示期不少于5个工作日"
	// 第七章: 公示结果不影响任职的，办理任职手续 — the notice has ended.
	ruleNoticeOver = "公示期满后方可办理任职"
	// 第五十三条: 试用期满后，由党委（党组）组织（人事）部门进行考核.
	ruleProbationOver = "试用期满后进行考核"
)

// NoticeWorkdays is the least length of the 任前公示 in working days.
const NoticeWorkdays = 5

// workflow declares the selection's steps on the flow kit.
func (s *Service) workflow() *flow.Workflow[View] {
	return &flow.Workflow[View]{DB: s.db, Key: FlowKey, Noun: "选拔任用", States: flow.StatesOf(States, StateNames),
		Done: StateDone, Rejected: StateStopped,
		Steps: []flow.Step[View]{
			{Key: StepRecommend, Name: StepNames[StepRecommend], State: StateRecommending, Perm: PermHandle,
				Results: []flow.Result{flow.Approve, flow.Reject},
				Rules:   []flow.Rule[View]{valid(s.checkRecommend)}, After: s.afterRecommend},
			{Key: StepInspect, Name: StepNames[StepInspect], State: StateInspecting, Perm: PermHandle,
				Rules: []flow.Rule[View]{valid(s.checkInspect), formRule(ruleTeam, "inspTeam", teamRule)}, After: s.afterInspect},
			{Key: StepDecide, Name: StepNames[StepDecide], State: StateDeciding, Perm: PermDecide,
				Rules: []flow.Rule[View]{valid(s.checkDecide), formRule(rulePresent, "meetPresent", presentRule),
					formRule(ruleAgree, "meetAgree", agreeRule)}, After: s.afterDecide},
			{Key: StepPublicize, Name: StepNames[StepPublicize], State: StatePublicizing, Perm: PermHandle,
				Rules: []flow.Rule[View]{valid(s.checkPublicize), s.noticeRule(), s.noticeOverRule()}, After: s.afterPublicize},
			{Key: StepAppoint, Name: StepNames[StepAppoint], State: StateAppointing, Perm: PermDecide,
				Results: []flow.Result{flow.Approve, flow.Return}, Next: appointNext,
				Rules: []flow.Rule[View]{valid(s.checkAppoint)}, After: s.afterAppoint},
			{Key: StepReview, Name: StepNames[StepReview], State: StateProbation, Perm: PermHandle,
				Results: []flow.Result{flow.Approve},
				Rules:   []flow.Rule[View]{valid(s.checkReview), formRule(ruleProbationOver, "reviewOn", probationRule)}, After: s.afterReview},
		},
		Find:   s.find,
		OrgOf:  func(v *View) int64 { return v.OrgID },
		NameOf: func(v *View) string { return v.Title },
		Link:   link,
		Orgs:   s.orgs, Todos: s.sys, Files: s.sys, Now: func() time.Time { return s.now() }}
}

// form decodes the step's own fields (an empty form decodes as zero).
func form[F any](a *flow.Act[View]) (*F, error) {
	f := new(F)
	if len(a.Form) == 0 || string(a.Form) == "null" {
		return f, nil
	}
	if err := json.Unmarshal(a.Form, f); err != nil {
		return nil, httpx.BadRequest("「%s」表单格式错误", a.Step.Name)
	}
	return f, nil
}

// valid is a step's first rule: its form decoded and checked field by
// field (400 naming the field, before any rule of the regulation).
func valid[F any](check func(ctx context.Context, idb bun.IDB, a *flow.Act[View], f *F) error) flow.Rule[View] {
	return flow.Rule[View]{Name: "表单填写完整", Check: func(ctx context.Context, idb bun.IDB, a *flow.Act[View]) (string, error) {
		f, err := form[F](a)
		if err != nil {
			return "", err
		}
		return "", check(ctx, idb, a, f)
	}}
}

// formRule is a rule of the regulation over the step's (checked) form.
func formRule[F any](name, field string, check func(v *View, f *F) string) flow.Rule[View] {
	return flow.Rule[View]{Name: name, Field: field, Check: func(ctx context.Context, idb bun.IDB, a *flow.Act[View]) (string, error) {
		f, err := form[F](a)
		if err != nil {
			return "", err
		}
		return check(a.Record, f), nil
	}}
}

// approved runs write with the step's form, checked (and normalised) again
// by check, when the action approves; any other result (退回, 不通过) only
// moves the state.
func approved[F any](s *Service, check func(ctx context.Context, idb bun.IDB, a *flow.Act[View], f *F) error,
	write func(ctx context.Context, tx bun.Tx, a *flow.Act[View], f *F) ([]setter, error)) func(ctx context.Context, tx bun.Tx, a *flow.Act[View]) error {
	return func(ctx context.Context, tx bun.Tx, a *flow.Act[View]) error {
		if a.Result != flow.Approve {
			return s.setState(ctx, tx, a.ID, a.Step.State, a.State)
		}
		f, err := form[F](a)
		if err != nil {
			return err
		}
		if err := check(ctx, tx, a, f); err != nil {
			return err
		}
		sets, err := write(ctx, tx, a, f)
		if err != nil {
			return err
		}
		return s.setState(ctx, tx, a.ID, a.Step.State, a.State, sets...)
	}
}

// setter sets columns of the selection in the step's state change.
type setter = func(*bun.UpdateQuery) *bun.UpdateQuery

func set(expr string, v any) setter {
	return func(q *bun.UpdateQuery) *bun.UpdateQuery { return q.Set(expr, v) }
}

// count checks a number of people: from min to max.
func count(field, label string, n, min, max int) error {
	if n < min || n > max {
		if min == max {
			return httpx.Invalid(field, "%s应为%d", label, min)
		}
		return httpx.Invalid(field, "%s应为%d到%d之间的整数", label, min, max)
	}
	return nil
}

// after refuses a date before an earlier step's.
func after(field, label string, d date.Date, earlier *date.Date, earlierLabel string) error {
	if earlier != nil && d.Before(*earlier) {
		return httpx.Invalid(field, "%s不能早于%s（%s）", label, earlierLabel, *earlier)
	}
	return nil
}

// ---- 民主推荐 ----

func (s *Service) checkRecommend(ctx context.Context, _ bun.IDB, a *flow.Act[View], f *RecommendForm) error {
	var c httpx.Checks
	if !c.Add(s.day(&f.RecOn, "recOn", "推荐日期", true)) {
		c.Add(after("recOn", "推荐日期", f.RecOn, &a.Record.MotionOn, "动议时间"))
	}
	if RecMethodNames[f.RecMethod] == "" {
		c.Add(httpx.Invalid("recMethod", "请选择推荐方式"))
	}
	c.Add(count("recExpected", "应参加推荐人数", f.RecExpected, 1, 100000))
	c.Add(count("recPresent", "实参加推荐人数", f.RecPresent, 0, max(f.RecExpected, 0)))
	if err := c.Err(); err != nil {
		return err
	}
	switch {
	case len(f.Candidates) == 0:
		return httpx.Invalid("candidates", "请填写被推荐人")
	case len(f.Candidates) > MaxCandidates:
		return httpx.Invalid("candidates", "被推荐人最多%d名", MaxCandidates)
	}
	ids := make([]int64, len(f.Candidates))
	seen := map[int64]bool{}
	for i, cd := range f.Candidates {
		n := i + 1
		switch {
		case cd.CadreID <= 0:
			return httpx.Invalid("candidates", "第%d名被推荐人：请选择干部", n)
		case seen[cd.CadreID]:
			return httpx.Invalid("candidates", "第%d名被推荐人重复", n)
		case cd.Votes < 0 || cd.Votes > f.RecPresent:
			return httpx.Invalid("candidates", "第%d名被推荐人的会议推荐票数应在0到实参加人数%d之间", n, f.RecPresent)
		case cd.TalkVotes < 0 || cd.TalkVotes > f.RecExpected:
			return httpx.Invalid("candidates", "第%d名被推荐人的谈话推荐票数应在0到应参加人数%d之间", n, f.RecExpected)
		}
		seen[cd.CadreID], ids[i] = true, cd.CadreID
	}
	briefs, err := s.cadres.Brief(ctx, ids)
	if err != nil {
		return err
	}
	for i, cd := range f.Candidates {
		if _, ok := briefs[cd.CadreID]; !ok {
			return httpx.Invalid("candidates", "第%d名被推荐人不在干部信息库中", i+1)
		}
	}
	return nil
}

func (s *Service) afterRecommend(ctx context.Context, tx bun.Tx, a *flow.Act[View]) error {
	return approved(s, s.checkRecommend, func(ctx context.Context, tx bun.Tx, a *flow.Act[View], f *RecommendForm) ([]setter, error) {
		return []setter{set("rec_on = ?", f.RecOn), set("rec_method = ?", f.RecMethod), set("rec_expected = ?", f.RecExpected),
			set("rec_present = ?", f.RecPresent)}, s.putCandidates(ctx, tx, a.ID, f.Candidates)
	})(ctx, tx, a)
}

// ---- the candidates, kept with the recommendation ----

// putCandidates replaces the people recommended, each as the base names
// them today (name, unit, post).
func (s *Service) putCandidates(ctx context.Context, tx bun.Tx, id int64, in []CandidateInput) error {
	ids := make([]int64, len(in))
	for i, c := range in {
		ids[i] = c.CadreID
	}
	briefs, err := s.cadres.Brief(ctx, ids)
	if err != nil {
		return err
	}
	if _, err := tx.NewDelete().Model((*Candidate)(nil)).Where("selection_id = ?", id).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	rows := make([]Candidate, len(in))
	for i, c := range in {
		b := briefs[c.CadreID]
		rows[i] = Candidate{SelectionID: id, Sort: i + 1, CadreID: c.CadreID, Name: b.Name, UnitName: b.UnitName, Post: b.Post,
			Votes: c.Votes, TalkVotes: c.TalkVotes}
	}
	if _, err := tx.NewInsert().Model(&rows).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// ---- 考察 ----

func (s *Service) checkInspect(ctx context.Context, idb bun.IDB, a *flow.Act[View], f *InspectForm) error {
	var c httpx.Checks
	team := f.InspTeam[:0]
	seen := map[string]bool{}
	for _, m := range f.InspTeam {
		m = strings.TrimSpace(m)
		switch {
		case m == "":
			continue
		case utf8.RuneCountInString(m) > 20:
			c.Add(httpx.Invalid("inspTeam", "考察组成员姓名不超过20个字"))
		case seen[m]:
			c.Add(httpx.Invalid("inspTeam", "考察组成员“%s”重复", m))
		}
		seen[m] = true
		team = append(team, m)
	}
	f.InspTeam = team
	if len(team) > MaxTeam {
		c.Add(httpx.Invalid("inspTeam", "考察组成员最多%d人", MaxTeam))
	}
	if !c.Add(s.day(&f.InspFrom, "inspFrom", "考察开始日期", true)) {
		c.Add(after("inspFrom", "考察开始日期", f.InspFrom, a.Record.RecOn, "民主推荐日期"))
	}
	if !c.Add(s.day(&f.InspTo, "inspTo", "考察结束日期", true)) && !c.Failed("inspFrom") {
		c.Add(after("inspTo", "考察结束日期", f.InspTo, &f.InspFrom, "考察开始日期"))
	}
	f.InspReport = strings.TrimSpace(f.InspReport)
	c.Add(count("inspTalks", "个别谈话人数", f.InspTalks, 0, 100000), record.Required("inspReport", "考察报告", f.InspReport, MaxReport))
	if err := c.Err(); err != nil {
		return err
	}
	if len(f.Inspected) == 0 {
		return httpx.Invalid("inspected", "请确定考察对象")
	}
	cands, err := s.candidates(ctx, idb, a.ID)
	if err != nil {
		return err
	}
	for _, id := range f.Inspected {
		if !slices.ContainsFunc(cands, func(c Candidate) bool { return c.CadreID == id }) {
			return httpx.Invalid("inspected", "考察对象应从民主推荐的被推荐人中确定")
		}
	}
	return nil
}

// teamRule: the team has two members at least.
func teamRule(_ *View, f *InspectForm) string {
	if n := len(nonBlank(f.InspTeam)); n < 2 {
		return fmt.Sprintf("考察组现有%d人", n)
	}
	return ""
}

func nonBlank(list []string) []string {
	out := []string{}
	for _, v := range list {
		if v = strings.TrimSpace(v); v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

func (s *Service) afterInspect(ctx context.Context, tx bun.Tx, a *flow.Act[View]) error {
	return approved(s, s.checkInspect, func(ctx context.Context, tx bun.Tx, a *flow.Act[View], f *InspectForm) ([]setter, error) {
		if _, err := tx.NewUpdate().Model((*Candidate)(nil)).Set("inspected = (cadre_id IN (?))", bun.In(f.Inspected)).
			Where("selection_id = ?", a.ID).Exec(ctx); err != nil {
			return nil, httpx.Internal(err)
		}
		return []setter{set("insp_team = ?", strings.Join(nonBlank(f.InspTeam), "、")), set("insp_from = ?", f.InspFrom),
			set("insp_to = ?", f.InspTo), set("insp_talks = ?", f.InspTalks), set("insp_report = ?", strings.TrimSpace(f.InspReport))}, nil
	})(ctx, tx, a)
}

// ---- 讨论决定 ----

func (s *Service) checkDecide(ctx context.Context, idb bun.IDB, a *flow.Act[View], f *DecideForm) error {
	var c httpx.Checks
	if !c.Add(s.day(&f.MeetOn, "meetOn", "会议日期", true)) {
		c.Add(after("meetOn", "会议日期", f.MeetOn, a.Record.InspTo, "考察结束日期"))
	}
	f.MeetName = strings.TrimSpace(f.MeetName)
	c.Add(record.Required("meetName", "会议名称", f.MeetName, 100), count("meetTotal", "应到会成员数", f.MeetTotal, 1, 200))
	c.Add(count("meetPresent", "实到会成员数", f.MeetPresent, 0, max(f.MeetTotal, 0)))
	c.Add(count("meetAgree", "同意票数", f.MeetAgree, 0, max(f.MeetPresent, 0)))
	if err := c.Err(); err != nil {
		return err
	}
	cands, err := s.candidates(ctx, idb, a.ID)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(cands, func(c Candidate) bool { return c.CadreID == f.AppointeeID && c.Inspected }) {
		return httpx.Invalid("appointeeId", "请从考察对象中选择决定任用的人选")
	}
	return nil
}

// presentRule: two thirds of the members present (9 members: 6 suffice,
// 5 do not).
func presentRule(_ *View, f *DecideForm) string {
	if f.MeetPresent*3 < f.MeetTotal*2 {
		return fmt.Sprintf("应到会%d人，实到会%d人，不足三分之二", f.MeetTotal, f.MeetPresent)
	}
	return ""
}

// agreeRule: more than half of the members due (not of those present)
// agree (9 members: 5 suffice, 4 do not; 10 members: 6 suffice, 5 do not).
func agreeRule(_ *View, f *DecideForm) string {
	if f.MeetAgree*2 <= f.MeetTotal {
		return fmt.Sprintf("同意%d票，未超过应到会成员%d人的半数", f.MeetAgree, f.MeetTotal)
	}
	return ""
}

func (s *Service) afterDecide(ctx context.Context, tx bun.Tx, a *flow.Act[View]) error {
	return approved(s, s.checkDecide, func(ctx context.Context, tx bun.Tx, a *flow.Act[View], f *DecideForm) ([]setter, error) {
		cands, err := s.candidates(ctx, tx, a.ID)
		if err != nil {
			return nil, err
		}
		name := ""
		for _, c := range cands {
			if c.CadreID == f.AppointeeID {
				name = c.Name
			}
		}
		return []setter{set("meet_on = ?", f.MeetOn), set("meet_name = ?", f.MeetName), set("meet_total = ?", f.MeetTotal),
			set("meet_present = ?", f.MeetPresent), set("meet_agree = ?", f.MeetAgree), set("appointee_id = ?", f.AppointeeID),
			set("appointee_name = ?", name)}, nil
	})(ctx, tx, a)
}

// ---- 任前公示 ----

func (s *Service) checkPublicize(_ context.Context, _ bun.IDB, a *flow.Act[View], f *PublicizeForm) error {
	var c httpx.Checks
	if !c.Add(s.day(&f.PubFrom, "pubFrom", "公示开始日期", false)) {
		c.Add(after("pubFrom", "公示开始日期", f.PubFrom, a.Record.MeetOn, "讨论决定的会议日期"))
	}
	if !c.Add(s.day(&f.PubTo, "pubTo", "公示结束日期", false)) && !c.Failed("pubFrom") {
		c.Add(after("pubTo", "公示结束日期", f.PubTo, &f.PubFrom, "公示开始日期"))
	}
	f.PubResult = strings.TrimSpace(f.PubResult)
	c.Add(record.MaxLen("pubResult", "公示结果", f.PubResult, MaxText))
	return c.Err()
}

// noticeRule: the notice lasts 5 working days at least, counted on the
// working-day calendar (a holiday and the weekend do not count; a weekend
// day worked does).
func (s *Service) noticeRule() flow.Rule[View] {
	return flow.Rule[View]{Name: ruleNotice, Field: "pubTo", Check: func(ctx context.Context, _ bun.IDB, a *flow.Act[View]) (string, error) {
		f, err := form[PublicizeForm](a)
		if err != nil {
			return "", err
		}
		n, err := s.cal.WorkdaysBetween(ctx, f.PubFrom, f.PubTo)
		if err != nil {
			return "", httpx.Internal(err)
		}
		if n < NoticeWorkdays {
			return fmt.Sprintf("公示 %s 至 %s 只有%d个工作日", f.PubFrom, f.PubTo, n), nil
		}
		return "", nil
	}}
}

// noticeOverRule: the notice has ended (its last day is before today).
func (s *Service) noticeOverRule() flow.Rule[View] {
	return formRule(ruleNoticeOver, "pubTo", func(_ *View, f *PublicizeForm) string {
		if !f.PubTo.Before(s.today()) {
			return fmt.Sprintf("公示期至%s，公示结束后方可办理", f.PubTo)
		}
		return ""
	})
}

func (s *Service) afterPublicize(ctx context.Context, tx bun.Tx, a *flow.Act[View]) error {
	return approved(s, s.checkPublicize, func(ctx context.Context, tx bun.Tx, a *flow.Act[View], f *PublicizeForm) ([]setter, error) {
		return []setter{set("pub_from = ?", f.PubFrom), set("pub_to = ?", f.PubTo), set("pub_result = ?", strings.TrimSpace(f.PubResult))}, nil
	})(ctx, tx, a)
}

// ---- 任职 ----

func (s *Service) checkAppoint(_ context.Context, _ bun.IDB, a *flow.Act[View], f *AppointForm) error {
	var c httpx.Checks
	f.DocNo, f.OverReason = strings.TrimSpace(f.DocNo), strings.TrimSpace(f.OverReason)
	c.Add(record.Required("docNo", "任职文号", f.DocNo, 50))
	if !c.Add(s.day(&f.AppointOn, "appointOn", "任职日期", false)) && a.Record.PubTo != nil && !f.AppointOn.After(*a.Record.PubTo) {
		c.Add(httpx.Invalid("appointOn", "任职日期应在公示期满（%s）之后", *a.Record.PubTo))
	}
	c.Add(record.MaxLen("overReason", "超职数理由", f.OverReason, 200))
	return c.Err()
}

// appointNext: an appointment without probation (an elected post, or not a
// promotion: 第五十三条) has no probation review: the selection ends.
func appointNext(a *flow.Act[View]) string {
	var f AppointForm
	if json.Unmarshal(a.Form, &f) != nil {
		return ""
	}
	if d, ok := date.Parse(string(f.AppointOn)); ok && d != "" && quota.ProbationUntil(d, a.Record.Elected, f.Promotion) == nil {
		return flow.Finish
	}
	return ""
}

// afterAppoint issues the appointment document through 职数管理 in the
// action's transaction: the quota's place, the cadre's post (任职状态 试用期
// or 在任) and their trails commit with the step, or nothing does.
func (s *Service) afterAppoint(ctx context.Context, tx bun.Tx, a *flow.Act[View]) error {
	return approved(s, s.checkAppoint, func(ctx context.Context, tx bun.Tx, a *flow.Act[View], f *AppointForm) ([]setter, error) {
		v := a.Record
		if v.AppointeeID == nil {
			return nil, httpx.BadRequest("尚未确定任用人选")
		}
		issuer := a.Actor.OrgName
		if issuer == "" {
			issuer = "党委"
		}
		d, err := s.quotas.IssueDocument(ctx, tx, quota.DocumentInput{DocNo: f.DocNo, IssuedOn: f.AppointOn, Issuer: issuer,
			Title: fmt.Sprintf("关于%s同志任职的通知", v.AppointeeName), Items: []quota.ItemInput{{Kind: quota.KindAppoint,
				CadreID: *v.AppointeeID, PositionID: v.PositionID, OnDate: f.AppointOn, Promotion: f.Promotion, OverReason: f.OverReason}}})
		if err != nil {
			return nil, onAppointForm(err)
		}
		var until *date.Date
		if len(d.Items) == 1 {
			until = d.Items[0].ProbationUntil
		}
		return []setter{set("document_id = ?", d.ID), set("doc_no = ?", f.DocNo), set("appoint_on = ?", f.AppointOn),
			set("promotion = ?", f.Promotion), set("probation_until = ?", until)}, nil
	})(ctx, tx, a)
}

// onAppointForm puts 职数管理's refusal of the document on the 任职 form's
// field it is about: the quota's on 超职数理由, the rest on the form.
func onAppointForm(err error) error {
	var he *httpx.Error
	if !errors.As(err, &he) || he.Field != "items" {
		return err
	}
	e := *he
	e.Field = ""
	if strings.Contains(e.Message, "超职数") {
		e.Field = "overReason"
	}
	return &e
}

// ---- 试用期满考核 ----

func (s *Service) checkReview(_ context.Context, _ bun.IDB, a *flow.Act[View], f *ReviewForm) error {
	var c httpx.Checks
	c.Add(s.day(&f.ReviewOn, "reviewOn", "考核日期", true))
	if ReviewResultNames[f.ReviewResult] == "" {
		c.Add(httpx.Invalid("reviewResult", "请选择考核结果"))
	}
	f.ReviewNote = strings.TrimSpace(f.ReviewNote)
	if f.ReviewResult == ReviewUnfit {
		c.Add(record.Required("reviewNote", "考核说明", f.ReviewNote, MaxText))
	} else {
		c.Add(record.MaxLen("reviewNote", "考核说明", f.ReviewNote, MaxText))
	}
	return c.Err()
}

// probationRule: the review comes after the probation's last day
// (ProbationUntil is that last day: 2026-03-01 → 2027-02-28).
func probationRule(v *View, f *ReviewForm) string {
	if v.ProbationUntil != nil && !f.ReviewOn.After(*v.ProbationUntil) {
		return fmt.Sprintf("试用期至%s，期满后方可考核", *v.ProbationUntil)
	}
	return ""
}

// afterReview: a cadre fit for the post serves (任职状态 在任); one unfit
// keeps the record of it, and the post is removed by a 任免文件 of 职数管理.
func (s *Service) afterReview(ctx context.Context, tx bun.Tx, a *flow.Act[View]) error {
	return approved(s, s.checkReview, func(ctx context.Context, tx bun.Tx, a *flow.Act[View], f *ReviewForm) ([]setter, error) {
		if f.ReviewResult == ReviewFit && a.Record.AppointeeID != nil {
			if err := s.cadres.SetTenure(ctx, tx, *a.Record.AppointeeID, cadre.TenureServing, audit.OriginUserUpdate); err != nil {
				return nil, err
			}
		}
		return []setter{set("review_on = ?", f.ReviewOn), set("review_result = ?", f.ReviewResult), set("review_note = ?", f.ReviewNote)}, nil
	})(ctx, tx, a)
}
