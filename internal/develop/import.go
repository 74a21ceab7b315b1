package develop

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/unit"
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

// importStages are the stages a row may name, and the steps whose dates it
// must give.
var importStages = map[string]struct {
	stage string
	dates []string // column keys required
}{
	"入党申请人":  {StageApplicant, nil},
	"入党积极分子": {StageActivist, []string{"talkedOn", "activistOn"}},
	"发展对象":   {StageTarget, []string{"talkedOn", "activistOn", "targetOn"}},
}

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
		r.Reset()
		item := &importRow{}
		kind := map[string]string{"学生": PersonStudent, "教职工": PersonTeacher, "教师": PersonTeacher}[r.Cells["personKind"]]
		if kind == "" {
			r.Fail("personKind", "人员类别应为“学生”或“教职工”")
		}
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
		if ok && !branches[orgID] {
			r.Fail("org", "发展党员记录只能建在党支部或直属党支部")
		}
		st, known := importStages[r.Cells["stage"]]
		if !known {
			r.Fail("stage", "发展阶段应为入党申请人、入党积极分子或发展对象")
		}
		dates := map[string]date.Date{}
		for _, key := range []string{"appliedOn", "talkedOn", "activistOn", "targetOn", "leavingOn"} {
			if r.Cells[key] != "" {
				dates[key] = date.Date(imports.DateCell(r, importColumns.Get(key)))
			}
		}
		required := append([]string{"appliedOn"}, st.dates...)
		for _, key := range required {
			if r.Cells[key] == "" {
				r.Fail(key, "请填写"+importColumns.Get(key).Label)
			}
		}
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
		item.rec = Record{PersonKind: kind, PersonID: p.ID, PersonNo: p.Number, Name: p.Name, Gender: p.Gender, BirthDate: p.BirthDate,
			OrgID: orgID, Stage: st.stage, ConfigVersion: version, LeavingOn: dates["leavingOn"], AppliedOn: dates["appliedOn"],
			TalkedOn: dates["talkedOn"], ActivistOn: dates["activistOn"], TargetOn: dates["targetOn"], Flags: "[]", Remark: r.Cells["remark"]}
		for _, step := range []struct{ key, col string }{{StepTalk, "talkedOn"}, {StepActivist, "activistOn"}, {StepTarget, "targetOn"}} {
			if d := dates[step.col]; !d.IsZero() {
				data, _ := json.Marshal(map[string]any{"date": d, "imported": true})
				item.steps = append(item.steps, StepRow{Step: step.key, DoneOn: d, Data: string(data), UserName: "导入"})
			}
		}
		item.at = importedAt(cfg, item.rec.Stage, len(item.steps))
		item.rec.Step = item.at
		arrived := item.rec.AppliedOn
		if n := len(item.steps); n > 0 {
			arrived = item.steps[n-1].DoneOn
		}
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
	for _, r := range rows {
		item := r.Data.(*importRow)
		if live, err := s.liveRecordOf(ctx, tx, item.rec.PersonKind, item.rec.PersonID); err != nil {
			return err
		} else if live != nil {
			return httpx.BadRequest("第 %d 行：%s", r.RowNo, errLiveRecord(live).Message)
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
		if err := s.wf.StartAt(ctx, tx, id, item.at, note); err != nil {
			return err
		}
		r.TargetID = &id
	}
	return nil
}

// importPerson is a person of the registry a row names.
type importPerson struct {
	registryPerson
	live string // why the person cannot get a record ("" when they can)
}

// importPeople reads, in two queries per registry, the people of the
// caller's scope the rows name, keyed "kind:number", with any live record
// they hold.
func (s *Service) importPeople(ctx context.Context, idb bun.IDB, rows []*imports.Row) (map[string]*importPerson, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	numbers := map[string][]string{}
	for _, r := range rows {
		kind := map[string]string{"学生": PersonStudent, "教职工": PersonTeacher, "教师": PersonTeacher}[r.Cells["personKind"]]
		if kind != "" && r.Cells["personNo"] != "" {
			numbers[kind] = append(numbers[kind], r.Cells["personNo"])
		}
	}
	out := map[string]*importPerson{}
	for kind, nos := range numbers {
		table, number := registryTable(kind)
		var list []registryPerson
		q := idb.NewSelect().TableExpr(table+" AS x").ColumnExpr("x.id, x.name, x.gender, x.birth_date").
			ColumnExpr("? AS number", bun.Ident("x."+number)).Where("? IN (?)", bun.Ident("x."+number), bun.In(nos))
		if err := (unit.Scope{All: sc.All, OrgIDs: sc.OrgIDs}).Apply(q, "x.unit_dept_id").Scan(ctx, &list); err != nil {
			return nil, httpx.Internal(err)
		}
		byID := make(map[int64]*importPerson, len(list))
		ids := make([]int64, len(list))
		for i, p := range list {
			byID[p.ID] = &importPerson{registryPerson: p}
			out[kind+":"+p.Number] = byID[p.ID]
			ids[i] = p.ID
		}
		if len(ids) == 0 {
			continue
		}
		var live []Record
		if err := idb.NewSelect().Model(&live).Column("r.person_id", "r.stage", "r.applied_on", "r.name").
			Where("r.person_kind = ?", kind).Where("r.person_id IN (?)", bun.In(ids)).Where("r.stage <> ?", StageEnded).
			Scan(ctx); err != nil {
			return nil, httpx.Internal(err)
		}
		for i := range live {
			byID[live[i].PersonID].live = errLiveRecord(&live[i]).Message
		}
		members, err := s.membershipsOf(ctx, idb, kind, ids)
		if err != nil {
			return nil, err
		}
		for id, m := range members {
			if p := byID[id]; p.live == "" {
				p.live = errIsMember(p.Name, m).Message
			}
		}
	}
	return out, nil
}

// branchTypes are the ids of the live 党支部 and 直属党支部 (the
// organisations a record may be kept at).
func (s *Service) branchTypes(ctx context.Context, idb bun.IDB) (map[int64]bool, error) {
	var ids []int64
	if err := idb.NewSelect().Table("dzz").Column("id").Where("type IN (?)", bun.In([]string{orgTypeBranch, orgTypeDirect})).
		Scan(ctx, &ids); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}
