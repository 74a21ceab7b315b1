package people

import (
	"context"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
	"zhdj/internal/system/dictseed"
)

// The members of a unit's leadership team (领导班子成员, table dw_ldbz_cy):
// a teacher, their post (职务) and since when they hold it, until when once
// they left. They live here, beside the teachers they name, since the unit
// domain (which owns the teams, dw_ldbz) sits below the people registry. A
// member is scoped like its team: by the team's unit in the caller's unit
// scope; the team's permissions (dw:list, dw:edit) guard the routes.

// DictTeamPost is the dictionary of a team member's post.
const DictTeamPost = "DW_LDBZ_ZW"

// TeamMember is one member of a leadership team (the body of its create
// and update, too).
type TeamMember struct {
	bun.BaseModel `bun:"table:dw_ldbz_cy,alias:lc"`
	resource.Base
	TeamID    int64     `bun:"team_id" json:"teamId"`
	TeacherID int64     `bun:"teacher_id" json:"teacherId"`
	Post      string    `bun:"post" json:"post"`
	Since     date.Date `bun:"since" json:"since"`
	Until     date.Date `bun:"until,nullzero" json:"until"`
	Sort      int       `bun:"sort" json:"sort"`
}

// TeamMemberView is a member as the list shows them.
type TeamMemberView struct {
	TeamMember  `bun:",extend"`
	TeamName    string `bun:"team_name,scanonly" json:"teamName"`
	UnitID      int64  `bun:"unit_id,scanonly" json:"unitId"`
	TeacherName string `bun:"teacher_name,scanonly" json:"teacherName"`
	StaffNo     string `bun:"staff_no,scanonly" json:"staffNo"`
	PostLabel   string `bun:"-" json:"postLabel"`
}

var teamMemberFields = resource.Fields[TeamMember]{
	{Name: "teamId", Label: "领导班子", Kind: resource.Ref, Required: true, Table: "dw_ldbz"},
	{Name: "teacherId", Label: "成员", Kind: resource.Ref, Required: true, Table: "jsjbxx"},
	{Name: "post", Label: "职务", Kind: resource.Code, Required: true, Dict: DictTeamPost, Shown: "postLabel"},
	{Name: "since", Label: "任职日期", Kind: resource.Day, Required: true},
	{Name: "until", Label: "离任日期", Kind: resource.Day},
}

var teamMemberSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"teamId": {Columns: []string{"lc.team_id"}, Kind: httpx.Int},
		"blurry": {Columns: []string{"js.name", "js.staff_no"}, Match: httpx.Like},
		"post":   {Columns: []string{"lc.post"}, Match: httpx.In},
	},
	Sorts: map[string]string{"sort": "lc.sort", "since": "lc.since", "until": "lc.until", "teacherName": zh.Name("js.name")},
	// In post first, then as the team orders them.
	DefaultSort: "lc.until IS NOT NULL, lc.sort ASC, lc.since ASC, lc.id ASC",
	Key:         "lc.id",
}

// maxTeamSort bounds a member's order in the team.
const maxTeamSort = 99999

func newTeamMembers(s *Service) *resource.Resource[TeamMember, TeamMemberView] {
	return &resource.Resource[TeamMember, TeamMemberView]{DB: s.db, Noun: "领导班子成员", Spec: teamMemberSpec,
		Now:   func() time.Time { return s.now() },
		Scope: record.ScopeOn(s.units.ScopeOf, "lt.dept_id"),
		Join: func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.ColumnExpr("lt.name AS team_name, lt.dept_id AS unit_id, js.name AS teacher_name, js.staff_no").
				Join("JOIN dw_ldbz AS lt ON lt.id = lc.team_id").Join("JOIN jsjbxx AS js ON js.id = lc.teacher_id")
		},
		Record: func(v *TeamMemberView) *TeamMember { return &v.TeamMember },
		Labels: func(ctx context.Context) (audit.Labeller, error) {
			l, err := s.sys.DictLabels(ctx, DictTeamPost)
			return l.Label, err
		},
		Show:  resource.Shows[TeamMemberView](teamMemberFields),
		Check: s.checkTeamMember,
	}
}

// checkTeamMember checks a member: the fields, the dates in order, a team
// of the caller's units (another is a 404, like the team itself), a
// teacher of their scope, and a teacher in post once in a team.
func (s *Service) checkTeamMember(ctx context.Context, in TeamMember, cur *TeamMemberView) (TeamMember, error) {
	l, err := s.sys.DictLabels(ctx, DictTeamPost)
	if err != nil {
		return in, err
	}
	if cur != nil {
		in.TeamID = cur.TeamID // a member stays in their team
	}
	var was *TeamMember
	if cur != nil {
		was = &cur.TeamMember
	}
	if err := teamMemberFields.Check(&in, was, l, date.Of(s.now().In(date.China))); err != nil {
		return in, err
	}
	if in.Until != "" && in.Until < in.Since {
		return in, httpx.Invalid("until", "离任日期不能早于任职日期")
	}
	if in.Sort < 0 || in.Sort > maxTeamSort {
		return in, httpx.Invalid("sort", "排序应在0到%d之间", maxTeamSort)
	}
	sc, err := s.units.ScopeOf(ctx)
	if err != nil {
		return in, err
	}
	team, err := sc.Apply(s.db.NewSelect().Table("dw_ldbz").Where("id = ?", in.TeamID), "dept_id").Exists(ctx)
	if err != nil {
		return in, httpx.Internal(err)
	} else if !team {
		return in, httpx.NotFound("领导班子不存在")
	}
	teacher, err := sc.Apply(s.db.NewSelect().Table("jsjbxx").Where("id = ?", in.TeacherID), "unit_dept_id").Exists(ctx)
	if err != nil {
		return in, httpx.Internal(err)
	} else if !teacher {
		return in, httpx.Invalid("teacherId", "所选教师不存在或不在您的管理范围内")
	}
	if in.Until == "" {
		q := s.db.NewSelect().Table("dw_ldbz_cy").Where("team_id = ?", in.TeamID).Where("teacher_id = ?", in.TeacherID).
			Where("until IS NULL")
		if cur != nil {
			q = q.Where("id <> ?", cur.ID)
		}
		if twice, err := q.Exists(ctx); err != nil {
			return in, httpx.Internal(err)
		} else if twice {
			return in, httpx.Invalid("teacherId", "该教师已是本领导班子的在任成员")
		}
	}
	return in, nil
}

// teamMemberSchema is the table and the post dictionary.
func teamMemberSchema(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx,
		`CREATE TABLE dw_ldbz_cy (
			id {{pk}},
			team_id BIGINT NOT NULL REFERENCES dw_ldbz(id) ON DELETE CASCADE,
			teacher_id BIGINT NOT NULL REFERENCES jsjbxx(id),
			post VARCHAR(16) NOT NULL,
			since DATE NOT NULL,
			until DATE NULL,
			sort INTEGER NOT NULL DEFAULT 0,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		// A team's members in order; a teacher's posts (the teacher's delete is refused while they hold one).
		`CREATE INDEX idx_dw_ldbz_cy_team ON dw_ldbz_cy(team_id, sort)`,
		`CREATE INDEX idx_dw_ldbz_cy_teacher ON dw_ldbz_cy(teacher_id)`,
	); err != nil {
		return err
	}
	var items []dictseed.Item
	for i, label := range []string{"党委书记", "党委副书记", "院长", "副院长", "党委委员", "纪委书记", "主任", "副主任", "处长", "副处长"} {
		items = append(items, dictseed.Item{Value: strconv.Itoa(i + 1), Label: label})
	}
	items = append(items, dictseed.Item{Value: "99", Label: "其他"})
	return system.InsertDicts(ctx, tx, []dictseed.Dict{{Name: DictTeamPost, Description: "领导班子职务", Items: items}})
}
