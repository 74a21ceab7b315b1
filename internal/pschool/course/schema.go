package course

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/resource"
	"zhdj/internal/pschool/school"
	"zhdj/internal/system"
)

// Migrations of the courses (versions 2026120620..29 are ours; after the
// party school's directory, 2026120600; 2026120702 is the yearly totals of the 学时 report).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120620, Name: "course: dx_course, dx_course_item, dx_study, dx_study_session, dx_hours, 课程管理", Up: migrate},
		yearTotals}
}

// Perms are the course permissions kc:list, kc:add, kc:edit, kc:del.
var Perms = resource.PermsFor("kc")

// staff run the courses: the 组织部 (the university party school) and the
// 二级党委 (their branch party schools), each within their scope.
var staff = []string{system.RoleOrgDept, system.RoleCommittee}

// menus is the page 课程管理 under 党校.
func menus() []system.MenuSeed {
	return []system.MenuSeed{{Title: "课程管理", Name: "Kcgl", Path: "kcgl", Component: "dx/kcgl", Icon: "play-square",
		Type: system.MenuPage, Roles: staff, Children: system.Granted(system.Buttons("kc", "list", "add", "edit", "del"), staff...)}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE dx_course (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			title VARCHAR(200) NOT NULL,
			intro VARCHAR(2000) NOT NULL DEFAULT '',
			cover_file_id BIGINT NULL REFERENCES sys_file(id),
			state SMALLINT NOT NULL DEFAULT 0,
			tenths INT NOT NULL DEFAULT 0,
			nodes INT NOT NULL DEFAULT 0,
			published_at TIMESTAMP NULL,
			{{stamps}})`,
		// The staff list is scoped by organisation; the learners' list reads
		// the published ones, newest first.
		`CREATE INDEX idx_dx_course_org ON dx_course(org_id, state)`,
		`CREATE INDEX idx_dx_course_state ON dx_course(state, published_at)`,
		`CREATE TABLE dx_course_item (
			id {{pk}},
			course_id BIGINT NOT NULL REFERENCES dx_course(id) ON DELETE CASCADE,
			parent_id BIGINT NULL REFERENCES dx_course_item(id),
			kind SMALLINT NOT NULL,
			sort INT NOT NULL,
			title VARCHAR(200) NOT NULL,
			node_type SMALLINT NOT NULL DEFAULT 0,
			file_id BIGINT NULL REFERENCES sys_file(id),
			file_name VARCHAR(200) NOT NULL DEFAULT '',
			content TEXT NOT NULL DEFAULT '',
			duration INT NOT NULL DEFAULT 0,
			tenths INT NOT NULL DEFAULT 0,
			{{stamps}})`,
		`CREATE INDEX idx_dx_course_item_course ON dx_course_item(course_id, parent_id, sort)`,
		`CREATE INDEX idx_dx_course_item_parent ON dx_course_item(parent_id)`,
		// One learner's study of one node: where they were, the seconds
		// credited, complete or not.
		`CREATE TABLE dx_study (
			user_id BIGINT NOT NULL,
			node_id BIGINT NOT NULL REFERENCES dx_course_item(id),
			course_id BIGINT NOT NULL REFERENCES dx_course(id),
			position INT NOT NULL DEFAULT 0,
			watched INT NOT NULL DEFAULT 0,
			done BOOLEAN NOT NULL DEFAULT FALSE,
			terminal SMALLINT NOT NULL DEFAULT 0,
			done_at TIMESTAMP NULL,
			{{stamps}},
			PRIMARY KEY (user_id, node_id))`,
		`CREATE INDEX idx_dx_study_course ON dx_study(course_id, user_id)`,
		`CREATE INDEX idx_dx_study_node ON dx_study(node_id)`,
		// The one node a learner studies now (a newer start takes over).
		`CREATE TABLE dx_study_session (
			user_id BIGINT NOT NULL PRIMARY KEY,
			node_id BIGINT NOT NULL,
			token VARCHAR(32) NOT NULL,
			beat_ms BIGINT NOT NULL)`,
		// The ledger of 学时 credited: once per learner, source and reference.
		`CREATE TABLE dx_hours (
			id {{pk}},
			user_id BIGINT NOT NULL,
			source VARCHAR(16) NOT NULL,
			ref_id BIGINT NOT NULL,
			tenths INT NOT NULL,
			credited_on DATE NOT NULL,
			year INT NOT NULL,
			created_at TIMESTAMP NOT NULL)`,
		`CREATE UNIQUE INDEX uq_dx_hours_ref ON dx_hours(user_id, source, ref_id)`,
		`CREATE INDEX idx_dx_hours_year ON dx_hours(year, user_id)`,
		`CREATE INDEX idx_dx_hours_day ON dx_hours(credited_on, user_id)`,
		`CREATE INDEX idx_dx_hours_source ON dx_hours(source, ref_id)`)
	if err != nil {
		return err
	}
	return system.AddPages(ctx, tx, school.MenuDir, menus())
}
