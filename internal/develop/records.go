package develop

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
)

// dictGender is the gender dictionary the registry's codes belong to.
const dictGender = "DJ_COMM_XB"

// Person kinds of a record (the registry a person comes from).
const (
	PersonStudent = "student" // xsjbxx
	PersonTeacher = "teacher" // jsjbxx
)

// RecordView is a record as the lists and the detail show it.
type RecordView struct {
	Record      `bun:",extend"`
	OrgName     string `bun:"org_name,scanonly" json:"orgName"`
	StageName   string `bun:"-" json:"stageName"`
	StepName    string `bun:"-" json:"stepName"`
	GenderLabel string `bun:"-" json:"genderLabel"`
	// DueState is "overdue" (due before today), "soon" (due within
	// dueSoonDays) or "".
	DueState string `bun:"-" json:"dueState"`
}

// Due states of a record and the list filter's values.
const (
	DueOverdue  = "overdue"
	DueSoon     = "soon"
	dueSoonDays = 7
)

// recordFields are the record's fields for its change trail and export.
// Only leavingOn and remark are edited by hand (editFields); the rest are
// copied from the registry at creation or kept by the steps.
var recordFields = resource.Fields[Record]{
	{Name: "name", Label: "姓名", Export: 12},
	{Name: "personNo", Label: "学号/工号", Export: 16},
	{Name: "gender", Label: "性别", Kind: resource.Code, Dict: dictGender, Shown: "genderLabel", Export: 8},
	{Name: "birthDate", Label: "出生日期", Kind: resource.Day, Export: 12},
	{Name: "orgId", Label: "党支部", Kind: resource.Ref, Table: "dzz", Key: "org", Shown: "orgName", Export: 28},
	{Name: "appliedOn", Label: "申请入党日期", Kind: resource.Day, Export: 12},
	{Name: "leavingOn", Label: "预计离校日期", Kind: resource.Day, Export: 12},
	{Name: "remark", Label: "备注", Max: 500, Export: 24},
}

// editFields are the fields an update may change.
var editFields = resource.Fields[Record]{
	{Name: "leavingOn", Label: "预计离校日期", Kind: resource.Day},
	{Name: "remark", Label: "备注", Max: 500},
}

// listSpec: stage, blurry (name, number), orgId (subtree), personKind, due
// (overdue / soon, against today), the decisive dates as inclusive ranges.
func (s *Service) listSpec() httpx.ListSpec {
	ranges := map[string]string{"appliedOn": "r.applied_on", "talkedOn": "r.talked_on", "activistOn": "r.activist_on",
		"targetOn": "r.target_on", "admittedOn": "r.admitted_on", "approvedOn": "r.approved_on",
		"probationEndsOn": "r.probation_ends_on", "fullOn": "r.full_on", "endedOn": "r.ended_on", "dueOn": "r.due_on"}
	spec := httpx.ListSpec{
		Filters: map[string]httpx.Filter{
			"stage":      {Columns: []string{"r.stage"}, Match: httpx.In},
			"step":       {Columns: []string{"r.step"}, Match: httpx.In},
			"personKind": {Columns: []string{"r.person_kind"}, Match: httpx.In},
			"blurry":     {Columns: []string{"r.name", "r.person_no"}, Match: httpx.Like},
			"orgId":      org.SubtreeFilter("r.org_id"),
			"due": {Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
				today := s.today()
				switch v {
				case DueOverdue:
					return q.Where("r.due_on < ?", today), nil
				case DueSoon:
					return q.Where("r.due_on >= ? AND r.due_on <= ?", today, today.AddDays(dueSoonDays)), nil
				}
				return nil, httpx.Invalid("due", "到期状态只能是 overdue 或 soon")
			}},
		},
		Sorts: map[string]string{"name": zh.Name("r.name"), "personNo": "r.person_no", "orgName": zh.Name(org.NameColumn),
			"stage": "r.stage", "createTime": "r.created_at"},
		DefaultSort: "r.applied_on DESC, r.id DESC",
		Key:         "r.id",
	}
	for name, col := range ranges {
		spec.Filters[name] = httpx.Filter{Columns: []string{col}, Match: httpx.Range, Kind: httpx.Date}
		spec.Sorts[name] = col
	}
	return spec
}

// today is the date in China.
func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

// records declares the development records on the resource kit: scoped by
// the branch, shown with its name, the stage's and step's names and the
// due state; created by createRecord (step ①, which starts the workflow),
// edited only in leavingOn and remark, deleted with their workflow.
func (s *Service) records() *resource.Resource[Record, RecordView] {
	export := append(resource.Columns[RecordView](recordFields),
		resource.Column[RecordView]{Header: "阶段", Width: 12, Cell: func(v *RecordView) any { return v.StageName }},
		resource.Column[RecordView]{Header: "当前环节", Width: 22, Cell: func(v *RecordView) any { return v.StepName }},
		resource.Column[RecordView]{Header: "确定积极分子日期", Width: 14, Cell: func(v *RecordView) any { return string(v.ActivistOn) }},
		resource.Column[RecordView]{Header: "确定发展对象日期", Width: 14, Cell: func(v *RecordView) any { return string(v.TargetOn) }},
		resource.Column[RecordView]{Header: "办理期限", Width: 12, Cell: func(v *RecordView) any { return string(v.DueOn) }})
	return &resource.Resource[Record, RecordView]{DB: s.db, Noun: "发展党员记录", Spec: s.listSpec(), Now: s.now,
		Access: s.sys.LogAccess, Scope: s.scope, Join: org.NameJoin("r.org_id"),
		Anchor: "org_id", AnchorScope: s.orgs.Scoped,
		Record: func(v *RecordView) *Record { return &v.Record },
		Labels: func(ctx context.Context) (audit.Labeller, error) {
			l, err := s.sys.DictLabels(ctx, dictGender)
			return l.Label, err
		},
		Show: s.showRecord,
		Check: func(ctx context.Context, in Record, cur *RecordView) (Record, error) {
			if cur == nil { // records are created by createRecord only
				return in, httpx.BadRequest("请通过递交入党申请书新增发展党员记录")
			}
			m := cur.Record
			m.LeavingOn, m.Remark = in.LeavingOn, in.Remark
			l, err := s.sys.DictLabels(ctx, dictGender)
			if err != nil {
				return m, err
			}
			return m, editFields.Check(&m, &cur.Record, l, s.today())
		},
		BeforeDelete: s.beforeDeleteRecords,
		Trail:        recordFields.Decl(TrailModule, "发展党员记录"), TrailName: "r.name", TrailView: recordFields.TrailView,
		Export: resource.Export[RecordView]{Title: "发展党员", Columns: export},
	}
}

// showRecord fills the view's names and labels.
func (s *Service) showRecord(v *RecordView, label audit.Labeller) {
	v.GenderLabel = label(dictGender, v.Gender)
	v.StageName = StageNames[v.Stage]
	if def := stepDef(v.Step); def != nil {
		v.StepName = def.Name
	}
	v.DueState = dueState(v.DueOn, s.today())
}

// dueState is the due state of a step due on due, seen on today.
func dueState(due, today date.Date) string {
	switch {
	case due.IsZero():
		return ""
	case due.Before(today):
		return DueOverdue
	case !due.After(today.AddDays(dueSoonDays)):
		return DueSoon
	}
	return ""
}

// recordRoutes registers the records' routes: the kit's list, export,
// update, delete and trails, with the detail and the create of the module.
func (s *Service) recordRoutes(rs *httpx.Routes) {
	const base = "/api/fzdy"
	s.records().Routes(rs, base, Perms,
		resource.Replace(resource.DetailRoute, "查看详情", httpx.ReadOn(errNoRecord, s.Detail)),
		resource.Replace(resource.CreateRoute, "递交入党申请书", httpx.Create(s.CreateRecord)))
	rs.Get(base+"/people", Perms.Add, "选择人员", httpx.ReadPicker(s.PickPerson))
}

// CreateInput is the body of step ① 递交入党申请书.
type CreateInput struct {
	PersonKind string    `json:"personKind"`
	PersonID   int64     `json:"personId"`
	OrgID      int64     `json:"orgId"`
	AppliedOn  date.Date `json:"appliedOn"`
	LeavingOn  date.Date `json:"leavingOn"`
	Remark     string    `json:"remark"`
}

// ruleMinAge names the age rule (RULES.md §2).
const ruleMinAge = "入党申请人须年满十八周岁"

// CreateRecord is step ①: a person of the registry applies to a branch of
// the caller's scope on appliedOn. The record keeps the current
// configuration version and enters the workflow in the same transaction.
func (s *Service) CreateRecord(ctx context.Context, in CreateInput) (*RecordDetail, error) {
	var c httpx.Checks
	today := s.today()
	if in.PersonKind != PersonStudent && in.PersonKind != PersonTeacher {
		c.Add(httpx.Invalid("personKind", "请选择人员类别（学生或教师）"))
	}
	c.Add(record.Chosen("personId", "申请人", in.PersonID > 0))
	c.Add(record.Chosen("orgId", "党支部", in.OrgID > 0))
	if in.AppliedOn.IsZero() {
		c.Add(record.Chosen("appliedOn", "申请入党日期", false))
	} else if d, err := record.Date("appliedOn", "申请入党日期", string(in.AppliedOn)); err != nil {
		c.Add(err)
	} else {
		in.AppliedOn = d
		c.Add(record.NotAfter("appliedOn", "申请入党日期", d, today))
	}
	if !in.LeavingOn.IsZero() {
		d, err := record.Date("leavingOn", "预计离校日期", string(in.LeavingOn))
		c.Add(err)
		in.LeavingOn = d
	}
	c.Add(record.MaxLen("remark", "备注", in.Remark, 500))
	if err := c.Err(); err != nil {
		return nil, err
	}
	p, err := s.registryPerson(ctx, s.db, in.PersonKind, in.PersonID)
	if err != nil {
		return nil, err
	}
	if err := s.checkBranch(ctx, in.OrgID); err != nil {
		return nil, err
	}
	cfg, version, err := s.config(ctx, s.db, 0)
	if err != nil {
		return nil, err
	}
	if members, err := s.membershipsOf(ctx, s.db, in.PersonKind, []int64{p.ID}); err != nil {
		return nil, err
	} else if m, ok := members[p.ID]; ok {
		return nil, errIsMember(p.Name, m)
	}
	if why := ageShort(p.BirthDate, in.AppliedOn, cfg.Rules.MinAge); why != "" {
		return nil, ruleError(ruleMinAge, "appliedOn", why)
	}
	m := Record{PersonKind: in.PersonKind, PersonID: p.ID, PersonNo: p.Number, Name: p.Name, Gender: p.Gender,
		BirthDate: p.BirthDate, OrgID: in.OrgID, Stage: StageApplicant, Step: StepTalk, ConfigVersion: version,
		LeavingOn: in.LeavingOn, AppliedOn: in.AppliedOn, Flags: "[]", Remark: in.Remark}
	m.DueOn = cfg.dueOn(StepTalk, in.AppliedOn, in.AppliedOn)
	var id int64
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if live, err := s.liveRecordOf(ctx, tx, in.PersonKind, p.ID); err != nil {
			return err
		} else if live != nil {
			return errLiveRecord(live)
		}
		if id, err = s.records().Insert(ctx, tx, m, audit.OriginUserCreate); err != nil {
			return err
		}
		return s.wf.Start(ctx, tx, id, flow.Note{Comment: "递交入党申请书（" + string(in.AppliedOn) + "）"})
	})
	if db.IsUniqueViolation(err) { // two applications of one person at once
		return nil, httpx.Invalid("personId", "该人员已有进行中的发展党员记录")
	} else if err != nil {
		return nil, err
	}
	return s.Detail(ctx, id)
}

// ageShort says why someone born on birth is not yet minAge on day ("" when
// they are: exactly minAge years on the birthday passes). Someone born on
// 29 February is of age on 1 March of a common year: the years counted
// from their birth end on the month's last day, 28 February, when the
// month has no 29th (民法典 第二百零二条), so they are full minAge from the
// next day (date.AddYears).
func ageShort(birth, day date.Date, minAge int) string {
	if birth.IsZero() {
		return "人员信息中没有出生日期，请先在人员信息中补充"
	}
	adult := birth.AddYears(minAge)
	if !adult.After(day) {
		return ""
	}
	why := fmt.Sprintf("申请人须年满%d周岁（%s出生者于%s年满%d周岁", minAge, birth.Chinese(), adult.Chinese(), minAge)
	if strings.HasSuffix(string(birth), "-02-29") && strings.HasSuffix(string(adult), "-03-01") {
		why += "：该年没有2月29日，按民法典第二百零二条以2月28日为期间的最后一日，3月1日起年满"
	}
	return why + fmt.Sprintf("），申请入党日期 %s 尚未年满", day)
}

// ruleError is the refusal of a rule, as the workflow answers one (400
// FLOW_RULE naming the rule and marking the field).
func ruleError(rule, field, why string) *httpx.Error {
	e := httpx.BadRequest("不符合「%s」：%s", rule, why)
	e.Field, e.Code = field, "FLOW_RULE"
	return e
}

// liveRecordOf is the record of a person that has not ended (nil when none).
func (s *Service) liveRecordOf(ctx context.Context, idb bun.IDB, kind string, personID int64) (*Record, error) {
	r := new(Record)
	err := idb.NewSelect().Model(r).Where("r.person_kind = ?", kind).Where("r.person_id = ?", personID).
		Where("r.stage <> ?", StageEnded).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return r, nil
}

func errLiveRecord(r *Record) *httpx.Error {
	return httpx.Invalid("personId", "%s已有进行中的发展党员记录（%s，%s申请），不能重复新增", r.Name, StageNames[r.Stage], r.AppliedOn)
}

// checkBranch: the record's organisation is a 党支部 or 直属党支部 of the
// caller's scope (404 outside it or missing, 400 of another type).
func (s *Service) checkBranch(ctx context.Context, orgID int64) error {
	o, err := s.orgs.BriefInScope(ctx, orgID)
	if err != nil {
		return httpx.Internal(err)
	}
	if o == nil {
		return httpx.NotFound("党组织不存在")
	}
	if o.Type != orgTypeBranch && o.Type != orgTypeDirect {
		return httpx.Invalid("orgId", "发展党员记录只能建在党支部或直属党支部")
	}
	if !o.Live() {
		return httpx.Invalid("orgId", "所选党支部已撤销")
	}
	return nil
}

// beforeDeleteRecords refuses to delete a record once its person entered
// the member base, gives back the plan places the records hold and removes
// their workflow (in the delete's transaction).
func (s *Service) beforeDeleteRecords(ctx context.Context, idb bun.IDB, ids []int64) error {
	var names []string
	if err := idb.NewSelect().Model((*Record)(nil)).Column("name").Where("id IN (?)", bun.List(ids)).
		Where("member_id IS NOT NULL").Scan(ctx, &names); err != nil {
		return httpx.Internal(err)
	}
	if len(names) > 0 {
		return httpx.BadRequest("%s已接收为预备党员（已建党员档案），发展记录不能删除", names[0])
	}
	tx, ok := idb.(bun.Tx)
	if !ok {
		return httpx.Internal(errors.New("develop: a delete outside a transaction"))
	}
	for _, id := range ids {
		if err := s.givePlanBack(ctx, tx, id); err != nil {
			return err
		}
	}
	return s.wf.Delete(ctx, tx, ids)
}

// RecordDetail is a record with everything done on it.
type RecordDetail struct {
	RecordView
	Steps     []StepDone    `json:"steps"`
	Reviews   []Review      `json:"reviews"`
	Trainings []Training    `json:"trainings"`
	Notices   []NoticeBrief `json:"notices"`
	FlagList  []Flag        `json:"flagList"`
}

// StepDone is a step done, named.
type StepDone struct {
	Step     string          `json:"step"`
	No       int             `json:"no"`
	Name     string          `json:"name"`
	DoneOn   date.Date       `json:"doneOn"`
	Data     json.RawMessage `json:"data"` // the step form as it was sent
	UserName string          `json:"userName"`
}

// NoticeBrief is a notice a record is on.
type NoticeBrief struct {
	ID      int64     `bun:"id" json:"id"`
	Kind    string    `bun:"kind" json:"kind"`
	Title   string    `bun:"title" json:"title"`
	StartOn date.Date `bun:"start_on" json:"startOn"`
	EndOn   date.Date `bun:"end_on" json:"endOn"`
}

// Flag is a rule exception accepted with a reason (dev_record.flags).
type Flag struct {
	Step   string `json:"step"`
	Rule   string `json:"rule"`
	Reason string `json:"reason"`
}

// Detail is record id of the caller's scope with its steps done (in the
// order of the 25), reviews, trainings, notices and flags.
func (s *Service) Detail(ctx context.Context, id int64) (*RecordDetail, error) {
	v, err := s.records().Detail(ctx, id)
	if err != nil {
		return nil, err
	}
	d := &RecordDetail{RecordView: v, Steps: []StepDone{}, Reviews: []Review{}, Trainings: []Training{}, Notices: []NoticeBrief{}}
	var rows []StepRow
	if err := s.db.NewSelect().Model(&rows).Where("record_id = ?", id).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, def := range Steps {
		for _, row := range rows {
			if row.Step == def.Key {
				d.Steps = append(d.Steps, StepDone{Step: row.Step, No: def.No, Name: def.Name, DoneOn: row.DoneOn,
					Data: json.RawMessage(row.Data), UserName: row.UserName})
			}
		}
	}
	if err := s.db.NewSelect().Model(&d.Reviews).Where("record_id = ?", id).OrderExpr("reviewed_on, id").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	if err := s.db.NewSelect().Model(&d.Trainings).Where("record_id = ?", id).OrderExpr("start_on, id").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	if err := s.db.NewSelect().Model((*Notice)(nil)).Column("n.id", "n.kind", "n.title", "n.start_on", "n.end_on").
		Where("n.id IN (SELECT notice_id FROM dev_notice_item WHERE record_id = ?)", id).OrderExpr("n.start_on, n.id").
		Scan(ctx, &d.Notices); err != nil {
		return nil, httpx.Internal(err)
	}
	if d.FlagList, err = flagsOf(&v.Record); err != nil {
		return nil, err
	}
	return d, nil
}

// flagsOf decodes a record's flags.
func flagsOf(r *Record) ([]Flag, error) {
	out := []Flag{}
	if r.Flags == "" {
		return out, nil
	}
	if err := json.Unmarshal([]byte(r.Flags), &out); err != nil {
		return nil, httpx.Internal(fmt.Errorf("develop: flags of record %d: %w", r.ID, err))
	}
	return out, nil
}

// setFlag keeps (reason given) or drops (reason "") the exception of rule
// at step on record id, in tx; a step redone replaces its flag.
func (s *Service) setFlag(ctx context.Context, tx bun.Tx, r *Record, step, rule, reason string) error {
	var flags string
	if err := tx.NewSelect().Model((*Record)(nil)).Column("flags").Where("id = ?", r.ID).Scan(ctx, &flags); err != nil {
		return httpx.Internal(err)
	}
	cur, err := flagsOf(&Record{Base: r.Base, Flags: flags})
	if err != nil {
		return err
	}
	out := []Flag{}
	for _, f := range cur {
		if f.Step != step || f.Rule != rule {
			out = append(out, f)
		}
	}
	if reason != "" {
		out = append(out, Flag{Step: step, Rule: rule, Reason: reason})
	}
	data, err := json.Marshal(out)
	if err != nil {
		return httpx.Internal(err)
	}
	if _, err := tx.NewUpdate().Model((*Record)(nil)).Set("flags = ?", string(data)).Where("id = ?", r.ID).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	r.Flags = string(data)
	return nil
}
