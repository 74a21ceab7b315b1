package crypto

import (
	"bytes"
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
)

// What a log may keep of a request (its JSON body, its query): secrets
// never, personal values masked. A field is recognised by its name (nested
// objects and arrays included), and an ID-card or mobile number is masked
// wherever it stands in a text (an import row's cells, a free-text note).

// secretNames are parts of field names whose values are secrets.
var secretNames = []string{"pass", "pwd", "token", "secret", "credential", "captcha", "privatekey", "apikey"}

// idNames and phoneNames are parts of the names of personal fields.
var (
	idNames    = []string{"idnumber", "idcard", "idno", "sfzh", "zjhm", "certno"}
	phoneNames = []string{"phone", "mobile", "sjhm", "lxdh", "tel"}
)

var (
	idNumberLike = regexp.MustCompile(`^\d{15}$|^\d{17}[\dXx]$`)
	mobileLike   = regexp.MustCompile(`^(?:\+?86)?1[3-9]\d{9}$`)
)

// Secret is what a log shows instead of a secret value.
const Secret = "******"

func nameHas(name string, parts []string) bool {
	n := strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(name))
	for _, p := range parts {
		if strings.Contains(n, p) {
			return true
		}
	}
	return false
}

// redactValue is the value of field name as a log may keep it.
func redactValue(name string, v any) any {
	switch {
	case nameHas(name, secretNames):
		return Secret
	case nameHas(name, idNames):
		return maskAny(v, MaskIDNumber)
	case nameHas(name, phoneNames):
		return maskAny(v, MaskPhone)
	}
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = redactValue(k, x)
		}
		return t
	case []any:
		for i, x := range t {
			t[i] = redactValue(name, x)
		}
		return t
	case string:
		return redactString(t)
	}
	return v
}

// maskAny masks a personal value of any JSON type (a list of phones too).
func maskAny(v any, mask func(string) string) any {
	switch t := v.(type) {
	case string:
		return mask(t)
	case nil:
		return nil
	case []any:
		for i, x := range t {
			t[i] = maskAny(x, mask)
		}
		return t
	}
	return Secret
}

// digitRun is a run of digits (an ID number may end in X) inside a text.
var digitRun = regexp.MustCompile(`\+?\d+[Xx]?`)

// redactString masks the ID-card and mobile numbers in a text: each whole
// run of digits that is one.
func redactString(s string) string {
	return digitRun.ReplaceAllStringFunc(s, func(run string) string {
		switch {
		case idNumberLike.MatchString(run):
			return MaskIDNumber(run)
		case mobileLike.MatchString(run):
			return MaskPhone(run)
		}
		return run
	})
}

// RedactJSON is a JSON document with its secrets replaced and its personal
// values masked, re-encoded; ok is false when raw is not JSON (the caller
// keeps none of it then).
func RedactJSON(raw []byte) (out []byte, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // ids stay as sent
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	out, err := json.Marshal(redactValue("", v))
	return out, err == nil
}

// RedactQuery is a URL query with the same treatment, re-encoded.
func RedactQuery(q url.Values) string {
	out := make(url.Values, len(q))
	for k, vs := range q {
		for _, v := range vs {
			r, _ := redactValue(k, v).(string)
			out[k] = append(out[k], r)
		}
	}
	return out.Encode()
}
