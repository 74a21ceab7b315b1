package develop

import (
	"context"
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
	"zhdj/internal/system/dictseed"
)

// Key is the workflow's key (flow tables, to-dos' module).
const Key = "develop"

// TrailModule is the development records' change-trail module id.
const TrailModule = 50

// Perms are the record permissions fzdy:list, fzdy:add, …
var Perms = resource.PermsFor("fzdy")

// The other permissions of the module.
const (
	PermBranch     = "fzdy:branch"     // act at the branch's steps
	PermCommittee  = "fzdy:committee"  // act at the higher committee's steps (filing, pre-review, approvals)
	PermDepartment = "fzdy:department" // act at the organisation department's step (⑱ 备案)
	PermConfig     = "fzdy:config"     // edit the configuration, the approval chains and the 志愿书 number ranges
	PermPlan       = "fzdy:plan"       // set the yearly development plan
	PermNotice     = "fzdy:notice"     // publish public notices
	PermReport     = "fzdy:report"     // the register and the yearly tables
)

// stepPerm is the permission of acting at a step done by level by.
func stepPerm(by string) string {
	switch by {
	case ByCommittee:
		return PermCommittee
	case ByDepartment:
		return PermDepartment
	}
	return PermBranch
}

// DictReviewResult grades a review.
const DictReviewResult = "DEV_REVIEW_RESULT"

// Migrations of the development domain (versions 2026112740..79 are ours;
// they run after the member, people and flow tables they refer to).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026112740, Name: "develop: records, steps, reviews, trainings, notices, numbers, plan, config, chains, menus", Up: migrate},
		{Version: 2026113000, Name: "develop: the probation's extensions counted on the record", Up: migrateExtensions},
		{Version: 2026113011, Name: "develop: the talk (②) is due talkWithinMonths calendar months after the application", Up: talkDueByRule},
		{Version: 2026120640, Name: "develop: a training written by a party-school batch's completion names its batch, once a record", Up: trainingSource},
		{Version: 2026121160, Name: "develop: the extension's approval date kept on the record (党内统计 counts it in its year)", Up: migrateExtendedOn}}
}

// talkDueByRule recomputes the due date of the records waiting for their
// talk: it was the application + the step's 30 days, while the rule
// allows one calendar month (31 January → 28 February, not 2 March); now
// both read Config.dueOn.
func talkDueByRule(ctx context.Context, tx bun.Tx) error {
	var rows []Record
	if err := tx.NewSelect().Model(&rows).Column("r.id", "r.applied_on", "r.config_version").
		Where("r.step = ?", StepTalk).Where("r.stage = ?", StageApplicant).Scan(ctx); err != nil {
		return err
	}
	configs := map[int]Config{}
	for _, r := range rows {
		cfg, ok := configs[r.ConfigVersion]
		if !ok {
			var data string
			if err := tx.NewSelect().Model((*ConfigVersion)(nil)).Column("data").Where("version = ?", r.ConfigVersion).Scan(ctx, &data); err != nil {
				return err
			}
			if err := json.Unmarshal([]byte(data), &cfg); err != nil {
				return err
			}
			configs[r.ConfigVersion] = cfg
		}
		if _, err := tx.NewUpdate().Model((*Record)(nil)).Set("due_on = ?", cfg.dueOn(StepTalk, r.AppliedOn, r.AppliedOn)).
			Where("id = ?", r.ID).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// migrateExtensions adds dev_record.extensions, the extensions of the
// probation approved (细则第三十二条: at most one), counted for the records
// there are from their history: an approval at ㉔ that led back to ㉑.
func migrateExtensions(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx, `ALTER TABLE dev_record ADD COLUMN extensions INTEGER NOT NULL DEFAULT 0`,
		`UPDATE dev_record SET extensions = (SELECT COUNT(*) FROM flow_history AS h
			JOIN flow_instance AS i ON i.id = h.instance_id
			WHERE i.workflow = 'develop' AND i.record_id = dev_record.id
			AND h.step = 'fullApproval' AND h.result = 'approve' AND h.to_step = 'probationEducation')`)
}

// migrateExtendedOn adds dev_record.extended_on, the date the higher
// committee approved the extension of the probation, for the records
// extended already: the ㉔ step row when the record still waits in its
// extended probation (the row is the extension's until ㉔ is done again),
// otherwise the day the approval was recorded (its history entry: the
// step's own date was replaced by the later ㉔).
func migrateExtendedOn(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx, `ALTER TABLE dev_record ADD COLUMN extended_on DATE NULL`,
		`UPDATE dev_record SET extended_on = (SELECT ds.done_on FROM dev_step AS ds
			WHERE ds.record_id = dev_record.id AND ds.step = 'fullApproval')
			WHERE extensions > 0 AND stage = 'probationary'`); err != nil {
		return err
	}
	var rows []struct {
		RecordID  int64     `bun:"record_id"`
		CreatedAt time.Time `bun:"created_at"`
	}
	if err := tx.NewSelect().TableExpr("flow_history AS h").Join("JOIN flow_instance AS i ON i.id = h.instance_id").
		Join("JOIN dev_record AS r ON r.id = i.record_id").ColumnExpr("i.record_id, h.created_at").
		Where("i.workflow = 'develop'").Where("h.step = 'fullApproval'").Where("h.result = 'approve'").
		Where("h.to_step = 'probationEducation'").Where("r.extensions > 0").Where("r.extended_on IS NULL").
		OrderExpr("h.id").Scan(ctx, &rows); err != nil {
		return err
	}
	for _, row := range rows {
		if _, err := tx.NewUpdate().Model((*Record)(nil)).Set("extended_on = ?", date.Of(row.CreatedAt.In(date.China))).
			Where("id = ?", row.RecordID).Where("extended_on IS NULL").Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// menus is the top-level 发展党员 with a page per stage and the plan,
// configuration, notices and reports. The organisation department does
// everything; a secondary committee acts at its steps within its scope; a
// branch secretary keeps its branch's records.
func menus() []system.MenuSeed {
	dept, committee, branch := system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary
	all := []string{dept, committee, branch}
	page := func(title, name, path, icon string, roles []string, buttons ...system.MenuSeed) system.MenuSeed {
		return system.MenuSeed{Title: title, Name: name, Path: path, Component: "develop/" + path, Icon: icon,
			Type: system.MenuPage, Roles: roles, Children: buttons}
	}
	grant := func(b []system.MenuSeed, roles ...string) []system.MenuSeed { return system.Granted(b, roles...) }
	recordButtons := append(append(append(
		grant(system.Buttons("fzdy", "list", "add", "edit", "export"), all...),
		grant(system.Buttons("fzdy", "del", "import"), dept, committee)...),
		grant([]system.MenuSeed{{Title: "支部办理", Type: system.MenuButton, Permission: PermBranch}}, all...)...),
		grant([]system.MenuSeed{{Title: "上级党委办理", Type: system.MenuButton, Permission: PermCommittee},
			{Title: "组织部备案", Type: system.MenuButton, Permission: PermDepartment}}, dept, committee)...)
	return []system.MenuSeed{{Title: "发展党员", Path: "/develop", Component: "Layout", Icon: "rise", Type: system.MenuDir, Workbench: system.WorkbenchParty,
		Roles: all, Children: []system.MenuSeed{
			page("入党申请人", "DevApplicant", "applicant", "file-text", all, recordButtons...),
			page("入党积极分子", "DevActivist", "activist", "fire", all),
			page("发展对象", "DevTarget", "target", "aim", all),
			page("预备党员", "DevProbationary", "probationary", "user-add", all),
			page("公示管理", "DevNotice", "notice", "notification", all,
				grant([]system.MenuSeed{{Title: "发布公示", Type: system.MenuButton, Permission: PermNotice}}, all...)...),
			page("发展计划", "DevPlan", "plan", "schedule", []string{dept, committee},
				grant([]system.MenuSeed{{Title: "下达计划", Type: system.MenuButton, Permission: PermPlan}}, dept)...),
			page("发展统计", "DevReport", "report", "bar-chart", []string{dept, committee},
				grant([]system.MenuSeed{{Title: "名册与统计", Type: system.MenuButton, Permission: PermReport}}, dept, committee)...),
			page("发展配置", "DevConfig", "config", "setting", []string{dept},
				grant([]system.MenuSeed{{Title: "修改配置", Type: system.MenuButton, Permission: PermConfig}}, dept)...),
		}}}
}

// Organisation types (DZZ_LX) the chains name.
const (
	orgTypeSchool    = "1" // 党委
	orgTypeCommittee = "2" // 二级党委
	orgTypeGeneral   = "3" // 党总支: holds a plan and a number range like a 二级党委
	orgTypeDirect    = "4" // 直属党支部
	orgTypeBranch    = "5" // 党支部
)

// chains are the approval chains of cfg's tracked steps: for a 党支部 the
// committee steps act through the nearest 二级党委 above it (or the school
// committee when there is none); a 直属党支部's through the school committee.
// Records are kept only at branches (党支部, 直属党支部). Step ① is the
// record's creation and is in no chain.
func chains(cfg Config) []flow.Chain {
	acting := map[string]map[string][]string{
		orgTypeBranch: {ByBranch: {orgTypeBranch}, ByCommittee: {orgTypeCommittee, orgTypeSchool}, ByDepartment: {orgTypeSchool}},
		orgTypeDirect: {ByBranch: {orgTypeDirect}, ByCommittee: {orgTypeSchool}, ByDepartment: {orgTypeSchool}},
	}
	tracked := map[string]bool{}
	for _, sc := range cfg.Steps {
		tracked[sc.Key] = sc.Tracked || alwaysTracked[sc.Key]
	}
	var out []flow.Chain
	for _, t := range []string{orgTypeBranch, orgTypeDirect} {
		c := flow.Chain{OrgType: t}
		for _, st := range Steps[1:] {
			if tracked[st.Key] {
				c.Links = append(c.Links, flow.Link{Step: st.Key, Acting: acting[t][st.By], Role: ByNames[st.By]})
			}
		}
		out = append(out, c)
	}
	return out
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE dev_record (
			id {{pk}},
			person_kind VARCHAR(16) NOT NULL,
			person_id BIGINT NOT NULL,
			person_no VARCHAR(32) NOT NULL,
			name VARCHAR(50) NOT NULL,
			gender VARCHAR(8) NOT NULL DEFAULT '',
			birth_date DATE NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			stage VARCHAR(16) NOT NULL,
			step VARCHAR(32) NOT NULL DEFAULT '',
			config_version INTEGER NOT NULL,
			leaving_on DATE NULL,
			applied_on DATE NOT NULL,
			talked_on DATE NULL,
			activist_on DATE NULL,
			target_on DATE NULL,
			admitted_on DATE NULL,
			approved_on DATE NULL,
			probation_ends_on DATE NULL,
			full_on DATE NULL,
			ended_on DATE NULL,
			ended_reason VARCHAR(500) NOT NULL DEFAULT '',
			due_on DATE NULL,
			volunteer_no VARCHAR(32) NULL,
			member_id BIGINT NULL REFERENCES dyjbxx(id),
			flags TEXT NOT NULL DEFAULT '[]',
			remark VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		// The stage lists are scoped by organisation and sorted by due date.
		`CREATE INDEX idx_dev_record_org_stage ON dev_record(org_id, stage, due_on)`,
		`CREATE INDEX idx_dev_record_stage ON dev_record(stage, due_on, id)`,
		`CREATE INDEX idx_dev_record_applied ON dev_record(applied_on)`,
		`CREATE INDEX idx_dev_record_approved ON dev_record(approved_on)`,
		`CREATE INDEX idx_dev_record_member ON dev_record(member_id)`,
		// One live development per person; a number is never handed out twice.
		`CREATE UNIQUE INDEX uq_dev_record_person ON dev_record(person_kind, person_id) WHERE stage <> 'ended'`,
		`CREATE UNIQUE INDEX uq_dev_record_volunteer_no ON dev_record(volunteer_no)`,
		`CREATE TABLE dev_step (
			id {{pk}},
			record_id BIGINT NOT NULL REFERENCES dev_record(id) ON DELETE CASCADE,
			step VARCHAR(32) NOT NULL,
			done_on DATE NOT NULL,
			data TEXT NOT NULL,
			user_id BIGINT NULL,
			user_name VARCHAR(64) NOT NULL,
			at TIMESTAMP NOT NULL)`,
		`CREATE UNIQUE INDEX uq_dev_step ON dev_step(record_id, step)`,
		`CREATE TABLE dev_review (
			id {{pk}},
			record_id BIGINT NOT NULL REFERENCES dev_record(id) ON DELETE CASCADE,
			kind VARCHAR(16) NOT NULL,
			reviewed_on DATE NOT NULL,
			result VARCHAR(8) NOT NULL,
			content VARCHAR(2000) NOT NULL DEFAULT '',
			reviewer VARCHAR(50) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_dev_review_record ON dev_review(record_id, kind, reviewed_on)`,
		`CREATE INDEX idx_dev_review_result ON dev_review(result)`,
		`CREATE TABLE dev_training (
			id {{pk}},
			record_id BIGINT NOT NULL REFERENCES dev_record(id) ON DELETE CASCADE,
			batch_type INTEGER NOT NULL,
			title VARCHAR(100) NOT NULL,
			start_on DATE NOT NULL,
			end_on DATE NOT NULL,
			hours INTEGER NOT NULL DEFAULT 0,
			days INTEGER NOT NULL DEFAULT 0,
			certificate_no VARCHAR(50) NOT NULL DEFAULT '',
			passed BOOLEAN NOT NULL DEFAULT TRUE,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_dev_training_record ON dev_training(record_id, batch_type)`,
		`CREATE TABLE dev_notice (
			id {{pk}},
			kind VARCHAR(16) NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			title VARCHAR(100) NOT NULL,
			start_on DATE NOT NULL,
			end_on DATE NOT NULL,
			contact VARCHAR(100) NOT NULL DEFAULT '',
			content VARCHAR(2000) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_dev_notice_org ON dev_notice(org_id, kind, end_on)`,
		`CREATE INDEX idx_dev_notice_end ON dev_notice(end_on)`,
		`CREATE TABLE dev_notice_item (
			notice_id BIGINT NOT NULL REFERENCES dev_notice(id) ON DELETE CASCADE,
			record_id BIGINT NOT NULL REFERENCES dev_record(id) ON DELETE CASCADE,
			PRIMARY KEY (notice_id, record_id))`,
		`CREATE INDEX idx_dev_notice_item_record ON dev_notice_item(record_id)`,
		`CREATE TABLE dev_number_range (
			id {{pk}},
			year INTEGER NOT NULL,
			org_id BIGINT NULL REFERENCES dzz(id),
			prefix VARCHAR(16) NOT NULL DEFAULT '',
			first_no BIGINT NOT NULL,
			last_no BIGINT NOT NULL,
			next_no BIGINT NOT NULL,
			width INTEGER NOT NULL DEFAULT 0,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_dev_number_range_year ON dev_number_range(year, org_id)`,
		`CREATE TABLE dev_plan (
			id {{pk}},
			year INTEGER NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			quota INTEGER NOT NULL,
			used INTEGER NOT NULL DEFAULT 0,
			remark VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE UNIQUE INDEX uq_dev_plan ON dev_plan(year, org_id)`,
		`CREATE TABLE dev_config (
			version INTEGER NOT NULL PRIMARY KEY,
			data TEXT NOT NULL,
			note VARCHAR(200) NOT NULL DEFAULT '',
			user_name VARCHAR(64) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL)`)
	if err != nil {
		return err
	}
	if err := db.ZhSortKey(ctx, tx, "dev_record", "name", []string{"org_id", "stage", "name"}, []string{"name"}); err != nil {
		return err
	}
	if err := system.InsertDicts(ctx, tx, []dictseed.Dict{{Name: DictReviewResult, Description: "发展党员考察结果",
		Items: []dictseed.Item{{Value: "1", Label: "优秀"}, {Value: "2", Label: "合格"}, {Value: "3", Label: "基本合格"},
			{Value: "4", Label: "不合格"}}}}); err != nil {
		return err
	}
	cfg := DefaultConfig()
	data, err := json.Marshal(cfg)
	if err != nil {
		return err
	}
	if _, err := tx.NewInsert().Model(&ConfigVersion{Version: 1, Data: string(data), Note: "初始配置（《中国共产党发展党员工作细则》）",
		UserName: "系统", CreatedAt: time.Now().UTC()}).Exec(ctx); err != nil {
		return err
	}
	if err := flow.SeedChains(ctx, tx, Key, chains(cfg)); err != nil {
		return err
	}
	_, err = system.InsertMenus(ctx, tx, nil, menus())
	return err
}
