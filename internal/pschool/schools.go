package pschool

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
)

// School kinds: the university's party school (at the root organisation)
// and a branch party school (at a secondary committee).
const (
	KindUniversity = "university"
	KindBranch     = "branch"
)

// KindNames name the kinds.
var KindNames = map[string]string{KindUniversity: "校党校", KindBranch: "分党校"}

// Teacher is a teacher of a school: a name and title, and the member when
// picked from the member base.
type Teacher struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	MemberID *int64 `json:"memberId"`
}

// School is a party school (a row of dx_school). Its JSON form is also
// the body of create and update.
type School struct {
	bun.BaseModel `bun:"table:dx_school,alias:sc"`
	resource.Base

	OrgID int64  `bun:"org_id" json:"orgId"`
	Kind  string `bun:"kind" json:"kind"`
	Name  string `bun:"name" json:"name"`
	// The head: a member picked (HeadMemberID, whose name HeadName keeps)
	// or a name typed.
	HeadMemberID *int64    `bun:"head_member_id" json:"headMemberId"`
	HeadName     string    `bun:"head_name" json:"headName"`
	Teachers     []Teacher `bun:"teachers" json:"teachers"`
	// ServedOrgIDs are the party organisations the school serves, within
	// its committee (none: the whole committee).
	ServedOrgIDs []int64 `bun:"served_org_ids" json:"servedOrgIds"`
	Remark       string  `bun:"remark" json:"remark"`
}

// SchoolView is a school as the API shows it.
type SchoolView struct {
	School     `bun:",extend"`
	OrgName    string `bun:"org_name,scanonly" json:"orgName"`
	KindName   string `bun:"-" json:"kindName"`
	BatchCount int    `bun:"batch_count,scanonly" json:"batchCount"`
}

// Bounds of a school's lists.
const (
	maxTeachers   = 100
	maxServedOrgs = 200
)

var schoolSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"sc.name", "sc.head_name"}, Match: httpx.Like},
		"kind":   {Columns: []string{"sc.kind"}, Match: httpx.In},
		"orgId":  org.SubtreeFilter("sc.org_id"),
	},
	Sorts:       map[string]string{"name": zh.Name("sc.name"), "orgName": zh.Name(org.NameColumn), "createTime": "sc.created_at"},
	DefaultSort: "sc.kind DESC, sc.id",
	Key:         "sc.id",
}

func errNoSchool() *httpx.Error { return httpx.NotFound("党校不存在") }

// schoolResource declares the schools: kept per organisation (the root or
// a secondary committee), seen within the caller's organisation scope.
func (s *Service) schoolResource() *resource.Resource[School, SchoolView] {
	return &resource.Resource[School, SchoolView]{DB: s.db, Noun: "党校", Spec: schoolSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope: s.orgs.Scoped("sc.org_id"),
		Join: func(q *bun.SelectQuery) *bun.SelectQuery {
			q = org.NameJoin("sc.org_id")(q)
			return q.ColumnExpr("(SELECT COUNT(*) FROM dx_batch AS cb WHERE cb.school_id = sc.id) AS batch_count")
		},
		Record: func(v *SchoolView) *School { return &v.School },
		Labels: func(ctx context.Context) (audit.Labeller, error) {
			return func(string, string) string { return "" }, nil
		},
		Show: func(v *SchoolView, _ audit.Labeller) {
			v.KindName = KindNames[v.Kind]
			if v.Teachers == nil {
				v.Teachers = []Teacher{}
			}
			if v.ServedOrgIDs == nil {
				v.ServedOrgIDs = []int64{}
			}
		},
		Check:        s.checkSchool,
		BeforeDelete: s.beforeDeleteSchools,
		Trail:        schoolTrail, TrailName: "sc.name", TrailView: s.schoolTrailView,
		Anchor: "org_id", AnchorScope: s.orgs.Scoped,
		WriteError: func(err error, _ *School) error {
			return record.WriteError(err, "该党组织已设立党校", "所选党组织不存在")
		},
	}
}

// checkSchool checks a school's body into the row to write (cur nil: a new
// school). The organisation is the university's root committee (the
// university party school) or a secondary committee (a branch school) of
// the caller's scope; it is not changed once set.
func (s *Service) checkSchool(ctx context.Context, in School, cur *SchoolView) (School, error) {
	var c httpx.Checks
	m := in
	if cur != nil {
		m.OrgID, m.Kind = cur.OrgID, cur.Kind
	} else {
		o, err := s.orgs.BriefInScope(ctx, in.OrgID)
		if err != nil {
			return m, httpx.Internal(err)
		}
		switch {
		case o == nil:
			c.Add(httpx.Invalid("orgId", "所选党组织不存在"))
		case o.PID == nil && o.Type == org.TypeCommittee:
			m.Kind = KindUniversity
		case o.Type == org.TypeSecondaryCommittee:
			m.Kind = KindBranch
		default:
			c.Add(httpx.Invalid("orgId", "党校设在学校党委，分党校设在二级党委，「%s」不是", o.Name))
		}
		if o != nil && strings.TrimSpace(in.Name) == "" && !c.Failed("orgId") {
			m.Name = o.Name + map[string]string{KindUniversity: "党校", KindBranch: "分党校"}[m.Kind]
		}
	}
	m.Name, m.HeadName, m.Remark = strings.TrimSpace(m.Name), strings.TrimSpace(m.HeadName), strings.TrimSpace(m.Remark)
	if !c.Failed("orgId") { // a name is derived from the organisation when left out
		c.Add(record.Required("name", "党校名称", m.Name, 100))
	}
	c.Add(record.MaxLen("remark", "备注", m.Remark, 500))
	if m.HeadMemberID != nil {
		h, err := s.members.HoldersOf(ctx, []int64{*m.HeadMemberID})
		if err != nil {
			return m, err
		}
		if hd, ok := h[*m.HeadMemberID]; ok {
			m.HeadName = hd.Name
		} else {
			c.Add(httpx.Invalid("headMemberId", "所选校长（党员）不存在"))
		}
	}
	c.Add(record.MaxLen("headName", "校长", m.HeadName, 50))
	c.Add(s.checkTeachers(ctx, &m))
	if !c.Failed("orgId") {
		c.Add(s.checkServed(ctx, &m))
	}
	return m, c.Err()
}

// checkTeachers trims the teachers, names a picked member by the member
// base and refuses a row without a name.
func (s *Service) checkTeachers(ctx context.Context, m *School) error {
	if len(m.Teachers) > maxTeachers {
		return httpx.Invalid("teachers", "教师至多 %d 名", maxTeachers)
	}
	var ids []int64
	for _, t := range m.Teachers {
		if t.MemberID != nil {
			ids = append(ids, *t.MemberID)
		}
	}
	picked, err := s.members.HoldersOf(ctx, ids)
	if err != nil {
		return err
	}
	for i := range m.Teachers {
		t := &m.Teachers[i]
		t.Name, t.Title = strings.TrimSpace(t.Name), strings.TrimSpace(t.Title)
		if t.MemberID != nil {
			h, ok := picked[*t.MemberID]
			if !ok {
				return httpx.Invalid("teachers", "第 %d 名教师：所选党员不存在", i+1)
			}
			t.Name = h.Name
		}
		if t.Name == "" || len([]rune(t.Name)) > 50 {
			return httpx.Invalid("teachers", "第 %d 名教师：请填写姓名（不超过 50 字）", i+1)
		}
		if len([]rune(t.Title)) > 50 {
			return httpx.Invalid("teachers", "第 %d 名教师：职称不超过 50 字", i+1)
		}
	}
	return nil
}

// checkServed keeps the served organisations unique and refuses one that
// is not below the school's organisation.
func (s *Service) checkServed(ctx context.Context, m *School) error {
	if len(m.ServedOrgIDs) > maxServedOrgs {
		return httpx.Invalid("servedOrgIds", "服务的党组织至多 %d 个", maxServedOrgs)
	}
	slices.Sort(m.ServedOrgIDs)
	m.ServedOrgIDs = slices.Compact(m.ServedOrgIDs)
	for _, id := range m.ServedOrgIDs {
		o, err := s.orgs.Brief(ctx, id)
		if err != nil {
			return httpx.Internal(err)
		}
		if o == nil || !slices.Contains(org.PathIDs(o.Path), m.OrgID) {
			return httpx.Invalid("servedOrgIds", "服务的党组织须在本党校所属党组织之下")
		}
	}
	return nil
}

// beforeDeleteSchools refuses to delete a school that holds batches.
func (s *Service) beforeDeleteSchools(ctx context.Context, tx bun.IDB, ids []int64) error {
	n, err := tx.NewSelect().Model((*Batch)(nil)).Where("b.school_id IN (?)", bun.In(ids)).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n > 0 {
		return httpx.Conflict("党校已有 %d 个培训班，不能删除", n)
	}
	return nil
}

// schoolOf reads school id of the caller's scope through idb (404 outside).
func (s *Service) schoolOf(ctx context.Context, idb bun.IDB, id int64) (*School, error) {
	return record.FindScoped[School](ctx, idb, s.orgs.Scoped("sc.org_id"), "sc", id, errNoSchool)
}

// schoolNamed reads a school whatever the scope (the batch that names it
// was read in the scope).
func (s *Service) schoolNamed(ctx context.Context, idb bun.IDB, id int64) (*School, error) {
	sc, err := record.Find[School](ctx, idb, "sc", id, errNoSchool)
	if err != nil && !errors.As(err, new(*httpx.Error)) {
		return nil, httpx.Internal(fmt.Errorf("school %d: %w", id, err))
	}
	return sc, err
}
