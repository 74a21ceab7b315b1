package exam

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/pschool/school"
	"zhdj/internal/system"
)

// Migrations of the exams (versions 2026120630..39 are ours; after the
// question bank's, whose questions the papers copy; 2026120720 is the
// examinees' sources, of the batches' examinees).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120630, Name: "exams: ks_paper, ks_paper_question, ks_exam, ks_examinee, ks_grader, ks_attempt, ks_answer, menus", Up: migrate},
		{Version: 2026120720, Name: "exams: ks_examinee.by_hand and by_batch (who made the row an examinee)", Up: examineeSources}}
}

// Permissions of 在线考试 (the staff page); the examinee's routes are
// school.PermLearn.
const (
	PermList   = "ks:list"
	PermAdd    = "ks:add"
	PermEdit   = "ks:edit"
	PermDel    = "ks:del"
	PermGrade  = "ks:grade"
	PermExport = "ks:export"
)

// page is the staff page's component (web/src/pages/dx/ks).
const page = "dx/ks"

// staffRoles run exams: the university party school and the secondary
// committees' branch schools, each in its scope.
var staffRoles = []string{system.RoleOrgDept, system.RoleCommittee}

func menus() []system.MenuSeed {
	button := func(title, perm string) system.MenuSeed {
		return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: staffRoles}
	}
	return []system.MenuSeed{{Title: "在线考试", Name: "Zxks", Path: "ks", Component: page, Icon: "file-done", Type: system.MenuPage,
		Roles: staffRoles, Children: []system.MenuSeed{
			button("查询", PermList), button("新增", PermAdd), button("编辑", PermEdit), button("删除", PermDel),
			button("阅卷", PermGrade), button("导出", PermExport),
		}}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE ks_paper (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			title VARCHAR(200) NOT NULL,
			mode SMALLINT NOT NULL,
			rules TEXT NOT NULL DEFAULT '[]',
			seed BIGINT NOT NULL DEFAULT 0,
			question_count INT NOT NULL DEFAULT 0,
			total INT NOT NULL DEFAULT 0,
			pass_mark INT NOT NULL DEFAULT 0,
			locked BOOLEAN NOT NULL DEFAULT FALSE,
			{{stamps}})`,
		`CREATE INDEX idx_ks_paper_org ON ks_paper(org_id, created_at)`,
		// The paper's questions as they were when it was composed: the bank
		// may change afterwards, the paper does not.
		`CREATE TABLE ks_paper_question (
			paper_id BIGINT NOT NULL REFERENCES ks_paper(id) ON DELETE CASCADE,
			seq INT NOT NULL,
			question_id BIGINT NOT NULL,
			type INT NOT NULL,
			stem VARCHAR(2000) NOT NULL,
			options TEXT NOT NULL DEFAULT '[]',
			answer VARCHAR(2000) NOT NULL,
			analysis VARCHAR(2000) NOT NULL DEFAULT '',
			points INT NOT NULL,
			PRIMARY KEY (paper_id, seq))`,
		`CREATE TABLE ks_exam (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			paper_id BIGINT NOT NULL REFERENCES ks_paper(id),
			title VARCHAR(200) NOT NULL,
			opens_at TIMESTAMP NOT NULL,
			closes_at TIMESTAMP NOT NULL,
			duration INT NOT NULL,
			attempts INT NOT NULL,
			shuffle_questions BOOLEAN NOT NULL DEFAULT FALSE,
			shuffle_options BOOLEAN NOT NULL DEFAULT FALSE,
			pass_mark INT NOT NULL,
			state SMALLINT NOT NULL DEFAULT 0,
			examinees INT NOT NULL DEFAULT 0,
			{{stamps}})`,
		`CREATE INDEX idx_ks_exam_org ON ks_exam(org_id, state)`,
		`CREATE INDEX idx_ks_exam_paper ON ks_exam(paper_id)`,
		`CREATE TABLE ks_examinee (
			exam_id BIGINT NOT NULL REFERENCES ks_exam(id) ON DELETE CASCADE,
			user_id BIGINT NOT NULL,
			PRIMARY KEY (exam_id, user_id))`,
		// My exams: the caller's rows.
		`CREATE INDEX idx_ks_examinee_user ON ks_examinee(user_id, exam_id)`,
		`CREATE TABLE ks_grader (
			exam_id BIGINT NOT NULL REFERENCES ks_exam(id) ON DELETE CASCADE,
			user_id BIGINT NOT NULL,
			PRIMARY KEY (exam_id, user_id))`,
		`CREATE INDEX idx_ks_grader_user ON ks_grader(user_id, exam_id)`,
		// One sitting of an examinee: its own order (seed), its deadline fixed
		// at the start, its state started → submitted (by the examinee) or
		// expired (closed at the deadline with what was saved).
		`CREATE TABLE ks_attempt (
			id {{pk}},
			exam_id BIGINT NOT NULL REFERENCES ks_exam(id) ON DELETE CASCADE,
			user_id BIGINT NOT NULL,
			paper_id BIGINT NOT NULL,
			shuffle SMALLINT NOT NULL DEFAULT 0,
			no INT NOT NULL,
			code VARCHAR(16) NOT NULL,
			seed BIGINT NOT NULL,
			state VARCHAR(10) NOT NULL,
			started_at TIMESTAMP NOT NULL,
			deadline TIMESTAMP NOT NULL,
			closed_at TIMESTAMP NULL,
			terminal SMALLINT NOT NULL DEFAULT 1,
			score INT NOT NULL DEFAULT 0,
			pending INT NOT NULL DEFAULT 0)`,
		`CREATE UNIQUE INDEX uq_ks_attempt_no ON ks_attempt(exam_id, user_id, no)`,
		`CREATE UNIQUE INDEX uq_ks_attempt_code ON ks_attempt(code)`,
		// The job and the lazy close: the started attempts past their deadline.
		`CREATE INDEX idx_ks_attempt_open ON ks_attempt(state, deadline)`,
		// Statistics: the closed attempts of an exam by score.
		`CREATE INDEX idx_ks_attempt_exam ON ks_attempt(exam_id, state, score)`,
		// One row per question answered (autosave upserts it); at the close a
		// row for every question of the paper, with its score.
		`CREATE TABLE ks_answer (
			attempt_id BIGINT NOT NULL REFERENCES ks_attempt(id) ON DELETE CASCADE,
			seq INT NOT NULL,
			answer VARCHAR(4000) NOT NULL DEFAULT '',
			saved_at TIMESTAMP NOT NULL,
			score INT NOT NULL DEFAULT 0,
			graded BOOLEAN NOT NULL DEFAULT FALSE,
			grader_id BIGINT NULL,
			comment VARCHAR(500) NOT NULL DEFAULT '',
			PRIMARY KEY (attempt_id, seq))`)
	if err != nil {
		return err
	}
	return system.AddPages(ctx, tx, school.MenuDir, menus())
}

// examineeSources marks why each examinee row is there: by hand on the exam
// page (every row so far) or by a training batch whose exam it is. The exam
// page's replace then touches only its own rows, and a trainee withdrawn
// from a batch leaves only the batch's.
func examineeSources(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx, `ALTER TABLE ks_examinee ADD COLUMN by_hand BOOLEAN NOT NULL DEFAULT TRUE`,
		`ALTER TABLE ks_examinee ADD COLUMN by_batch BOOLEAN NOT NULL DEFAULT FALSE`)
}
