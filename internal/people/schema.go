package people

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/search"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
	"zhdj/internal/system/dictseed"
)

// Migrations of the people registry (versions 2026112340..49 are ours; they
// run after the unit domain's, whose menu grants they reuse; 2026112381
// un-hides the pages once the web side was built).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112340, Name: "people schema: jsjbxx, bj, xsjbxx", Up: createSchema},
		search.Migration(2026112714, "people: text-search indexes of teachers, students and classes", teacherSearch, studentSearch, classSearch),
		{Version: 2026112341, Name: "people dictionaries", Up: seedDicts},
		{Version: 2026112342, Name: "people menus and grants", Up: seedMenus},
		{Version: 2026112370, Name: "people import permission", Up: func(ctx context.Context, tx bun.Tx) error {
			return system.AddButtons(ctx, tx, "people/xsjbxx", system.Buttons("ry", "import"), system.RoleOrgDept, system.RoleCommittee)
		}},
		{Version: 2026112381, Name: "people: show the student, teacher and class pages (built)", Up: func(ctx context.Context, tx bun.Tx) error {
			for _, page := range []string{"people/xsjbxx", "people/jsjbxx", "people/bj"} {
				if err := system.ShowMenuPage(ctx, tx, page); err != nil {
					return err
				}
			}
			return nil
		}},
		// Deleting a dictionary value counts the records holding it, one
		// indexed query per column the module declares (Module.Dicts).
		{Version: 2026112656, Name: "people: the dictionary columns are indexed (a value in use is counted)", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx,
				`CREATE INDEX idx_xsjbxx_education_level ON xsjbxx(education_level)`,
				`CREATE INDEX idx_xsjbxx_ethnicity ON xsjbxx(ethnicity)`,
				`CREATE INDEX idx_xsjbxx_gender ON xsjbxx(gender)`,
				`CREATE INDEX idx_xsjbxx_status ON xsjbxx(status)`,
				`CREATE INDEX idx_jsjbxx_ethnicity ON jsjbxx(ethnicity)`,
				`CREATE INDEX idx_jsjbxx_gender ON jsjbxx(gender)`,
				`CREATE INDEX idx_jsjbxx_post ON jsjbxx(post)`,
				`CREATE INDEX idx_jsjbxx_professional_title ON jsjbxx(professional_title)`,
				`CREATE INDEX idx_jsjbxx_status ON jsjbxx(status)`,
				`CREATE INDEX idx_bj_grade ON bj(grade)`)
		}},
		// Students and teachers list by unit, then name, by default.
		{Version: 2026112644, Name: "students, teachers and classes sort by pinyin", Up: func(ctx context.Context, tx bun.Tx) error {
			for _, table := range []string{"xsjbxx", "jsjbxx"} {
				if err := db.ZhSortKey(ctx, tx, table, "name", []string{"unit_dept_id", "name"}, []string{"name"}); err != nil {
					return err
				}
			}
			return db.ZhSortKey(ctx, tx, "bj", "name", []string{"name"})
		}},
		{Version: 2026112645, Name: "leadership team members (dw_ldbz_cy) and their posts", Up: teamMemberSchema},
		{Version: 2026120135, Name: "people: the classes and units a branch covers (ry_cover_class, ry_cover_unit)", Up: coverageSchema},
		{Version: 2026121295, Name: "people: when a student or teacher left, and the data source that marked them", Up: func(ctx context.Context, tx bun.Tx) error {
			var ddl []string
			for _, table := range []string{"xsjbxx", "jsjbxx"} {
				ddl = append(ddl, `ALTER TABLE `+table+` ADD COLUMN left_on DATE NULL`,
					`ALTER TABLE `+table+` ADD COLUMN left_source_id BIGINT NULL`,
					`CREATE INDEX idx_`+table+`_left_on ON `+table+`(left_on)`)
			}
			return db.DDL(ctx, tx, ddl...)
		}},
		// The class list's default order (unit, grade descending, name by
		// pinyin, id): a page walks this index instead of sorting every class.
		{Version: 2026121297, Name: "people: the class list's order is indexed", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx, "CREATE INDEX idx_bj_list ON bj(unit_dept_id, grade DESC, "+zh.Resolve(zh.Name("name"), db.IsPostgres(tx))+", id)")
		}},
	}
}

// coverageSchema: the classes and units a branch covers (see branchcover.go).
// A deleted branch, class or unit takes its rows with it; the people lists
// find the coverage of the caller's branches by dzz_id (the primary keys)
// and check a class or unit against it (the second indexes).
func coverageSchema(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx,
		`CREATE TABLE ry_cover_class (
			dzz_id BIGINT NOT NULL REFERENCES dzz(id) ON DELETE CASCADE,
			class_id BIGINT NOT NULL REFERENCES bj(id) ON DELETE CASCADE,
			PRIMARY KEY (dzz_id, class_id))`,
		`CREATE INDEX idx_ry_cover_class_class ON ry_cover_class(class_id)`,
		`CREATE TABLE ry_cover_unit (
			dzz_id BIGINT NOT NULL REFERENCES dzz(id) ON DELETE CASCADE,
			unit_dept_id BIGINT NOT NULL REFERENCES sys_dept(id) ON DELETE CASCADE,
			PRIMARY KEY (dzz_id, unit_dept_id))`,
		`CREATE INDEX idx_ry_cover_unit_unit ON ry_cover_unit(unit_dept_id)`)
}

func createSchema(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx,
		`CREATE TABLE jsjbxx (
			id {{pk}},
			staff_no VARCHAR(32) NOT NULL UNIQUE,
			name VARCHAR(50) NOT NULL,
			gender VARCHAR(16) NOT NULL,
			ethnicity VARCHAR(16) NOT NULL DEFAULT '',
			id_number_enc VARCHAR(200) NOT NULL DEFAULT '',
			id_number_idx VARCHAR(64) NOT NULL DEFAULT '',
			phone_enc VARCHAR(200) NOT NULL DEFAULT '',
			phone_idx VARCHAR(64) NOT NULL DEFAULT '',
			birth_date DATE NULL,
			unit_dept_id BIGINT NOT NULL REFERENCES sys_dept(id),
			professional_title VARCHAR(16) NOT NULL DEFAULT '',
			post VARCHAR(16) NOT NULL DEFAULT '',
			status VARCHAR(16) NOT NULL DEFAULT '1',
			remark VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_jsjbxx_unit_name ON jsjbxx(unit_dept_id, name)`,
		`CREATE INDEX idx_jsjbxx_name ON jsjbxx(name)`,
		`CREATE UNIQUE INDEX uq_jsjbxx_id_number ON jsjbxx(id_number_idx) WHERE id_number_idx <> ''`,
		`CREATE INDEX idx_jsjbxx_phone ON jsjbxx(phone_idx)`,

		`CREATE TABLE bj (
			id {{pk}},
			code VARCHAR(32) NOT NULL UNIQUE,
			name VARCHAR(100) NOT NULL,
			grade VARCHAR(16) NOT NULL DEFAULT '',
			unit_dept_id BIGINT NOT NULL REFERENCES sys_dept(id),
			major VARCHAR(100) NOT NULL DEFAULT '',
			head_teacher_id BIGINT NULL REFERENCES jsjbxx(id) ON DELETE SET NULL,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_bj_unit_grade ON bj(unit_dept_id, grade)`,
		`CREATE INDEX idx_bj_head_teacher ON bj(head_teacher_id)`,

		`CREATE TABLE xsjbxx (
			id {{pk}},
			student_no VARCHAR(32) NOT NULL UNIQUE,
			name VARCHAR(50) NOT NULL,
			gender VARCHAR(16) NOT NULL,
			ethnicity VARCHAR(16) NOT NULL DEFAULT '',
			id_number_enc VARCHAR(200) NOT NULL DEFAULT '',
			id_number_idx VARCHAR(64) NOT NULL DEFAULT '',
			phone_enc VARCHAR(200) NOT NULL DEFAULT '',
			phone_idx VARCHAR(64) NOT NULL DEFAULT '',
			birth_date DATE NULL,
			unit_dept_id BIGINT NOT NULL REFERENCES sys_dept(id),
			class_id BIGINT NULL REFERENCES bj(id),
			grade VARCHAR(16) NOT NULL DEFAULT '',
			education_level VARCHAR(16) NOT NULL DEFAULT '',
			enrolled_on DATE NULL,
			status VARCHAR(16) NOT NULL DEFAULT '1',
			remark VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_xsjbxx_unit_name ON xsjbxx(unit_dept_id, name)`,
		`CREATE INDEX idx_xsjbxx_name ON xsjbxx(name)`,
		`CREATE INDEX idx_xsjbxx_class ON xsjbxx(class_id)`,
		`CREATE INDEX idx_xsjbxx_grade ON xsjbxx(grade)`,
		`CREATE UNIQUE INDEX uq_xsjbxx_id_number ON xsjbxx(id_number_idx) WHERE id_number_idx <> ''`,
		`CREATE INDEX idx_xsjbxx_phone ON xsjbxx(phone_idx)`,
	)
}

// Dictionaries of the people registry (besides the national ones: gender
// DJ_COMM_XB, ethnicity DJ_COMM_MZXX, grade njOptions, professional title
// DJ_JBXX_ZYJSZC, post DJ_DY_GZGWXX).
const (
	DictGender         = "DJ_COMM_XB"
	DictEthnicity      = "DJ_COMM_MZXX"
	DictGrade          = "njOptions"
	DictTitle          = "DJ_JBXX_ZYJSZC"
	DictPost           = "DJ_DY_GZGWXX"
	DictStudentStatus  = "XS_ZT"
	DictTeacherStatus  = "JS_ZT"
	DictEducationLevel = "XS_PYCC"
)

// Statuses the code relies on.
const (
	StudentEnrolled = "1" // XS_ZT 在读
	// StudentSuspended (休学) is out of the active status but still of the
	// school: no transfer of a member's relation is due.
	StudentSuspended = "3"
	TeacherActive    = "1" // JS_ZT 在职
)

func seedDicts(ctx context.Context, tx bun.Tx) error {
	return system.InsertDicts(ctx, tx, []dictseed.Dict{
		{Name: DictStudentStatus, Description: "学生状态", Items: []dictseed.Item{
			{Value: StudentEnrolled, Label: "在读"}, {Value: "2", Label: "毕业"}, {Value: "3", Label: "休学"}, {Value: "4", Label: "退学"}}},
		{Name: DictTeacherStatus, Description: "教师状态", Items: []dictseed.Item{
			{Value: TeacherActive, Label: "在职"}, {Value: "2", Label: "离退休"}, {Value: "3", Label: "调离"}}},
		{Name: DictEducationLevel, Description: "学生培养层次", Items: []dictseed.Item{
			{Value: "1", Label: "专科"}, {Value: "2", Label: "本科"}, {Value: "3", Label: "硕士研究生"}, {Value: "4", Label: "博士研究生"}}},
	})
}

// Permissions of the people registry.
const (
	PermList   = "ry:list"
	PermAdd    = "ry:add"
	PermEdit   = "ry:edit"
	PermDel    = "ry:del"
	PermUnmask = "ry:unmask" // see ID numbers and phones in clear (every view is logged)
)

// peopleMenus is the people directory. The buttons hang under the students
// page; the three pages share them. Every party role lists, the committee
// administrators add and edit, the organisation department deletes and unmasks.
func peopleMenus() []system.MenuSeed {
	all := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	var buttons []system.MenuSeed
	buttons = append(buttons, system.Granted(system.Buttons("ry", "list"), all...)...)
	buttons = append(buttons, system.Granted(system.Buttons("ry", "add", "edit"), system.RoleOrgDept, system.RoleCommittee)...)
	buttons = append(buttons, system.Granted(system.Buttons("ry", "del", "unmask"), system.RoleOrgDept)...)
	return []system.MenuSeed{{Title: "人员信息", Path: "/people", Component: "Layout", Icon: "idcard", Type: system.MenuDir, Workbench: system.WorkbenchParty, Roles: all,
		Children: []system.MenuSeed{
			// Hidden until their pages are built (shown by migration 2026112381).
			{Title: "学生信息", Name: "Xsjbxx", Path: "xsjbxx", Component: "people/xsjbxx", Icon: "user", Type: system.MenuPage, Hidden: true,
				Roles: all, Children: buttons},
			{Title: "教师信息", Name: "Jsjbxx", Path: "jsjbxx", Component: "people/jsjbxx", Icon: "solution", Type: system.MenuPage, Hidden: true,
				Roles: all},
			{Title: "班级信息", Name: "Bj", Path: "bj", Component: "people/bj", Icon: "team", Type: system.MenuPage, Hidden: true,
				Roles: all},
		}}}
}

func seedMenus(ctx context.Context, tx bun.Tx) error {
	_, err := system.InsertMenus(ctx, tx, nil, peopleMenus())
	return err
}
