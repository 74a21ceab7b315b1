package resource_test

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// visit is a sample record with one field of every kind.
type visit struct {
	bun.BaseModel `bun:"table:sample_visit,alias:v"`
	resource.Base
	OwnerID int64     `bun:"owner_id" json:"ownerId"`
	Day     date.Date `bun:"day" json:"day"`
	Kind    string    `bun:"kind" json:"kind"`
	Who     string    `bun:"who" json:"who"`
	Note    string    `bun:"note" json:"note"`
}

type visitView struct {
	visit     `bun:",extend"`
	OwnerName string `bun:"owner_name,scanonly" json:"ownerName"`
	KindLabel string `bun:"-" json:"kindLabel"`
}

var visitFields = resource.Fields[visit]{
	{Name: "ownerId", Label: "所属", Kind: resource.Ref, Required: true, Table: "sample_owner", Key: "owner",
		Shown: "ownerName", Export: 20, Note: "编码或名称"},
	{Name: "day", Label: "日期", Kind: resource.Day, Required: true, NotFuture: true, Export: 12},
	{Name: "kind", Label: "类型", Kind: resource.Code, Dict: "K", Shown: "kindLabel", Export: 10},
	{Name: "who", Label: "来访人", Required: true, Max: 4, Export: 8, Example: "王五"},
	{Name: "note", Label: "备注", Max: 3},
}

var kinds = map[string]string{"1": "甲", "2": "乙", "3": "丙"}

// kindDict is dictionary K: 1 and 2 enabled, 3 disabled.
type kindDict struct{}

func (kindDict) Has(dict, v string) bool      { _, ok := kinds[v]; return dict == "K" && ok && v != "3" }
func (kindDict) Disabled(dict, v string) bool { return dict == "K" && v == "3" }
func (kindDict) Label(dict, v string) string  { return kinds[v] }

var hasKind kindDict

// The generic checks run in the fields' order, each naming its field with
// the record kit's messages; texts come back trimmed, dates normalised.
func TestFieldsCheck(t *testing.T) {
	t.Parallel()
	today := date.Date("2026-03-01")
	good := visit{OwnerID: 7, Day: "2026-03-01 00:00:00", Kind: "1", Who: " 王五 ", Note: "早"}
	if err := visitFields.Check(&good, nil, hasKind, today); err != nil {
		t.Fatal(err)
	}
	if good.Who != "王五" || good.Day != "2026-03-01" {
		t.Fatalf("not normalised: %+v", good)
	}
	for _, c := range []struct {
		name       string
		edit       func(*visit)
		field, msg string
	}{
		{"no ref", func(v *visit) { v.OwnerID = 0 }, "ownerId", "请选择所属"},
		{"no date", func(v *visit) { v.Day = "" }, "day", "请选择日期"},
		{"bad date", func(v *visit) { v.Day = "3月1日" }, "day", "日期格式错误，应为 YYYY-MM-DD"},
		{"future date", func(v *visit) { v.Day = "2026-03-02" }, "day", "日期不能晚于今天"},
		{"bad code", func(v *visit) { v.Kind = "9" }, "kind", "类型取值无效"},
		{"blank required", func(v *visit) { v.Who = "  " }, "who", "请输入来访人（不超过4个字）"},
		{"long required", func(v *visit) { v.Who = "欧阳王五六" }, "who", "请输入来访人（不超过4个字）"},
		{"long optional", func(v *visit) { v.Note = "一二三四" }, "note", "备注不超过3个字"},
		{"first of two", func(v *visit) { v.Kind, v.Who = "9", "" }, "kind", "类型取值无效"},
	} {
		v := visit{OwnerID: 7, Day: "2026-02-01", Kind: "2", Who: "王五"}
		c.edit(&v)
		var he *httpx.Error
		if err := visitFields.Check(&v, nil, hasKind, today); !errors.As(err, &he) || he.Field != c.field || he.Message != c.msg {
			t.Errorf("%s: %v (field %q)", c.name, err, httpx.FieldOf(err))
		}
	}
	empty := visit{OwnerID: 7, Day: "2026-02-01", Who: "王五"}
	if err := visitFields.Check(&empty, nil, hasKind, today); err != nil {
		t.Errorf("optional code and text left empty: %v", err)
	} // A disabled code is refused for new input and kept by a record that
	// has it already.
	old := visit{OwnerID: 7, Day: "2026-02-01", Kind: "3", Who: "王五"}
	if err := visitFields.Check(&old, nil, hasKind, today); httpx.FieldOf(err) != "kind" || !strings.HasSuffix(err.Error(), "类型“丙”已停用，请重新选择") {
		t.Errorf("disabled code chosen anew: %v", err)
	}
	kept := old
	if err := visitFields.Check(&kept, &old, hasKind, today); err != nil {
		t.Errorf("disabled code the record had: %v", err)
	}
	changed := visit{OwnerID: 7, Day: "2026-02-01", Kind: "3", Who: "王五"}
	if err := visitFields.Check(&changed, &visit{Kind: "1"}, hasKind, today); httpx.FieldOf(err) != "kind" {
		t.Errorf("disabled code chosen over another: %v", err)
	}
	// Every bad field is named at once, in the fields' order.
	bad := visit{Day: "2026-13-01", Kind: "9", Who: "王五"}
	var fields []string
	for _, f := range httpx.FieldErrors(visitFields.Check(&bad, nil, hasKind, today)) {
		fields = append(fields, f.Field)
	}
	if !reflect.DeepEqual(fields, []string{"ownerId", "day", "kind"}) {
		t.Errorf("several bad fields: %v", fields)
	}
}

// The trail declaration, the import template, the view's labels and the
// export columns all follow from the one list.
func TestFieldsDerive(t *testing.T) {
	t.Parallel()
	d := visitFields.Decl(97, "来访")
	var names []string
	for _, f := range d.Fields {
		names = append(names, f.Name+"/"+f.Label+"/"+f.Dict)
	}
	if want := []string{"owner/所属/", "day/日期/", "kind/类型/K", "who/来访人/", "note/备注/"}; !reflect.DeepEqual(names, want) || d.Module != 97 || d.Noun != "来访" {
		t.Fatalf("decl %v", names)
	}
	cols := visitFields.ImportColumns()
	want := imports.Columns{
		{Key: "owner", Label: "所属", Required: true, Note: "编码或名称", Field: "ownerId"},
		{Key: "day", Label: "日期", Required: true, Note: "日期如 2024-03-01、2024/3/1 或 2024.03.01"},
		{Key: "kind", Label: "类型", Dict: "K"},
		{Key: "who", Label: "来访人", Required: true, Example: "王五"},
		{Key: "note", Label: "备注"},
	}
	if !reflect.DeepEqual(cols, want) {
		t.Fatalf("columns %+v", cols)
	}
	if got := visitFields.Dicts(); !reflect.DeepEqual(got, []string{"K"}) {
		t.Fatalf("dicts %v", got)
	}
	v := visitView{visit: visit{OwnerID: 7, Day: "2026-02-01", Kind: "2", Who: "王五"}, OwnerName: "一支部"}
	resource.Shows[visitView](visitFields)(&v, func(dict, code string) string { return dict + ":" + kinds[code] })
	if v.KindLabel != "K:乙" {
		t.Fatalf("label %q", v.KindLabel)
	}
	var headers []string
	var cells []any
	for _, c := range resource.Columns[visitView](visitFields) {
		headers, cells = append(headers, c.Header), append(cells, c.Cell(&v))
	}
	if !reflect.DeepEqual(headers, []string{"所属", "日期", "类型", "来访人"}) ||
		!reflect.DeepEqual(cells, []any{"一支部", "2026-02-01", "K:乙", "王五"}) {
		t.Fatalf("export %v %v", headers, cells)
	}
}

// The trail view holds the stored values, a reference by its row's name.
func TestFieldsTrailView(t *testing.T) {
	t.Parallel()
	database := sampleDB(t)
	var id int64
	if err := database.NewSelect().Table("sample_owner").Column("id").Scan(context.Background(), &id); err != nil {
		t.Fatal(err)
	}
	got, err := visitFields.TrailView(context.Background(), database, &visit{OwnerID: id, Day: "2026-02-01", Kind: "2", Who: "王五"})
	want := map[string]string{"owner": "一支部", "day": "2026-02-01", "kind": "2", "who": "王五", "note": ""}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("%v %v", got, err)
	}
}

// An import row is read by the fields (a code by its label, a date as
// people type it, the reference through its resolver), checked, and left
// as the record to insert or with its errors on their columns.
func TestFieldsReadNew(t *testing.T) {
	t.Parallel()
	dicts := imports.NewDicts(map[string][]system.DictOption{"K": {{Label: "甲", Value: "1"}, {Label: "乙", Value: "2"}}})
	ref := func(r *imports.Row, key string) (int64, bool) {
		if r.Cells[key] == "D01" {
			return 7, true
		}
		r.Fail(key, "请填写所属")
		return 0, false
	}
	rows := []*imports.Row{
		{RowNo: 2, Cells: map[string]string{"owner": "D01", "day": "2026/2/1", "kind": "乙", "who": "王五", "note": "早"}},
		{RowNo: 3, Cells: map[string]string{"owner": "", "day": "二月", "kind": "丙", "who": "王五"}},
		{RowNo: 4, Cells: map[string]string{"owner": "D01", "day": "2026-02-01", "who": "王五", "note": "太长了吧"}},
	}
	visitFields.ReadNew(rows, dicts, ref, func(v visit) (visit, error) {
		return v, visitFields.Check(&v, nil, hasKind, "2026-03-01")
	})
	if got, ok := rows[0].Data.(visit); !ok || rows[0].Status != imports.StatusNew ||
		got.OwnerID != 7 || got.Day != "2026-02-01" || got.Kind != "2" || got.Who != "王五" || got.Note != "早" {
		t.Fatalf("good row %+v %+v", rows[0], rows[0].Data)
	}
	var columns []string
	for _, e := range rows[1].Errors {
		columns = append(columns, e.Column)
	}
	if rows[1].Status != imports.StatusInvalid || rows[1].Data != nil || !reflect.DeepEqual(columns, []string{"owner", "day", "kind"}) {
		t.Fatalf("bad cells %+v", rows[1])
	}
	if rows[2].Status != imports.StatusInvalid || len(rows[2].Errors) != 1 || rows[2].Errors[0] != (imports.CellError{Column: "note", Message: "备注不超过3个字"}) {
		t.Fatalf("check error %+v", rows[2])
	}
}

// office is a record declared with the wording of an older module: labels
// that differ per use, a code counted in characters, a format check, an
// order, an optional reference by pointer and a field set by operations.
type office struct {
	Code   string `json:"code"`
	Head   string `json:"head"`
	Phone  string `json:"phone"`
	Sort   int    `json:"sort"`
	UpID   *int64 `json:"upId"`
	Status string `json:"status"`
}

type officeView struct {
	office
	UpName string `json:"upName"`
}

var officeFields = resource.Fields[office]{
	{Name: "code", Label: "编码", Required: true, Max: 3, Chars: true, Export: 10},
	{Name: "head", Label: "负责人", Asks: "负责人姓名", Header: "主任", Max: 2, Export: 8},
	{Name: "phone", Label: "电话", Valid: record.ContactPhone, Export: 12},
	{Name: "sort", Label: "排序", Kind: resource.Int},
	{Name: "upId", Key: "up", Label: "上级", Column: "上级编码", Kind: resource.Ref, Table: "up", Shown: "upName", Export: 9},
	{Name: "status", Label: "状态", Kind: resource.Code, Dict: "K", Fixed: true},
}

// invalid is an edit of a good record that its fields' checks refuse on
// field with msg.
type invalid[M any] struct {
	edit       func(*M)
	field, msg string
}

func expectInvalid[M any](t *testing.T, fs resource.Fields[M], good func() M, cases []invalid[M]) {
	t.Helper()
	for _, c := range cases {
		m := good()
		c.edit(&m)
		var he *httpx.Error
		if err := fs.Check(&m, nil, hasKind, "2026-03-01"); !errors.As(err, &he) || he.Field != c.field || he.Message != c.msg {
			t.Errorf("%s: %v", c.msg, err)
		}
	}
}

func TestFieldsWording(t *testing.T) {
	t.Parallel()
	// A Fixed code is the operations' business: never checked.
	expectInvalid(t, officeFields, func() office { return office{Code: "A1", Status: "9"} }, []invalid[office]{
		{func(o *office) { o.Code = "ABCD" }, "code", "请输入编码（不超过3个字符）"},
		{func(o *office) { o.Head = "欧阳修" }, "head", "负责人姓名不超过2个字"},
		{func(o *office) { o.Phone = "电话" }, "phone", "电话格式错误"},
	})
	if err := officeFields.Check(&office{Code: "A1", Phone: "010-1234", Status: "9"}, nil, hasKind, "2026-03-01"); err != nil {
		t.Errorf("good office: %v", err)
	}
	// The import template leaves the Fixed field out and names the reference's column as declared.
	var labels []string
	for _, c := range officeFields.In("upId", "code").ImportColumns() {
		labels = append(labels, c.Key+"/"+c.Label)
	}
	if !reflect.DeepEqual(labels, []string{"up/上级编码", "code/编码"}) {
		t.Errorf("import %v", labels)
	}
	up := int64(5)
	raw := officeFields.RawView(&office{Code: "A1", Sort: 12, UpID: &up}, func(f resource.Field, id *int64) string {
		if id == nil {
			return ""
		}
		return f.Table + strconv.FormatInt(*id, 10)
	})
	if want := map[string]string{"code": "A1", "head": "", "phone": "", "sort": "12", "up": "up5", "status": ""}; !reflect.DeepEqual(raw, want) {
		t.Errorf("raw view %v", raw)
	}
	headers, widths, cells := resource.Layout(resource.Columns[officeView](officeFields.In("upId", "head")))
	v := officeView{office: office{Head: "王"}, UpName: "总部"}
	if !reflect.DeepEqual(headers, []string{"序号", "上级", "主任"}) || !reflect.DeepEqual(widths, []float64{8, 9, 8}) ||
		!reflect.DeepEqual(cells(3, &v), []any{3, "总部", "王"}) {
		t.Errorf("export %v %v %v", headers, widths, cells(3, &v))
	}
	defer func() {
		if recover() == nil {
			t.Error("an undeclared name picked")
		}
	}()
	officeFields.In("nope")
}

// branch is a record whose module words its checks itself: a required code
// whose format check bounds it, a date with its own malformed-date message,
// a list of names and counts and statuses the trail shows by their text.
type branch struct {
	Code    string    `json:"code"`
	Founded date.Date `json:"founded"`
	Members []string  `json:"members"`
	Years   int       `json:"years"`
	Status  string    `json:"status"`
}

func branchFormat(field, label, v string) error {
	if len(v) > 4 {
		return httpx.Invalid(field, "%s只能有4位", label)
	}
	return nil
}

func branchDate(field, label, v string) error {
	if _, ok := date.Parse(v); !ok {
		return httpx.Invalid(field, "%s不是日期", label)
	}
	return nil
}

var branchFields = resource.Fields[branch]{
	{Name: "code", Label: "编码", Required: true, Valid: branchFormat},
	{Name: "founded", Label: "成立日期", Kind: resource.Day, NotFuture: true, Valid: branchDate},
	{Name: "members", Label: "委员", Kind: resource.List, Export: 20},
	{Name: "years", Label: "任期", Kind: resource.Int, Trail: func(v any) string { return strconv.Itoa(v.(int)) + "年" }},
	{Name: "status", Label: "状态", Fixed: true, Trail: func(v any) string { return map[string]string{"1": "正常"}[v.(string)] }},
}

func TestFieldsOwnWording(t *testing.T) {
	t.Parallel()
	expectInvalid(t, branchFields, func() branch { return branch{Code: "B1", Members: []string{"  "}} }, []invalid[branch]{
		{func(b *branch) { b.Code = " " }, "code", "请输入编码"},
		{func(b *branch) { b.Code = "ABCDE" }, "code", "编码只能有4位"},
		{func(b *branch) { b.Founded = "2026-13-01" }, "founded", "成立日期不是日期"},
		{func(b *branch) { b.Founded = "2026-03-02" }, "founded", "成立日期不能晚于今天"},
	})
	good := branch{Code: " B1 ", Founded: "2026-03-01 00:00:00", Members: []string{" 张三 "}}
	if err := branchFields.Check(&good, nil, hasKind, "2026-03-01"); err != nil || good.Code != "B1" || good.Founded != "2026-03-01" ||
		good.Members[0] != " 张三 " { // a List is the module's to check
		t.Errorf("good branch: %v %+v", err, good)
	}
	raw := branchFields.RawView(&branch{Code: "B1", Members: []string{"张三", "李四"}, Years: 3, Status: "1"}, nil)
	if want := map[string]string{"code": "B1", "founded": "", "members": "张三、李四", "years": "3年", "status": "正常"}; !reflect.DeepEqual(raw, want) {
		t.Errorf("raw view %v", raw)
	}
	var keys []string
	for _, c := range branchFields.ImportColumns() {
		keys = append(keys, c.Key)
	}
	if !reflect.DeepEqual(keys, []string{"code", "founded", "years"}) { // no List column, no Fixed one
		t.Errorf("import %v", keys)
	}
	_, _, cells := resource.Layout(resource.Columns[branch](branchFields))
	if got := cells(1, &branch{Members: []string{"张三", "李四"}}); !reflect.DeepEqual(got, []any{1, "张三、李四"}) {
		t.Errorf("export %v", got)
	}
}
