package people

import "zhdj/internal/platform/resource"

// personExport is the export's columns of a student or teacher: the
// number, the shared fields, own (the resource's), then status and remark.
func personExport[V any](number resource.Column[V], person func(v *V) *PersonView, status string, own ...resource.Column[V]) []resource.Column[V] {
	p := func(header string, width float64, cell func(p *PersonView) any) resource.Column[V] {
		return resource.Column[V]{Header: header, Width: width, Cell: func(v *V) any { return cell(person(v)) }}
	}
	cols := []resource.Column[V]{number,
		p("姓名", 10, func(p *PersonView) any { return p.Name }),
		p("性别", 6, func(p *PersonView) any { return p.GenderLabel }),
		p("民族", 8, func(p *PersonView) any { return p.EthnicityLabel }),
		p("身份证号码", 22, func(p *PersonView) any { return p.IDNumber }),
		p("手机号码", 14, func(p *PersonView) any { return p.Phone }),
		p("出生日期", 12, func(p *PersonView) any { return string(p.BirthDate) }),
		p("所在单位", 20, func(p *PersonView) any { return p.UnitName }),
	}
	cols = append(cols, own...)
	return append(cols,
		p(status, 10, func(p *PersonView) any { return p.StatusLabel }),
		p("备注", 24, func(p *PersonView) any { return p.Remark }))
}
