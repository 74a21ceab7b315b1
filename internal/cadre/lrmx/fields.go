package lrmx

// Column is a field of the form as a column of a spreadsheet of forms (the
// Excel template): the element name and the label the form prints.
type Column struct {
	Tag, Label string
}

// copyFields are the elements that describe a copy of the form (who filled
// it in, when, with which software) rather than the cadre: a spreadsheet
// has no columns for them.
var copyFields = map[string]bool{"JiSuanNianLingShiJian": true, "TianBiaoShiJian": true, "TianBiaoRen": true, "Version": true}

// Columns are the form's fields a spreadsheet row carries, in the order of
// the printed form; the family table and the photo are not among them.
func Columns() []Column {
	labels := map[string]string{}
	for _, f := range fields {
		labels[f.tag] = f.label
	}
	for _, f := range monthFields {
		labels[f.tag] = f.label
	}
	var out []Column
	for _, tag := range order {
		if label, ok := labels[tag]; ok && !copyFields[tag] {
			out = append(out, Column{Tag: tag, Label: label})
		}
	}
	return out
}

// FamilyFields are the elements of a family row in the order the form
// prints them: 称谓, 姓名, 出生日期, 政治面貌, 工作单位及职务.
var FamilyFields = []string{"ChengWei", "XingMing", "ChuShengRiQi", "ZhengZhiMianMao", "GongZuoDanWeiJiZhiWu"}

// FromFields is the form given as texts by element name (a spreadsheet
// row), with family rows likewise, checked as Decode checks a file: every
// bad field is in the Errors.
func FromFields(text map[string]string, family []map[string]string) (Person, error) {
	if len(family) > MaxFamily {
		return Person{}, Errors{{Field: "家庭成员", Message: "超过 30 人"}}
	}
	raw := rawPerson{text: map[string]string{}, family: family}
	for k, v := range text {
		if len([]rune(v)) > MaxText {
			v = string([]rune(v)[:MaxText+1]) // the length check names it
		}
		raw.text[k] = v
	}
	return raw.person()
}
