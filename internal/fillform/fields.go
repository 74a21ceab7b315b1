package fillform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// Field kinds.
const (
	KindText     = "text"     // 单行文本, at most MaxLength characters
	KindTextarea = "textarea" // 多行文本
	KindNumber   = "number"   // 数字, between Min and Max with at most Decimals digits after the point
	KindDate     = "date"     // 日期 (YYYY-MM-DD)
	KindSingle   = "single"   // 单选 among Options
	KindMultiple = "multiple" // 多选 among Options
	KindFile     = "file"     // 附件, through the attachment kit (the upload settings' types and size)
)

// Kinds in the designer's order, and their names.
var (
	Kinds     = []string{KindText, KindTextarea, KindNumber, KindDate, KindSingle, KindMultiple, KindFile}
	KindNames = map[string]string{KindText: "单行文本", KindTextarea: "多行文本", KindNumber: "数字", KindDate: "日期",
		KindSingle: "单选", KindMultiple: "多选", KindFile: "附件"}
)

// Bounds of a form's fields.
const (
	MaxFields       = 50
	MaxLabel        = 50
	MaxHelp         = 200
	MaxOptions      = 50
	MaxOption       = 50
	MaxText         = 500  // a single-line text's largest MaxLength
	MaxTextarea     = 5000 // a multi-line text's
	DefaultText     = 100
	DefaultTextarea = 2000
	MaxDecimals     = 6
	// MaxMagnitude bounds a number field's bounds and answers.
	MaxMagnitude = 1e12
	// MaxFilesPerField bounds the attachments of one attachment field.
	MaxFilesPerField = 10
)

// Field is one question of a form. Key names its answer ("f1", "f2", …:
// given by the server, kept while the form is a draft; an attachment
// field's files are the entry's attachments of that kind).
type Field struct {
	Key       string   `json:"key"`
	Label     string   `json:"label"`
	Kind      string   `json:"kind"`
	Required  bool     `json:"required"`
	Help      string   `json:"help"`
	MaxLength int      `json:"maxLength"` // text and textarea
	Min       *float64 `json:"min"`       // number
	Max       *float64 `json:"max"`       // number
	Decimals  int      `json:"decimals"`  // number: digits after the point, 0 for an integer
	Options   []string `json:"options"`   // single and multiple
}

// keyOf is field key's number (0 for a key the server did not give).
func keyOf(key string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(key, "f"))
	if !strings.HasPrefix(key, "f") || err != nil || n < 1 || n > MaxFields {
		return 0
	}
	return n
}

// fileKinds are the attachment kinds of the entries: one per possible key.
func fileKinds() []string {
	out := make([]string, MaxFields)
	for i := range out {
		out[i] = fmt.Sprintf("f%d", i+1)
	}
	return out
}

// checkFields checks a form's fields as the designer sent them and answers
// them as stored: texts trimmed, what a kind does not use cleared, the
// defaults set, and every field keyed (a known key kept, a new field given
// the smallest free one). An error names "fields" and the field's place.
func checkFields(in []Field) (FieldList, error) {
	if len(in) > MaxFields {
		return nil, httpx.Invalid("fields", "表单字段不超过%d项", MaxFields)
	}
	out := make(FieldList, len(in))
	taken := map[int]bool{}
	labels := map[string]int{}
	for i, f := range in {
		no := i + 1
		bad := func(format string, args ...any) error {
			return httpx.Invalid("fields", "第%d项：%s", no, fmt.Sprintf(format, args...))
		}
		f.Label = strings.TrimSpace(f.Label)
		f.Help = strings.TrimSpace(f.Help)
		switch {
		case f.Label == "":
			return nil, bad("请输入字段名称")
		case utf8.RuneCountInString(f.Label) > MaxLabel:
			return nil, bad("字段名称不超过%d个字", MaxLabel)
		case labels[f.Label] > 0:
			return nil, bad("字段名称“%s”与第%d项重复", f.Label, labels[f.Label])
		case !slices.Contains(Kinds, f.Kind):
			return nil, bad("请选择“%s”的类型", f.Label)
		case utf8.RuneCountInString(f.Help) > MaxHelp:
			return nil, bad("填写说明不超过%d个字", MaxHelp)
		}
		labels[f.Label] = no
		clean := Field{Key: f.Key, Label: f.Label, Kind: f.Kind, Required: f.Required, Help: f.Help}
		switch f.Kind {
		case KindText, KindTextarea:
			limit, def := MaxText, DefaultText
			if f.Kind == KindTextarea {
				limit, def = MaxTextarea, DefaultTextarea
			}
			clean.MaxLength = f.MaxLength
			if clean.MaxLength == 0 {
				clean.MaxLength = def
			}
			if clean.MaxLength < 1 || clean.MaxLength > limit {
				return nil, bad("“%s”的最大字数应为1到%d", f.Label, limit)
			}
		case KindNumber:
			if f.Decimals < 0 || f.Decimals > MaxDecimals {
				return nil, bad("“%s”的小数位数应为0到%d", f.Label, MaxDecimals)
			}
			clean.Decimals = f.Decimals
			for _, b := range []*float64{f.Min, f.Max} {
				if b != nil && (math.IsNaN(*b) || math.Abs(*b) > MaxMagnitude) {
					return nil, bad("“%s”的取值范围应在±%s以内", f.Label, bound(MaxMagnitude))
				}
			}
			if f.Min != nil && f.Max != nil && *f.Min > *f.Max {
				return nil, bad("“%s”的最小值不能大于最大值", f.Label)
			}
			clean.Min, clean.Max = f.Min, f.Max
		case KindSingle, KindMultiple:
			opts, err := checkOptions(f)
			if err != nil {
				return nil, bad("%s", err.Error())
			}
			clean.Options = opts
		}
		if n := keyOf(f.Key); n > 0 && !taken[n] {
			taken[n] = true
		} else {
			clean.Key = ""
		}
		out[i] = clean
	}
	next := 1
	for i := range out {
		if out[i].Key != "" {
			continue
		}
		for taken[next] {
			next++
		}
		taken[next] = true
		out[i].Key = fmt.Sprintf("f%d", next)
	}
	return out, nil
}

// checkOptions answers a choice field's options trimmed: two at least,
// distinct, each a short text.
func checkOptions(f Field) ([]string, error) {
	var opts []string
	for _, o := range f.Options {
		o = strings.TrimSpace(o)
		switch {
		case o == "":
			continue
		case utf8.RuneCountInString(o) > MaxOption:
			return nil, fmt.Errorf("“%s”的选项不超过%d个字", f.Label, MaxOption)
		case slices.Contains(opts, o):
			return nil, fmt.Errorf("“%s”的选项“%s”重复", f.Label, o)
		}
		opts = append(opts, o)
	}
	switch {
	case len(opts) < 2:
		return nil, fmt.Errorf("“%s”请至少设置2个选项", f.Label)
	case len(opts) > MaxOptions:
		return nil, fmt.Errorf("“%s”的选项不超过%d个", f.Label, MaxOptions)
	}
	return opts, nil
}

// bound is a number field's bound as people write it (no exponent).
func bound(v float64) string { return decimal.NewFromFloat(v).String() }

// checkAnswers checks the values sent for fields and answers them as
// stored; a key no field has is dropped. Every field's problem is named at
// once (its key, with a message naming its label). A draft (submit false)
// may leave any field empty; a submission must fill every required one,
// an attachment field through files (its attachments, by key).
func checkAnswers(fields FieldList, in map[string]json.RawMessage, submit bool, files map[string]int) (Answers, error) {
	out := Answers{}
	var checks httpx.Checks
	for _, f := range fields {
		raw := bytes.TrimSpace(in[f.Key])
		empty := len(raw) == 0 || string(raw) == "null"
		if f.Kind == KindFile {
			if submit && f.Required && files[f.Key] == 0 {
				checks.Add(httpx.Invalid(f.Key, "请上传“%s”", f.Label))
			}
			continue
		}
		var v any
		var err error
		if !empty {
			v, err = answerOf(f, raw)
		}
		switch {
		case err != nil:
			checks.Add(err)
		case v == nil && submit && f.Required:
			verb := "请填写"
			if f.Kind == KindSingle || f.Kind == KindMultiple || f.Kind == KindDate {
				verb = "请选择"
			}
			checks.Add(httpx.Invalid(f.Key, "%s“%s”", verb, f.Label))
		case v != nil:
			out[f.Key] = v
		}
	}
	return out, checks.Err()
}

// answerOf reads one field's value (raw is not empty): nil for a value
// that stands for nothing (a blank text, an empty choice).
func answerOf(f Field, raw []byte) (any, error) {
	wrong := func(format string, args ...any) error {
		return httpx.Invalid(f.Key, "“%s”%s", f.Label, fmt.Sprintf(format, args...))
	}
	var text string
	textual := json.Unmarshal(raw, &text) == nil
	switch f.Kind {
	case KindText, KindTextarea:
		if !textual {
			return nil, wrong("应为文字")
		}
		text = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n"))
		if f.Kind == KindText {
			text = strings.Join(strings.Fields(text), " ")
		}
		if n := utf8.RuneCountInString(text); n > f.MaxLength {
			return nil, wrong("不超过%d个字（现%d字）", f.MaxLength, n)
		}
		if text == "" {
			return nil, nil
		}
		return text, nil
	case KindNumber:
		if !textual {
			text = string(raw) // a JSON number
		}
		text = strings.TrimSpace(text)
		if text == "" {
			return nil, nil
		}
		d, err := decimal.NewFromString(text)
		if err != nil || strings.ContainsAny(text, "eE") || d.Abs().GreaterThan(decimal.NewFromFloat(MaxMagnitude)) {
			return nil, wrong("应为数字")
		}
		if places := -d.Exponent(); places > int32(f.Decimals) && !d.Equal(d.Truncate(int32(f.Decimals))) {
			if f.Decimals == 0 {
				return nil, wrong("应为整数")
			}
			return nil, wrong("最多保留%d位小数", f.Decimals)
		}
		if f.Min != nil && d.LessThan(decimal.NewFromFloat(*f.Min)) {
			return nil, wrong("不能小于%s", bound(*f.Min))
		}
		if f.Max != nil && d.GreaterThan(decimal.NewFromFloat(*f.Max)) {
			return nil, wrong("不能大于%s", bound(*f.Max))
		}
		return d.Truncate(int32(f.Decimals)).String(), nil
	case KindDate:
		if !textual {
			return nil, wrong("应为日期（YYYY-MM-DD）")
		}
		if strings.TrimSpace(text) == "" {
			return nil, nil
		}
		d, ok := date.Parse(strings.TrimSpace(text))
		if !ok {
			return nil, wrong("应为日期（YYYY-MM-DD）")
		}
		return string(d), nil
	case KindSingle:
		if !textual {
			return nil, wrong("的选项无效")
		}
		if text == "" {
			return nil, nil
		}
		if !slices.Contains(f.Options, text) {
			return nil, wrong("的选项“%s”无效", clip(text))
		}
		return text, nil
	case KindMultiple:
		var picked []string
		if err := json.Unmarshal(raw, &picked); err != nil {
			return nil, wrong("的选项无效")
		}
		var out []string
		for _, o := range f.Options { // the options' order, each once
			if slices.Contains(picked, o) {
				out = append(out, o)
			}
		}
		for _, p := range picked {
			if !slices.Contains(f.Options, p) {
				return nil, wrong("的选项“%s”无效", clip(p))
			}
		}
		if len(out) == 0 {
			return nil, nil
		}
		return out, nil
	}
	return nil, nil
}

// clip shortens a text quoted back in a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 20 {
		return string(r[:20]) + "…"
	}
	return s
}
