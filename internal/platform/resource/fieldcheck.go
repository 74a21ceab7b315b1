package resource

import (
	"reflect"
	"strings"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// Check runs the generic checks of the fields on m, in their order, and
// returns every failing one's httpx.Invalid as one answer (httpx.AllInvalid;
// nil when all pass), so a form marks all bad fields at once: texts are
// trimmed and bounded, required values given, codes enabled items of their
// dictionary or the code the record had (was, nil on create: a disabled
// code is kept, never newly chosen), dates parsed ("YYYY-MM-DD", stored
// normalised) and, with NotFuture, not after today; Fixed, Int and List
// fields are not checked. The module's own rules (a reference in scope) follow.
func (fs Fields[M]) Check(m, was *M, dicts record.Dicts, today date.Date) error {
	var c httpx.Checks
	for _, f := range fs {
		if f.Fixed || f.Kind == Int || f.Kind == List {
			continue
		}
		had := ""
		if was != nil && f.Kind == Code {
			had = of(was, f).String()
		}
		c.Add(f.check(of(m, f), had, dicts, today))
	}
	return c.Err()
}

func (f Field) check(v reflect.Value, had string, dicts record.Dicts, today date.Date) error {
	label := f.asks()
	switch f.Kind {
	case Ref:
		if f.Required {
			id := refID(v)
			return record.Chosen(f.Name, label, id != nil && *id > 0)
		}
		return nil
	case Day:
		if f.Required && v.String() == "" {
			return record.Chosen(f.Name, label, false)
		}
		if f.Valid != nil {
			if err := f.Valid(f.Name, label, v.String()); err != nil {
				return err
			}
		}
		d, err := record.Date(f.Name, label, v.String())
		if err != nil {
			return err
		}
		v.SetString(string(d))
		if f.NotFuture {
			return record.NotAfter(f.Name, label, d, today)
		}
		return nil
	}
	s := strings.TrimSpace(v.String())
	v.SetString(s)
	var err error
	switch {
	case f.Kind == Code && f.Required && s == "":
		return record.Chosen(f.Name, label, false)
	case f.Kind == Code:
		return record.DictValue(f.Name, label, f.Dict, s, had, dicts)
	case f.Required && f.Max == 0: // its Valid bounds it
		if s == "" {
			err = httpx.Invalid(f.Name, "请输入%s", label)
		}
	case f.Required && f.Chars:
		err = record.RequiredCode(f.Name, label, s, f.Max)
	case f.Required: // a required text declares its Max
		err = record.Required(f.Name, label, s, f.Max)
	case f.Max > 0:
		err = record.MaxLen(f.Name, label, s, f.Max)
	}
	if err == nil && f.Valid != nil {
		err = f.Valid(f.Name, label, s)
	}
	return err
}
