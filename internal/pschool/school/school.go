// Package school is what the party school's modules share (spec §1 "Party
// school"): the 党校 menu directory they add their pages to, the batch
// types (spec §4) and the terminal a learner uses. It is below the
// school's modules (question bank, courses, exams, batches), so each of
// them can name these without importing another.
package school

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// MenuDir is the 党校 directory of the top bar (the 党建 workbench); the
// school's modules add their pages to it (system.AddPages). The learner's
// own pages are the named routes /pschool/… of spec §2, not menu pages.
const MenuDir = "/dx"

// Batch types of the party school (spec §4): whom a training batch trains.
const (
	BatchApply   = 1 // 入党申请人
	BatchActive  = 2 // 入党积极分子
	BatchDevelop = 3 // 发展对象
	BatchPrepare = 4 // 预备党员
)

// BatchTypes are the batch types in the order of a person's development.
var BatchTypes = []int{BatchApply, BatchActive, BatchDevelop, BatchPrepare}

// BatchTypeNames names the batch types as the school's pages show them.
var BatchTypeNames = map[int]string{
	BatchApply:   "入党申请人培训班",
	BatchActive:  "入党积极分子培训班",
	BatchDevelop: "发展对象培训班",
	BatchPrepare: "预备党员培训班",
}

// Terminal types (spec §4 TERMINAL_TYPE): where a learner studied or sat
// an exam.
const (
	TerminalPC     = 1
	TerminalMobile = 2
)

// TerminalNames names the terminal types.
var TerminalNames = map[int]string{TerminalPC: "电脑", TerminalMobile: "手机"}

// PermLearn is the learner's own pages (the named routes /pschool/… and
// /xssb/active/user): my batches, courses, progress, exams, hours and
// certificates. Each route under it reads and writes the caller's own
// records only, never by an id of another person.
const PermLearn = "dx:learn"

// RoleLearner is the role of the school's learners who are not party
// members yet (入党申请人, 积极分子, 发展对象): their accounts hold PermLearn
// and nothing else. Party members learn under the 党员 role.
const RoleLearner = "learner"

// learners hold PermLearn: the members and the learners study, and the
// roles that open their accounts hold it too (a caller grants only what it
// holds).
var learners = []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary, system.RoleMember, RoleLearner}

// ValidTerminal reports whether t is a terminal type.
func ValidTerminal(t int) bool { return t == TerminalPC || t == TerminalMobile }

// Module is the directory's module: one migration seeding 党校, the 学员
// role and PermLearn before the modules that add their pages to 党校
// (their versions are later).
func Module() module.Module {
	return module.Module{Name: "school", Migrations: []db.Migration{{Version: 2026120600,
		Name: "party school: the 党校 menu directory, the 学员 role and dx:learn", Up: migrate}}, Menus: menus()}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	if err := system.EnsureRole(ctx, tx, system.RoleSeed{Code: RoleLearner, Name: "学员", OtherName: "党校学员",
		Description: "党校学员（入党申请人、积极分子、发展对象）：本人的学习、考试与学时", Level: 3, DataScope: "SELF"}); err != nil {
		return err
	}
	_, err := system.InsertMenus(ctx, tx, nil, menus())
	return err
}

// staff are the roles that run the school: the organisation department
// (the university party school), the secondary committees (their branch
// party schools) and the branch secretaries (their members' study).
var staff = []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}

// menus are the 党校 directory (its pages come from the school's modules)
// and the hidden directory holding PermLearn.
func menus() []system.MenuSeed {
	return []system.MenuSeed{{Title: "党校", Path: MenuDir, Component: "Layout", Icon: "read", Type: system.MenuDir,
		Workbench: system.WorkbenchParty, Roles: staff},
		{Title: "我的党校", Path: "/dx-mine", Component: "Layout", Type: system.MenuDir, Workbench: system.WorkbenchParty,
			Hidden: true, Roles: learners, Children: []system.MenuSeed{
				{Title: "学习与考试", Type: system.MenuButton, Permission: PermLearn, Roles: learners},
			}}}
}
