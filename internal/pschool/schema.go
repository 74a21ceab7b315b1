package pschool

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/resource"
	"zhdj/internal/pschool/school"
	"zhdj/internal/system"
)

// Migrations of the party schools and their batches (versions
// 2026120641..59 are ours; 2026120640 is develop's training source, which
// the completion writes through). They run after school's 党校 directory.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120641, Name: "pschool: party schools, training batches, trainees, menus", Up: migrate}}
}

// Permissions. 分党校管理 is fdx:list/add/edit/del; 培训班 is
// pxb:list/add/edit/del with enrol (报名、考勤、退学), complete (结业、证书)
// and export (学员名单).
var (
	SchoolPerms = resource.PermsFor("fdx")
	BatchPerms  = resource.PermsFor("pxb")
)

// Batch permissions beyond the resource's.
const (
	PermEnrol    = "pxb:enrol"
	PermComplete = "pxb:complete"
)

// Components are the page folders under web/src/pages/.
const (
	SchoolComponent = "dx/fdx"
	BatchComponent  = "dx/pxb"
)

// staff keep the schools and batches: the organisation department (the
// university party school) and the secondary committees (their branch
// schools), each within its scope.
var staff = []string{system.RoleOrgDept, system.RoleCommittee}

func menus() []system.MenuSeed {
	button := func(title, perm string) system.MenuSeed {
		return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: staff}
	}
	return []system.MenuSeed{
		{Title: "分党校管理", Name: "DxFdx", Path: "fdx", Component: SchoolComponent, Icon: "bank", Type: system.MenuPage, Roles: staff,
			Children: system.Granted(system.Buttons("fdx", "list", "add", "edit", "del"), staff...)},
		{Title: "培训班", Name: "DxPxb", Path: "pxb", Component: BatchComponent, Icon: "team", Type: system.MenuPage, Roles: staff,
			Children: append(system.Granted(system.Buttons("pxb", "list", "add", "edit", "del", "export"), staff...),
				button("报名与考勤", PermEnrol), button("结业", PermComplete))},
	}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE dx_school (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			kind VARCHAR(16) NOT NULL,
			name VARCHAR(100) NOT NULL,
			head_member_id BIGINT,
			head_name VARCHAR(50) NOT NULL DEFAULT '',
			teachers VARCHAR(8000) NOT NULL DEFAULT '[]',
			served_org_ids VARCHAR(4000) NOT NULL DEFAULT '[]',
			remark VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		// One school an organisation: the university's at its root, a
		// branch school at each secondary committee.
		`CREATE UNIQUE INDEX uq_dx_school_org ON dx_school(org_id)`,
		`CREATE TABLE dx_batch (
			id {{pk}},
			school_id BIGINT NOT NULL REFERENCES dx_school(id),
			type INTEGER NOT NULL,
			title VARCHAR(100) NOT NULL,
			start_on DATE NOT NULL,
			end_on DATE NOT NULL,
			hours INTEGER NOT NULL,
			days INTEGER NOT NULL,
			course_ids VARCHAR(2000) NOT NULL DEFAULT '[]',
			exam_id BIGINT,
			attend_pct INTEGER NOT NULL DEFAULT 80,
			state VARCHAR(16) NOT NULL DEFAULT 'draft',
			remark VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_dx_batch_school ON dx_batch(school_id, start_on)`,
		`CREATE INDEX idx_dx_batch_type ON dx_batch(type, state, start_on)`,
		`CREATE INDEX idx_dx_batch_start ON dx_batch(start_on)`,
		`CREATE TABLE dx_trainee (
			id {{pk}},
			batch_id BIGINT NOT NULL REFERENCES dx_batch(id) ON DELETE CASCADE,
			record_id BIGINT NOT NULL,
			busy_type INTEGER,
			person_no VARCHAR(30) NOT NULL DEFAULT '',
			name VARCHAR(50) NOT NULL,
			org_id BIGINT NOT NULL,
			user_id BIGINT,
			state VARCHAR(16) NOT NULL DEFAULT 'enrolled',
			days_attended INTEGER NOT NULL DEFAULT 0,
			hours_attended REAL NOT NULL DEFAULT 0,
			certificate_no VARCHAR(60) NOT NULL DEFAULT '',
			completed_on DATE,
			reason VARCHAR(200) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE UNIQUE INDEX uq_dx_trainee_batch ON dx_trainee(batch_id, record_id)`,
		// A record is in one unfinished batch of a type at a time: busy_type
		// is the batch's type while the trainee is enrolled in a batch not
		// finished, NULL otherwise (NULLs are distinct on both databases).
		`CREATE UNIQUE INDEX uq_dx_trainee_busy ON dx_trainee(record_id, busy_type)`,
		`CREATE INDEX idx_dx_trainee_state ON dx_trainee(batch_id, state, person_no)`,
		`CREATE INDEX idx_dx_trainee_user ON dx_trainee(user_id)`)
	if err != nil {
		return err
	}
	return system.AddPages(ctx, tx, school.MenuDir, menus())
}
