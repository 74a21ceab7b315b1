package fillform

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"zhdj/internal/platform/httpx"
)

func f64(v float64) *float64 { return &v }

// testFields are one field of each kind, as checkFields stores them.
var testFields = FieldList{
	{Key: "f1", Label: "联系人", Kind: KindText, Required: true, MaxLength: 5},
	{Key: "f2", Label: "工作总结", Kind: KindTextarea, MaxLength: 10},
	{Key: "f3", Label: "时长", Kind: KindNumber, Required: true, Min: f64(0.5), Max: f64(100), Decimals: 1},
	{Key: "f4", Label: "人数", Kind: KindNumber, Min: f64(0)},
	{Key: "f5", Label: "日期", Kind: KindDate, Required: true},
	{Key: "f6", Label: "情况", Kind: KindSingle, Required: true, Options: []string{"按时", "未按时"}},
	{Key: "f7", Label: "类型", Kind: KindMultiple, Required: true, Options: []string{"学习", "实践", "服务"}},
	{Key: "f8", Label: "证明", Kind: KindFile, Required: true},
}

// Every kind's checks at their edges: a submission's value is refused with
// a 400 naming the field's key and label, or stored normalised.
func TestCheckAnswers_EachKindAtItsEdges(t *testing.T) {
	t.Parallel()
	valid := map[string]any{"f1": "王老师", "f3": 2, "f5": "2026-03-01", "f6": "按时", "f7": []string{"服务"}}
	files := map[string]int{"f8": 1}
	cases := []struct {
		name   string
		key    string
		value  any // nil: the key left out
		field  string
		msg    string
		stored any
	}{
		{"text within its length", "f1", " 王 老师 ", "", "", "王 老师"},
		{"text at its length", "f1", "一二三四五", "", "", "一二三四五"},
		{"text over its length", "f1", "一二三四五六", "f1", "“联系人”不超过5个字（现6字）", nil},
		{"single-line text folds its lines", "f1", "王\n老师", "", "", "王 老师"},
		{"required text missing", "f1", nil, "f1", "请填写“联系人”", nil},
		{"required text blank", "f1", "  ", "f1", "请填写“联系人”", nil},
		{"text of another type", "f1", 12, "f1", "“联系人”应为文字", nil},
		{"textarea keeps its lines", "f2", "一行\r\n二行", "", "", "一行\n二行"},
		{"textarea over its length", "f2", "一二三四五六七八九十十", "f2", "“工作总结”不超过10个字（现11字）", nil},
		{"number as text", "f3", "12.5", "", "", "12.5"},
		{"number trailing zero", "f3", "12.50", "", "", "12.5"},
		{"number at its minimum", "f3", 0.5, "", "", "0.5"},
		{"number below its minimum", "f3", 0.4, "f3", "“时长”不能小于0.5", nil},
		{"number at its maximum", "f3", 100, "", "", "100"},
		{"number above its maximum", "f3", "100.1", "f3", "“时长”不能大于100", nil},
		{"number with too many decimals", "f3", "1.25", "f3", "“时长”最多保留1位小数", nil},
		{"integer with decimals", "f4", "3.5", "f4", "“人数”应为整数", nil},
		{"number not a number", "f3", "十", "f3", "“时长”应为数字", nil},
		{"number with an exponent", "f3", "1e2", "f3", "“时长”应为数字", nil},
		{"number required", "f3", "", "f3", "请填写“时长”", nil},
		{"date", "f5", "2026-02-28", "", "", "2026-02-28"},
		{"date that does not exist", "f5", "2026-02-30", "f5", "“日期”应为日期（YYYY-MM-DD）", nil},
		{"date required", "f5", nil, "f5", "请选择“日期”", nil},
		{"single option", "f6", "未按时", "", "", "未按时"},
		{"single not an option", "f6", "偶尔", "f6", "“情况”的选项“偶尔”无效", nil},
		{"single required", "f6", "", "f6", "请选择“情况”", nil},
		{"multiple in the options' order, once each", "f7", []string{"服务", "学习", "服务"}, "", "", []string{"学习", "服务"}},
		{"multiple not an option", "f7", []string{"学习", "旅游"}, "f7", "“类型”的选项“旅游”无效", nil},
		{"multiple required", "f7", []string{}, "f7", "请选择“类型”", nil},
		{"multiple of another type", "f7", "学习", "f7", "“类型”的选项无效", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			in := map[string]json.RawMessage{}
			for k, v := range valid {
				in[k], _ = json.Marshal(v)
			}
			delete(in, c.key)
			if c.value != nil {
				in[c.key], _ = json.Marshal(c.value)
			}
			got, err := checkAnswers(testFields, in, true, files)
			if c.field != "" {
				if httpx.FieldOf(err) != c.field || !strings.Contains(err.Error(), c.msg) {
					t.Fatalf("error %v, want %s %q", err, c.field, c.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got[c.key], c.stored) {
				t.Fatalf("stored %#v, want %#v", got[c.key], c.stored)
			}
		})
	}
}

// A draft leaves any field empty; an attachment field is asked for at the submission only.
func TestCheckAnswers_DraftAndFiles(t *testing.T) {
	t.Parallel()
	if got, err := checkAnswers(testFields, map[string]json.RawMessage{"f4": json.RawMessage(`"7"`), "zz": json.RawMessage(`"x"`)}, false, nil); err != nil ||
		!reflect.DeepEqual(got, Answers{"f4": "7"}) {
		t.Fatalf("draft %v %v", got, err)
	}
	if _, err := checkAnswers(testFields, map[string]json.RawMessage{"f4": json.RawMessage(`"x"`)}, false, nil); httpx.FieldOf(err) != "f4" {
		t.Fatalf("a draft's value is checked: %v", err)
	}
	in := map[string]json.RawMessage{"f1": json.RawMessage(`"王"`), "f3": json.RawMessage(`1`), "f5": json.RawMessage(`"2026-01-01"`),
		"f6": json.RawMessage(`"按时"`), "f7": json.RawMessage(`["学习"]`)}
	if _, err := checkAnswers(testFields, in, true, nil); httpx.FieldOf(err) != "f8" || !strings.Contains(err.Error(), "请上传“证明”") {
		t.Fatalf("a missing file: %v", err)
	}
	// Every missing field named at once.
	fe := httpx.FieldErrors(func() error { _, err := checkAnswers(testFields, nil, true, nil); return err }())
	if len(fe) != 6 {
		t.Fatalf("fields %v", fe)
	}
}

// The designer's fields: keys kept or given, defaults set, the rules of each kind.
func TestCheckFields(t *testing.T) {
	t.Parallel()
	got, err := checkFields([]Field{
		{Key: "f3", Label: " 姓名 ", Kind: KindText},
		{Label: "说明", Kind: KindTextarea, Options: []string{"x"}, Min: f64(1)},
		{Key: "f3", Label: "重复的键", Kind: KindDate},
		{Key: "bad", Label: "选择", Kind: KindSingle, Options: []string{" 是 ", "", "否"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := FieldList{
		{Key: "f3", Label: "姓名", Kind: KindText, MaxLength: DefaultText},
		{Key: "f1", Label: "说明", Kind: KindTextarea, MaxLength: DefaultTextarea},
		{Key: "f2", Label: "重复的键", Kind: KindDate},
		{Key: "f4", Label: "选择", Kind: KindSingle, Options: []string{"是", "否"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("fields %#v", got)
	}
	for _, c := range []struct {
		in  Field
		msg string
	}{
		{Field{Label: "", Kind: KindText}, "第2项：请输入字段名称"},
		{Field{Label: "a", Kind: KindText}, "第2项：字段名称“a”与第1项重复"},
		{Field{Label: "b", Kind: "color"}, "第2项：请选择“b”的类型"},
		{Field{Label: "b", Kind: KindText, MaxLength: MaxText + 1}, "第2项：“b”的最大字数应为1到500"},
		{Field{Label: "b", Kind: KindNumber, Decimals: 7}, "第2项：“b”的小数位数应为0到6"},
		{Field{Label: "b", Kind: KindNumber, Min: f64(2), Max: f64(1)}, "第2项：“b”的最小值不能大于最大值"},
		{Field{Label: "b", Kind: KindNumber, Max: f64(2e12)}, "第2项：“b”的取值范围应在±1000000000000以内"},
		{Field{Label: "b", Kind: KindMultiple, Options: []string{"x", "x"}}, "第2项：“b”的选项“x”重复"},
		{Field{Label: "b", Kind: KindSingle, Options: []string{"x"}}, "第2项：“b”请至少设置2个选项"},
	} {
		_, err := checkFields([]Field{{Label: "a", Kind: KindDate}, c.in})
		if httpx.FieldOf(err) != "fields" || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%+v: %v, want %q", c.in, err, c.msg)
		}
	}
	if _, err := checkFields(make([]Field, MaxFields+1)); err == nil || !strings.Contains(err.Error(), "表单字段不超过50项") {
		t.Errorf("too many fields: %v", err)
	}
}
