package develop

import (
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// The staged import of the development records a school already keeps on
// paper (/api/import/fzdy): applicants, activists and development targets,
// each with the dates of the steps taken so far. A row is checked against
// the rules those steps had to keep (age at the application, the talk
// within a month, a year as activist), and commits as a record put at the
// step after its stage's (flow.StartAt) with the steps it names kept in
// dev_step. Later stages (probationary members) are members already: they
// belong to the member import.
func (s *Service) importKind() imports.Kind {
	return imports.Declare(imports.Decl{Key: "fzdy", Label: "发展党员记录", Perm: Perms.Import, Cols: importColumns, Sample: s.importSample},
		s.validateImport, s.commitImport)
}

var importColumns = imports.Columns{
	{Key: "personKind", Label: "人员类别", Required: true, Example: "学生", Note: "学生或教职工"},
	{Key: "personNo", Label: "学号/工号", Required: true, Example: "2023010001", Note: "人员信息库中已有的学生学号或教职工工号"},
	{Key: "org", Label: "党支部", Field: "orgId", Required: true, Example: "D0101", Note: "您管理范围内党支部的编码或唯一的名称"},
	{Key: "stage", Label: "发展阶段", Required: true, Example: "入党申请人", Note: "入党申请人、入党积极分子或发展对象"},
	{Key: "appliedOn", Label: "申请入党日期", Required: true, Example: "2025-03-01"},
	{Key: "talkedOn", Label: "谈话日期", Example: "2025-03-20", Note: "入党积极分子、发展对象必填；须在申请后一个月内"},
	{Key: "activistOn", Label: "确定入党积极分子日期", Example: "", Note: "入党积极分子、发展对象必填"},
	{Key: "targetOn", Label: "确定发展对象日期", Example: "", Note: "发展对象必填；须在确定入党积极分子一年以后"},
	{Key: "leavingOn", Label: "预计离校日期", Example: "2027-07-01"},
	{Key: "remark", Label: "备注"},
}

// importKinds are the person kinds a row may name, by their names.
var importKinds = map[string]string{"学生": PersonStudent, "教职工": PersonTeacher, "教师": PersonTeacher}

// importStages are the stages a row may name, by their names; stageDates
// the steps whose dates a row of the stage must give.
var (
	importStages = map[string]string{"入党申请人": StageApplicant, "入党积极分子": StageActivist, "发展对象": StageTarget}
	stageDates   = map[string][]string{StageActivist: {"talkedOn", "activistOn"}, StageTarget: {"talkedOn", "activistOn", "targetOn"}}
)

// importRow is a validated row ready for its commit.
type importRow struct {
	rec   Record
	steps []StepRow // the steps the row names, in order
	at    string    // the step the record is put at
}

// importSample names a branch of the caller's scope; the person must be
// one of the school's, which the template cannot guess.
func (s *Service) importSample(ctx context.Context, idb bun.IDB) (map[string]string, error) {
	code, err := s.orgs.SampleCode(ctx, idb, orgTypeBranch, orgTypeDirect)
	return map[string]string{"org": code}, err
}

func (s *Service) validateImport(ctx context.Context, idb bun.IDB, _ *rbac.Principal, rows []*imports.Row) error {
	cells, err := s.orgs.OrgCells(ctx, idb)
	if err != nil {
		return err
	}
	cfg, version, err := s.config(ctx, idb, 0)
	if err != nil {
		return err
	}
	people, err := s.importPeople(ctx, idb, rows)
	if err != nil {
		return err
	}
	branches, err := s.branchTypes(ctx, idb)
	if err != nil {
		return err
	}
	today := s.today()
	seen := map[string]int{}
	for _, r := range rows {
		kind := r.Enum("personKind", importKinds, "人员类别应为“学生”或“教职工”")
		p := people[kind+":"+r.Cells["personNo"]]
		switch {
		case r.Cells["personNo"] == "":
			r.Fail("personNo", "请填写学号/工号")
		case kind != "" && p == nil:
			r.Fail("personNo", fmt.Sprintf("人员信息中没有您管理范围内学号/工号为「%s」的%s", r.Cells["personNo"], r.Cells["personKind"]))
		case p != nil && p.live != "":
			r.Fail("personNo", p.live)
		case p != nil && seen[kind+":"+p.Number] > 0:
			r.Fail("personNo", fmt.Sprintf("与第 %d 行是同一人", seen[kind+":"+p.Number]))
		case p != nil:
			seen[kind+":"+p.Number] = r.RowNo
		}
		orgID, ok := cells.Cell(r, "org")
		if live, branch := branches[orgID]; ok && !branch {
			r.Fail("org", "发展党员记录只能建在党支部或直属党支部")
		} else if ok && !live {
			r.Fail("org", "所选党支部已撤销")
		}
		if utf8.RuneCountInString(r.Cells["remark"]) > 500 { // as the create's 备注
			r.Fail("remark", "备注不超过500个字")
		}
		stage := r.Enum("stage", importStages, "发展阶段应为入党申请人、入党积极分子或发展对象")
		dates := importColumns.Dates(r, "appliedOn", "talkedOn", "activistOn", "targetOn", "leavingOn")
		importColumns.Require(r, append([]string{"appliedOn"}, stageDates[stage]...)...)
		// The steps' dates in order, none in the future.
		prev, prevLabel := date.Date(""), ""
		for _, key := range []string{"appliedOn", "talkedOn", "activistOn", "targetOn"} {
			d := dates[key]
			if d.IsZero() || r.Failed(key) {
				continue
			}
			label := importColumns.Get(key).Label
			if d.After(today) {
				r.Fail(key, label+"不能晚于今天")
			} else if !prev.IsZero() && d.Before(prev) {
				r.Fail(key, fmt.Sprintf("%s不能早于%s", label, prevLabel))
			}
			prev, prevLabel = d, label
		}
		if p != nil && !dates["appliedOn"].IsZero() {
			if why := ageShort(p.BirthDate, dates["appliedOn"], cfg.Rules.MinAge); why != "" {
				r.Fail("appliedOn", fmt.Sprintf("不符合「%s」：%s", ruleMinAge, why))
			}
		}
		if t, a := dates["talkedOn"], dates["appliedOn"]; !t.IsZero() && !a.IsZero() && t.After(cfg.Rules.talkDue(a)) {
			r.Fail("talkedOn", fmt.Sprintf("谈话须在申请后 %d 个月内（%s 前）；逾期谈话请在系统中逐条办理并说明原因", cfg.Rules.TalkWithinMonths, cfg.Rules.talkDue(a)))
		}
		if tg, ac := dates["targetOn"], dates["activistOn"]; !tg.IsZero() && !ac.IsZero() && tg.Before(ac.AddMonths(cfg.Rules.ActivistMinMonths)) {
			r.Fail("targetOn", fmt.Sprintf("确定为入党积极分子满 %d 个月后才能确定为发展对象（%s 起）", cfg.Rules.ActivistMinMonths, ac.AddMonths(cfg.Rules.ActivistMinMonths)))
		}
		if r.Status == imports.StatusInvalid {
			continue
		}
		item := &importRow{rec: Record{PersonKind: kind, PersonID: p.ID, PersonNo: p.Number, Name: p.Name, Gender: p.Gender, BirthDate: p.BirthDate,
			OrgID: orgID, Stage: stage, ConfigVersion: version, LeavingOn: dates["leavingOn"], AppliedOn: dates["appliedOn"],
			TalkedOn: dates["talkedOn"], ActivistOn: dates["activistOn"], TargetOn: dates["targetOn"], Flags: "[]", Remark: r.Cells["remark"]}}
		arrived := item.rec.AppliedOn
		for _, step := range []struct{ key, col string }{{StepTalk, "talkedOn"}, {StepActivist, "activistOn"}, {StepTarget, "targetOn"}} {
			if d := dates[step.col]; !d.IsZero() {
				data, _ := json.Marshal(map[string]any{"date": d, "imported": true})
				item.steps = append(item.steps, StepRow{Step: step.key, DoneOn: d, Data: string(data), UserName: "导入"})
				arrived = d
			}
		}
		item.at = importedAt(cfg, stage, len(item.steps))
		item.rec.Step = item.at
		item.rec.DueOn = cfg.dueOn(item.at, item.rec.AppliedOn, arrived)
		r.Data, r.Status = item, imports.StatusNew
	}
	return nil
}

// importedAt is the step an imported record waits at: the talk or the
// activist decision for an applicant (as the talk was held or not), the
// activist's education for an activist (its filing and contacts were done
// on paper), the target's filing for a target; the first of them the
// configuration tracks.
func importedAt(cfg Config, stage string, done int) string {
	var candidates []string
	switch stage {
	case StageApplicant:
		if done == 0 {
			candidates = []string{StepTalk}
		} else {
			candidates = []string{StepActivist}
		}
	case StageActivist:
		candidates = []string{StepCultivate, StepTarget}
	default:
		candidates = []string{StepTargetFiling, StepSponsors, StepPoliticalReview, StepTraining, StepBranchReview}
	}
	for _, c := range candidates {
		if cfg.step(c).Tracked || alwaysTracked[c] {
			return c
		}
	}
	return candidates[len(candidates)-1]
}

func (s *Service) commitImport(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
	return imports.Each(rows, func(r *imports.Row, item *importRow) error {
		if live, err := s.liveRecordOf(ctx, tx, item.rec.PersonKind, item.rec.PersonID); err != nil {
			return err
		} else if live != nil {
			return httpx.BadRequest("%s", errLiveRecord(live).Message) // personId is no column of the file
		}
		id, err := s.records().Insert(ctx, tx, item.rec, audit.OriginSystemImport)
		if err != nil {
			return err
		}
		for i := range item.steps {
			st := item.steps[i]
			st.RecordID, st.At = id, s.now()
			if _, err := tx.NewInsert().Model(&st).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		note := flow.Note{Comment: "导入：" + StageNames[item.rec.Stage] + "（" + string(item.rec.AppliedOn) + "申请）"}
		r.TargetID = &id
		return s.wf.StartAt(ctx, tx, id, item.at, note)
	})
}

// importPerson is a person of the registry a row names.
type importPerson struct {
	registryPerson
	live string // why the person cannot get a record ("" when they can)
}

// importPeople reads, per registry, the people of the caller's scope the
// rows name, keyed "kind:number", with any live record or membership they hold.
func (s *Service) importPeople(ctx context.Context, idb bun.IDB, rows []*imports.Row) (map[string]*importPerson, error) {
	numbers := map[string][]string{}
	for _, r := range rows {
		if kind := importKinds[r.Cells["personKind"]]; kind != "" && r.Cells["personNo"] != "" {
			numbers[kind] = append(numbers[kind], r.Cells["personNo"])
		}
	}
	out := map[string]*importPerson{}
	for kind, nos := range numbers {
		// A chunk of numbers at a time: its people and what they hold are
		// read with IN lists of at most imports.Chunk values.
		err := imports.Chunked(nos, func(part []string) error {
			q, number, err := s.registryQuery(ctx, idb, kind)
			if err != nil {
				return err
			}
			var list []registryPerson
			if err := q.Where("? IN (?)", bun.Ident("x."+number), bun.List(part)).Scan(ctx, &list); err != nil {
				return httpx.Internal(err)
			}
			ids := make([]int64, len(list))
			for i, p := range list {
				ids[i] = p.ID
			}
			live, members, err := s.standingOf(ctx, idb, kind, ids)
			if err != nil {
				return err
			}
			for _, p := range list {
				ip := &importPerson{registryPerson: p}
				if rec, ok := live[p.ID]; ok {
					ip.live = errLiveRecord(&rec).Message
				} else if m, ok := members[p.ID]; ok {
					ip.live = errIsMember(p.Name, m).Message
				}
				out[kind+":"+p.Number] = ip
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// branchTypes are the ids of the 党支部 and 直属党支部 (the organisations a
// record may be kept at), each true when it is live: a record is not kept at
// a revoked one (the create's 所选党支部已撤销).
func (s *Service) branchTypes(ctx context.Context, idb bun.IDB) (map[int64]bool, error) {
	rows, err := s.orgs.OfTypes(ctx, idb, orgTypeBranch, orgTypeDirect)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	out := make(map[int64]bool, len(rows))
	for i := range rows {
		out[rows[i].ID] = rows[i].Live()
	}
	return out, nil
}
