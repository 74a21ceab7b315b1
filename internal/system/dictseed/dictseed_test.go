package dictseed

import (
	"fmt"
	"strings"
	"testing"
)

func byName(t *testing.T) map[string]Dict {
	t.Helper()
	m := map[string]Dict{}
	for _, d := range All() {
		m[d.Name] = d
	}
	return m
}

func label(t *testing.T, d Dict, value string) string {
	t.Helper()
	for _, it := range d.Items {
		if it.Value == value {
			return it.Label
		}
	}
	t.Fatalf("%s: value %q missing", d.Name, value)
	return ""
}

// wantLabels checks that d labels each value as want says; short is the
// dictionary's short name in the failure.
func wantLabels(t *testing.T, d Dict, short string, want map[string]string) {
	t.Helper()
	for v, l := range want {
		if got := label(t, d, v); got != l {
			t.Errorf("%s %s = %q, want %q", short, v, got, l)
		}
	}
}

func TestStructure(t *testing.T) {
	t.Parallel()
	all := All()
	if len(all) == 0 {
		t.Fatal("no dictionaries")
	}
	names := map[string]bool{}
	for _, d := range all {
		if strings.TrimSpace(d.Name) == "" {
			t.Errorf("dictionary with empty name")
		}
		if names[d.Name] {
			t.Errorf("duplicate dictionary name %s", d.Name)
		}
		names[d.Name] = true
		if strings.TrimSpace(d.Description) == "" {
			t.Errorf("%s: empty description", d.Name)
		}
		if len(d.Items) == 0 {
			t.Errorf("%s: no items", d.Name)
		}
		values := map[string]bool{}
		for _, it := range d.Items {
			if strings.TrimSpace(it.Value) == "" {
				t.Errorf("%s: empty value (label %q)", d.Name, it.Label)
			}
			if strings.TrimSpace(it.Label) == "" {
				t.Errorf("%s: empty label for value %q", d.Name, it.Value)
			}
			if values[it.Value] {
				t.Errorf("%s: duplicate value %q", d.Name, it.Value)
			}
			values[it.Value] = true
		}
	}
}

func TestStableOrder(t *testing.T) {
	t.Parallel()
	a, b := All(), All()
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatal("All() is not stable")
	}
	// Callers get their own copy of every item slice.
	for i := range a {
		for j := range a[i].Items {
			a[i].Items[j].Label = "changed"
		}
	}
	for _, d := range All() {
		for _, it := range d.Items {
			if it.Label == "changed" {
				t.Fatalf("%s: All() shares item storage between calls", d.Name)
			}
		}
	}
}

func TestExpectedDictionaries(t *testing.T) {
	t.Parallel()
	m := byName(t)
	want := map[string]int{
		"DJ_COMM_XB":          4,
		"DJ_COMM_MZXX":        58, // 56 民族 + 97 + 98
		"DJ_DY_XLXX":          39,
		"XW":                  40, // 1 + 3 × (1 + 12)
		"ZZMM":                13,
		"DJ_JBXX_ZYJSZC":      len(titleItems),
		"DJ_DY_RYLBXX":        6,
		"DJ_DY_DJZTXX":        2,
		"DJ_DYJBXX_RYLX":      3,
		"DJ_DY_GZGWXX":        8,
		"PARTY_MEMBER_UPDATE": 5,
		"PARTY_MEMBER_UPLOAD": 2,
		"DY_ZT":               6,
		"DY_LY":               5,
		"DZZ_LX":              6,
		"DZZ_LB":              8,
		"DW_LX":               4,
		"GB_LB":               5,
		"GB_XZJB":             7,
		"GB_RZZT":             4,
		"GB_ZWSX":             2,
		"GB_BZLX":             4,
		"WEAK_ORG_CRITERIA":   7,
		"njOptions":           16,
		"rylbOptions":         6,
		"ndOptions":           16,
		"DICT_STATUS":         2,
		"YES_NO":              2,
	}
	for name, n := range want {
		d, ok := m[name]
		if !ok {
			t.Errorf("missing dictionary %s", name)
			continue
		}
		if len(d.Items) != n {
			t.Errorf("%s: %d items, want %d", name, len(d.Items), n)
		}
	}
	if len(m) != len(want) {
		t.Errorf("%d dictionaries, want %d", len(m), len(want))
	}
}

func TestSex(t *testing.T) {
	t.Parallel()
	d := byName(t)["DJ_COMM_XB"]
	wantLabels(t, d, "XB", map[string]string{"0": "未知的性别", "1": "男", "2": "女", "9": "未说明的性别"})
}

func TestEthnic(t *testing.T) {
	t.Parallel()
	d := byName(t)["DJ_COMM_MZXX"]
	for i := 0; i < 56; i++ {
		want := fmt.Sprintf("%02d", i+1)
		if d.Items[i].Value != want {
			t.Fatalf("item %d has value %s, want %s", i, d.Items[i].Value, want)
		}
		if !strings.HasSuffix(d.Items[i].Label, "族") {
			t.Errorf("%s %q does not end in 族", want, d.Items[i].Label)
		}
	}
	labels := map[string]bool{}
	for _, it := range d.Items {
		if labels[it.Label] {
			t.Errorf("duplicate ethnic label %s", it.Label)
		}
		labels[it.Label] = true
	}
	wantLabels(t, d, "MZ", map[string]string{
		"01": "汉族", "02": "蒙古族", "05": "维吾尔族", "10": "朝鲜族", "11": "满族",
		"29": "柯尔克孜族", "36": "毛南族", "46": "德昂族", "56": "基诺族",
		"97": "其他", "98": "外国血统中国籍人士",
	})
}

func TestEducation(t *testing.T) {
	t.Parallel()
	d := byName(t)["DJ_DY_XLXX"]
	wantLabels(t, d, "XL", map[string]string{
		"10": "研究生教育", "11": "博士研究生毕业", "14": "硕士研究生毕业", "17": "研究生班毕业",
		"20": "大学本科/专科教育", "21": "大学本科毕业", "28": "大学普通班毕业", "31": "大学专科毕业",
		"40": "中等职业教育", "47": "技工学校毕业", "60": "普通高级中学教育", "71": "初中毕业",
		"73": "初中肄业", "80": "小学教育", "83": "小学肄业", "90": "其他",
	})
	for _, it := range d.Items {
		if len(it.Value) != 2 {
			t.Errorf("XL value %q is not two digits", it.Value)
		}
	}
}

func TestDegree(t *testing.T) {
	t.Parallel()
	d := byName(t)["XW"]
	wantLabels(t, d, "XW", map[string]string{
		"1": "名誉博士", "2": "博士", "201": "哲学博士学位", "208": "工学博士学位", "212": "管理学博士学位",
		"3": "硕士", "307": "理学硕士学位", "4": "学士", "410": "医学学士学位",
	})
}

func TestPolitical(t *testing.T) {
	t.Parallel()
	d := byName(t)["ZZMM"]
	for i, it := range d.Items {
		if it.Value != fmt.Sprintf("%02d", i+1) {
			t.Errorf("ZZMM item %d value %s", i, it.Value)
		}
	}
	wantLabels(t, d, "ZZMM", map[string]string{
		"01": "中国共产党党员", "02": "中国共产党预备党员", "03": "中国共产主义青年团团员",
		"04": "中国国民党革命委员会会员", "10": "九三学社社员", "11": "台湾民主自治同盟盟员",
		"12": "无党派民主人士", "13": "群众",
	})
}

func TestTitles(t *testing.T) {
	t.Parallel()
	d := byName(t)["DJ_JBXX_ZYJSZC"]
	wantLabels(t, d, "ZC", map[string]string{
		"011": "教授", "012": "副教授", "013": "讲师（高校）", "014": "助教（高校）",
		"611": "研究员（自然科学）", "231": "主任医师", "082": "高级工程师",
	})
	for _, it := range d.Items {
		if len(it.Value) != 3 || strings.HasSuffix(it.Value, "0") {
			t.Errorf("ZC value %q is not a three-digit title code", it.Value)
		}
	}
}

func TestLocalEnumerations(t *testing.T) {
	t.Parallel()
	m := byName(t)
	checks := []struct{ dict, value, label string }{
		{"PARTY_MEMBER_UPDATE", "1", "系统导入"},
		{"PARTY_MEMBER_UPDATE", "5", "用户还原"},
		{"PARTY_MEMBER_UPLOAD", "1", "新增"},
		{"PARTY_MEMBER_UPLOAD", "2", "修改"},
		{"DJ_DY_DJZTXX", "1", "正式党员"},
		{"DJ_DY_DJZTXX", "2", "预备党员"},
		{"DJ_DYJBXX_RYLX", "3", "离退休"},
		{"DY_ZT", "6", "失联"},
		{"DY_LY", "1", "本校发展"},
		{"DJ_DY_GZGWXX", "013", "事业单位专业技术人员"},
		{"DJ_DY_GZGWXX", "3", "学生"},
		{"DICT_STATUS", "0", "启用"},
		{"DICT_STATUS", "1", "停用"},
		{"YES_NO", "1", "是"},
		{"YES_NO", "0", "否"},
		{"njOptions", "2015", "2015"},
		{"ndOptions", "2030", "2030"},
	}
	for _, c := range checks {
		if got := label(t, m[c.dict], c.value); got != c.label {
			t.Errorf("%s %s = %q, want %q", c.dict, c.value, got, c.label)
		}
	}
	if fmt.Sprint(m["rylbOptions"].Items) != fmt.Sprint(m["DJ_DY_RYLBXX"].Items) {
		t.Error("rylbOptions differs from DJ_DY_RYLBXX")
	}
}
