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
// normalised) and, with NotFuture, not after today. The module's own rules
// (a reference in scope) follow.
func (fs Fields[M]) Check(m, was *M, dicts record.Dicts, today date.Date) error {
	var c httpx.Checks
	for _, f := range fs {
		had := ""
		if was != nil && f.Kind == Code {
			had = of(was, f).String()
		}
		c.Add(f.check(of(m, f), had, dicts, today))
	}
	return c.Err()
}

func (f Field) check(v reflect.Value, had string, dicts record.Dicts, today date.Date) error {
	switch f.Kind {
	case Ref:
		if f.Required {
			return record.Chosen(f.Name, f.Label, v.Int() > 0)
		}
		return nil
	case Day:
		if f.Required && v.String() == "" {
			return record.Chosen(f.Name, f.Label, false)
		}
		d, err := record.Date(f.Name, f.Label, v.String())
		if err != nil {
			return err
		}
		v.SetString(string(d))
		if f.NotFuture {
			return record.NotAfter(f.Name, f.Label, d, today)
		}
		return nil
	}
	s := strings.TrimSpace(v.String())
	v.SetString(s)
	switch {
	case f.Kind == Code && f.Required && s == "":
		return record.Chosen(f.Name, f.Label, false)
	case f.Kind == Code:
		return record.DictValue(f.Name, f.Label, f.Dict, s, had, dicts)
	case f.Required: // a required text declares its Max
		return record.Required(f.Name, f.Label, s, f.Max)
	case f.Max > 0:
		return record.MaxLen(f.Name, f.Label, s, f.Max)
	}
	return nil
}
