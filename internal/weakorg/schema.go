package weakorg

import (
	"context"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/orglife"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
	"zhdj/internal/system/dictseed"
)

// Migrations of 软弱涣散党组织 (versions 2026120400..09 are ours; they run
// after organisation life's, whose 组织生活 directory and pages they join).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120400, Name: "weakorg: cases, hits, plans, progress, criteria, menus, setting", Up: migrate}}
}

// Permissions (rsrs:…): who does what follows the approval chain of RULES
// §3 (branch → 二级党委 → 组织部): a branch reports progress, a 二级党委
// proposes, recommends, plans and asks to close, the 组织部 screens and
// decides (confirms, rejects, approves or returns a closing).
const (
	PermList      = "rsrs:list"
	PermScreen    = "rsrs:screen"
	PermPropose   = "rsrs:propose"
	PermRecommend = "rsrs:recommend"
	PermConfirm   = "rsrs:confirm"
	PermEdit      = "rsrs:edit"
	PermReport    = "rsrs:report"
	PermClose     = "rsrs:close"
	PermExport    = "rsrs:export"
)

// The share setting: an organisation whose 会议统计 share of periods met is
// below it (percent) is a candidate.
const (
	CfgShareBelow     = "weakorg.shareBelow"
	DefaultShareBelow = 60
	MaxShareBelow     = 100
)

// The page's component (web/src/pages/orglife/weak) and its place among the
// 组织生活 pages: after 会议统计 (70), before 会议类型 (80).
const (
	pageComponent = "orglife/weak"
	pageSort      = 72
)

// criteria are RULES §4's list of 软弱涣散 criteria, the dictionary's seed.
var criteria = []dictseed.Item{
	{Value: CriterionVacant, Label: "班子不健全或书记长期缺职"},
	{Value: "2", Label: "书记不胜任"},
	{Value: "3", Label: "班子不团结"},
	{Value: CriterionLife, Label: "组织生活不正常"},
	{Value: "5", Label: "换届选举违规"},
	{Value: "6", Label: "无活动场所"},
	{Value: "7", Label: "服务群众差或满意度低于60%"},
}

func menus() []system.MenuSeed {
	all := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	higher := []string{system.RoleOrgDept, system.RoleCommittee}
	dept := []string{system.RoleOrgDept}
	var buttons []system.MenuSeed
	buttons = append(buttons, system.Granted(system.Buttons("rsrs", "list", "report"), all...)...)
	buttons = append(buttons, system.Granted(system.Buttons("rsrs", "propose", "recommend", "edit", "close", "export"), higher...)...)
	buttons = append(buttons, system.Granted(system.Buttons("rsrs", "screen", "confirm"), dept...)...)
	return []system.MenuSeed{{Title: "软弱涣散党组织", Name: "Rsrs", Path: "rsrs", Component: pageComponent, Icon: "alert", Type: system.MenuPage,
		Roles: all, Children: buttons}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE rsrs_case (
			id {{pk}},
			year INT NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			state SMALLINT NOT NULL DEFAULT 1,
			criteria VARCHAR(200) NOT NULL DEFAULT '',
			recommend_opinion VARCHAR(1000) NOT NULL DEFAULT '',
			recommended_by VARCHAR(64) NOT NULL DEFAULT '',
			recommended_at TIMESTAMP NULL,
			decision_reason VARCHAR(1000) NOT NULL DEFAULT '',
			decided_by VARCHAR(64) NOT NULL DEFAULT '',
			decided_at TIMESTAMP NULL,
			leader VARCHAR(50) NOT NULL DEFAULT '',
			deadline DATE NULL,
			plan VARCHAR(2000) NOT NULL DEFAULT '',
			close_summary VARCHAR(2000) NOT NULL DEFAULT '',
			close_requested_by VARCHAR(64) NOT NULL DEFAULT '',
			close_requested_at TIMESTAMP NULL,
			review VARCHAR(1000) NOT NULL DEFAULT '',
			reviewed_by VARCHAR(64) NOT NULL DEFAULT '',
			reviewed_at TIMESTAMP NULL,
			closed_on DATE NULL,
			{{stamps}})`,
		// One case per organisation and year: screening again updates it.
		`CREATE UNIQUE INDEX uq_rsrs_case_year_org ON rsrs_case(year, org_id)`,
		`CREATE INDEX idx_rsrs_case_org ON rsrs_case(org_id)`,
		`CREATE INDEX idx_rsrs_case_state ON rsrs_case(state, deadline)`,
		`CREATE TABLE rsrs_hit (
			id {{pk}},
			case_id BIGINT NOT NULL REFERENCES rsrs_case(id) ON DELETE CASCADE,
			criterion VARCHAR(16) NOT NULL,
			source VARCHAR(8) NOT NULL,
			evidence VARCHAR(1000) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE UNIQUE INDEX uq_rsrs_hit ON rsrs_hit(case_id, criterion)`,
		`CREATE INDEX idx_rsrs_hit_criterion ON rsrs_hit(criterion)`,
		`CREATE TABLE rsrs_measure (
			id {{pk}},
			case_id BIGINT NOT NULL REFERENCES rsrs_case(id) ON DELETE CASCADE,
			content VARCHAR(500) NOT NULL,
			owner VARCHAR(50) NOT NULL DEFAULT '',
			due_on DATE NULL,
			done BOOLEAN NOT NULL DEFAULT FALSE,
			sort INT NOT NULL DEFAULT 0)`,
		`CREATE INDEX idx_rsrs_measure_case ON rsrs_measure(case_id, sort)`,
		`CREATE TABLE rsrs_progress (
			id {{pk}},
			case_id BIGINT NOT NULL REFERENCES rsrs_case(id) ON DELETE CASCADE,
			reported_on DATE NOT NULL,
			content VARCHAR(2000) NOT NULL,
			reporter VARCHAR(64) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE INDEX idx_rsrs_progress_case ON rsrs_progress(case_id, reported_on)`)
	if err != nil {
		return err
	}
	if err := system.InsertDicts(ctx, tx, []dictseed.Dict{{Name: DictCriterion, Description: "软弱涣散党组织认定标准", Items: criteria}}); err != nil {
		return err
	}
	if err := system.InsertSetting(ctx, tx, CfgShareBelow, strconv.Itoa(DefaultShareBelow), "软弱涣散排查：组织生活完成率下限（%）", "orglife",
		system.KindInt, "年度排查时，会议统计完成率低于该百分比的党组织列为候选（1–100，默认60）"); err != nil {
		return err
	}
	if err := system.AddPages(ctx, tx, orglife.MenuDir, menus()); err != nil {
		return err
	}
	return system.SortPage(ctx, tx, pageComponent, pageSort)
}
