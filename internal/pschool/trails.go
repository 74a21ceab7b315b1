package pschool

import (
	"context"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
	"zhdj/internal/pschool/school"
)

// The schools' and batches' modules in the change trail (the question bank
// is 80, the papers, exams and courses follow these).
const (
	SchoolTrailModule = 91
	BatchTrailModule  = 92
)

// schoolFields are a school's fields in the form's order, for its change
// trail: the kind by its name, the head and teachers as people read them,
// the served organisations by their names (schoolTrailView).
var schoolFields = resource.Fields[School]{
	{Name: "orgId", Label: "所属党组织", Kind: resource.Ref, Table: "dzz", Key: "org"},
	{Name: "kind", Label: "类别", Trail: func(v any) string { return KindNames[v.(string)] }},
	{Name: "name", Label: "党校名称"},
	{Name: "headName", Label: "校长"},
	{Name: "teachers", Label: "师资", Trail: func(v any) string { return describeTeachers(v.([]Teacher)) }},
	{Name: "servedOrgIds", Label: "服务的党组织", Trail: func(v any) string { return joinIDs(v.([]int64)) }},
	{Name: "remark", Label: "备注"},
}

// describeTeachers writes teachers as one text: "张三（教授）、李四".
func describeTeachers(ts []Teacher) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.Name
		if t.Title != "" {
			parts[i] += "（" + t.Title + "）"
		}
	}
	return strings.Join(parts, "、")
}

// joinIDs writes ids as "3、5" (replaced by names where the view can).
func joinIDs(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, "、")
}

// schoolTrailView is a school's raw trail view, its served organisations
// by name (through the organisation module's API) so that the trail says
// which ones were added or dropped.
func (s *Service) schoolTrailView(ctx context.Context, idb bun.IDB, m *School) (map[string]string, error) {
	view, err := schoolFields.TrailView(ctx, idb, m)
	if err != nil || len(m.ServedOrgIDs) == 0 {
		return view, err
	}
	names, err := s.orgs.Names(ctx, m.ServedOrgIDs)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	parts := make([]string, len(m.ServedOrgIDs))
	for i, id := range m.ServedOrgIDs {
		if parts[i] = names[id]; parts[i] == "" {
			parts[i] = strconv.FormatInt(id, 10) // gone since: the id still tells two apart
		}
	}
	view["servedOrgIds"] = strings.Join(parts, "、")
	return view, nil
}

// batchFields are a batch's fields in the form's order, for its change
// trail: the type and state by name, the courses and exam by number (they
// are the course and exam modules' records).
var batchFields = resource.Fields[Batch]{
	{Name: "schoolId", Label: "党校", Kind: resource.Ref, Table: "dx_school", Key: "school"},
	{Name: "type", Label: "类型", Kind: resource.Int, Trail: func(v any) string { return school.BatchTypeNames[v.(int)] }},
	{Name: "title", Label: "培训班名称"},
	{Name: "startOn", Label: "开始日期"},
	{Name: "endOn", Label: "结束日期"},
	{Name: "days", Label: "天数", Kind: resource.Int},
	{Name: "hours", Label: "学时", Kind: resource.Int},
	{Name: "attendPct", Label: "出勤率要求(%)", Kind: resource.Int},
	{Name: "courseIds", Label: "课程编号", Trail: func(v any) string { return joinIDs(v.([]int64)) }},
	{Name: "examId", Label: "考试编号", Trail: func(v any) string {
		if id := v.(*int64); id != nil {
			return strconv.FormatInt(*id, 10)
		}
		return ""
	}},
	{Name: "state", Label: "状态", Trail: func(v any) string { return StateNames[v.(string)] }},
	{Name: "remark", Label: "备注"},
}

var (
	schoolTrail = schoolFields.Decl(SchoolTrailModule, "党校")
	batchTrail  = batchFields.Decl(BatchTrailModule, "培训班")
)

// recordState writes the trail entry of batch b's state moving from old
// (an UPDATE of 状态 by the user, inside tx): opening and finishing are
// changes of the batch as much as an edit.
func recordState(ctx context.Context, tx bun.IDB, b *Batch, old string) error {
	return batchTrail.Record(ctx, tx, b.ID, []audit.Change{batchTrail.Change("state", StateNames[old], StateNames[b.State])}, b)
}
