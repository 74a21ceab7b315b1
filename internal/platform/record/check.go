package record

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/idcard"
)

// The field checks every record type shares. Each returns nil or a 400
// naming its field (httpx.Invalid), so a form marks the field and an import
// the column; the messages name the field by its Chinese label.

// Required is a text that must be given and holds at most max characters.
func Required(field, label, v string, max int) error {
	if v == "" || utf8.RuneCountInString(v) > max {
		return httpx.Invalid(field, "请输入%s（不超过%d个字）", label, max)
	}
	return nil
}

// RequiredCode is a code (letters and digits) that must be given and holds
// at most max characters.
func RequiredCode(field, label, v string, max int) error {
	if v == "" || utf8.RuneCountInString(v) > max {
		return httpx.Invalid(field, "请输入%s（不超过%d个字符）", label, max)
	}
	return nil
}

// MaxLen is an optional text of at most max characters.
func MaxLen(field, label, v string, max int) error {
	if utf8.RuneCountInString(v) > max {
		return httpx.Invalid(field, "%s不超过%d个字", label, max)
	}
	return nil
}

// Chosen is a choice that must be made (a dictionary value, a reference).
func Chosen(field, label string, given bool) error {
	if !given {
		return httpx.Invalid(field, "请选择%s", label)
	}
	return nil
}

// Dicts answers for the values of dictionaries what a form may choose
// (Has: an enabled item), what is disabled (kept by the records holding it,
// chosen by no new input) and how a value is labelled (system.DictLabels).
type Dicts interface {
	Has(dict, v string) bool
	Disabled(dict, v string) bool
	Label(dict, v string) string
}

// DictValue is the value v of field, a code of dictionary dict: empty, an
// enabled item, or the value the record already had (was, "" for a new
// record), kept even when disabled since; a disabled item is refused for
// new input, anything else is no item.
func DictValue(field, label, dict, v, was string, d Dicts) error {
	switch {
	case v == "" || v == was || d.Has(dict, v):
		return nil
	case d.Disabled(dict, v):
		return httpx.Invalid(field, "%s“%s”已停用，请重新选择", label, d.Label(dict, v))
	}
	return httpx.Invalid(field, "%s取值无效", label)
}

// phonePattern accepts mobile and landline numbers ("010-12345678", "+86 …").
var phonePattern = regexp.MustCompile(`^[0-9+\-() ]{3,32}$`)

// ContactPhone is an optional telephone number (mobile or landline).
func ContactPhone(field, label, v string) error {
	if v != "" && !phonePattern.MatchString(v) {
		return httpx.Invalid(field, "%s格式错误", label)
	}
	return nil
}

// Date parses an optional date sent as "YYYY-MM-DD".
func Date(field, label, raw string) (date.Date, error) {
	d, ok := date.Parse(raw)
	if !ok {
		return "", httpx.Invalid(field, "%s格式错误，应为 YYYY-MM-DD", label)
	}
	return d, nil
}

// FirstYear and LastYear bound the year a record is kept for (a plan, a
// range of numbers, a fee base): the system keeps nothing from before 2000.
const FirstYear, LastYear = 2000, 2100

// Year is a year between FirstYear and LastYear.
func Year(field, label string, y int) error {
	if y < FirstYear || y > LastYear {
		return httpx.Invalid(field, "%s应为 %d 到 %d 之间的年份", label, FirstYear, LastYear)
	}
	return nil
}

// ParseYear reads a year sent as text (a query, a workbook cell) and
// checks it as Year.
func ParseYear(field, label, text string) (int, error) {
	y, _ := strconv.Atoi(strings.TrimSpace(text)) // not a number: 0, refused
	return y, Year(field, label, y)
}

// NotAfter refuses a date later than today (a founding, a revocation).
func NotAfter(field, label string, d, today date.Date) error {
	if d != "" && d > today {
		return httpx.Invalid(field, "%s不能晚于今天", label)
	}
	return nil
}

// BornAs settles a person's birth date and gender with those the ID number
// holds (id, nil without one): the ones given must agree with it, and
// those left out follow from it.
func BornAs(id *idcard.IDNumber, birth date.Date, gender string) (date.Date, string, error) {
	if id == nil {
		return birth, gender, nil
	}
	fromID := date.Of(id.BirthDate)
	if birth != "" && birth != fromID {
		return "", "", httpx.Invalid("birthDate", "出生日期与身份证号码不一致（身份证号码中为 %s）", fromID)
	}
	if gender != "" && gender != id.Gender {
		return "", "", httpx.Invalid("gender", "性别与身份证号码不一致")
	}
	return fromID, id.Gender, nil
}
