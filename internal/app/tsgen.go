package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"zhdj/internal/platform/date"
)

// A small writer of TypeScript declarations for the generated files of the
// web (zhdj gen): literals of Go values and interfaces of Go structs read
// through their json tags, so the web's types are the server's JSON.

// tsObj is an object literal whose keys keep the order given.
type tsObj []tsKV

type tsKV struct {
	Key   string
	Value any
}

// tsQuote writes s between single quotes.
func tsQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`, "\r", `\r`)
	return "'" + r.Replace(s) + "'"
}

// tsKey is an object key: bare when it is an identifier, quoted otherwise.
func tsKey(k string) string {
	if identifier.MatchString(k) {
		return k
	}
	return tsQuote(k)
}

// tsLiteral renders v: strings, numbers, booleans, slices (one element a
// line when they are objects), tsObj, string-keyed maps (sorted) and structs
// (their json fields).
func tsLiteral(v any) string {
	if o, ok := v.(tsObj); ok {
		parts := make([]string, len(o))
		for i, kv := range o {
			parts[i] = tsKey(kv.Key) + ": " + tsLiteral(kv.Value)
		}
		if one := "{ " + strings.Join(parts, ", ") + " }"; len(one) <= 120 {
			return one
		}
		return "{\n  " + strings.Join(parts, ",\n  ") + ",\n}"
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.String:
		return tsQuote(rv.String())
	case reflect.Bool:
		return strconv.FormatBool(rv.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(rv.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(rv.Uint(), 10)
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.IsNil() {
			return "[]"
		}
		items := make([]string, rv.Len())
		long := false
		for i := range items {
			items[i] = tsLiteral(rv.Index(i).Interface())
			long = long || strings.HasPrefix(items[i], "{")
		}
		if long {
			return "[\n  " + strings.Join(items, ",\n  ") + ",\n]"
		}
		return "[" + strings.Join(items, ", ") + "]"
	case reflect.Map:
		keys := make([]string, 0, rv.Len())
		for _, k := range rv.MapKeys() {
			keys = append(keys, k.String())
		}
		sort.Strings(keys)
		o := make(tsObj, len(keys))
		for i, k := range keys {
			o[i] = tsKV{k, rv.MapIndex(reflect.ValueOf(k).Convert(rv.Type().Key())).Interface()}
		}
		return tsLiteral(o)
	case reflect.Struct:
		var o tsObj
		for _, f := range jsonFields(rv.Type()) {
			o = append(o, tsKV{f.name, rv.FieldByIndex(f.index).Interface()})
		}
		return tsLiteral(o)
	}
	panic(fmt.Sprintf("tsLiteral: %T has no TypeScript literal", v))
}

// jsonField is a field as encoding/json writes it.
type jsonField struct {
	name     string
	index    []int
	optional bool
	typ      reflect.Type
}

// jsonFields are t's fields as encoding/json names them: untagged embedded
// structs flattened, "-" left out, omitempty optional.
func jsonFields(t reflect.Type) []jsonField {
	var out []jsonField
	for i := 0; i < t.NumField(); i++ {
		out = append(out, fieldJSON(t.Field(i))...)
	}
	return out
}

// fieldJSON is what encoding/json writes of struct field f: itself, the
// fields of an untagged embedded struct, or nothing.
func fieldJSON(f reflect.StructField) []jsonField {
	tag := f.Tag.Get("json")
	name, opts, _ := strings.Cut(tag, ",")
	if name == "-" && opts == "" {
		return nil
	}
	if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
		var out []jsonField
		for _, inner := range jsonFields(f.Type) {
			inner.index = append(slices.Clone(f.Index), inner.index...)
			out = append(out, inner)
		}
		return out
	}
	if !f.IsExported() {
		return nil
	}
	if name == "" {
		name = f.Name
	}
	return []jsonField{{name: name, index: slices.Clone(f.Index), optional: strings.Contains(opts, "omitempty"), typ: f.Type}}
}

// marshalled are the types with a MarshalJSON of their own the DTOs
// carry, as the JSON they write: a time is RFC 3339 text, a date
// (date.Date) "YYYY-MM-DD" or null when empty, raw JSON anything. Any other json.Marshaler is
// an error (its JSON is not its Go shape): add it here.
var marshalled = map[reflect.Type]string{
	reflect.TypeOf(time.Time{}):       "string",
	reflect.TypeOf(date.Date("")):     "string | null",
	reflect.TypeOf(json.RawMessage{}): "unknown",
	reflect.TypeOf(decimal.Decimal{}): "string", // exact decimals (weights, scores) travel as text: "0.3"
}

var marshalerType = reflect.TypeOf((*json.Marshaler)(nil)).Elem()

// tsType is the TypeScript type of values of t as JSON; named maps struct
// types to the names they have in the file (a struct not named there is an
// error: declare it first).
func tsType(t reflect.Type, named map[reflect.Type]string) (string, error) {
	if n, ok := named[t]; ok {
		return n, nil
	}
	if ts, ok := marshalled[t]; ok {
		return ts, nil
	}
	if t.Kind() != reflect.Pointer && (t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType)) {
		return "", fmt.Errorf("%s writes its own JSON: give it a TypeScript type in marshalled", t)
	}
	switch t.Kind() {
	case reflect.String:
		return "string", nil
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.Pointer:
		inner, err := tsType(t.Elem(), named)
		if strings.HasSuffix(inner, " | null") {
			return inner, err
		}
		return inner + " | null", err
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 { // json.RawMessage, []byte
			return "unknown", nil
		}
		inner, err := tsType(t.Elem(), named)
		if strings.Contains(inner, " ") {
			inner = "(" + inner + ")"
		}
		return inner + "[]", err
	case reflect.Map:
		inner, err := tsType(t.Elem(), named)
		return "Record<string, " + inner + ">", err
	case reflect.Interface:
		return "unknown", nil
	}
	return "", fmt.Errorf("%s has no TypeScript type here: name it first", t)
}

// tsFile collects a generated file's text.
type tsFile struct {
	b     bytes.Buffer
	named map[reflect.Type]string
	err   error
}

func newTSFile(header string) *tsFile {
	f := &tsFile{named: map[reflect.Type]string{}}
	f.b.WriteString(header)
	return f
}

// line writes one line (or block) followed by a blank line.
func (f *tsFile) decl(format string, args ...any) {
	fmt.Fprintf(&f.b, "\n"+format+"\n", args...)
}

// union declares type name as the union of values' string literals.
func (f *tsFile) union(doc, name string, values []string) {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = tsQuote(v)
	}
	f.decl("/** %s */\nexport type %s = %s", doc, name, strings.Join(parts, " | "))
}

// constant declares name of type typ (may be "") with v's literal.
func (f *tsFile) constant(doc, name, typ string, v any) {
	if typ != "" {
		typ = ": " + typ
	}
	f.decl("/** %s */\nexport const %s%s = %s", doc, name, typ, tsLiteral(v))
}

// iface declares interface name from struct v's json fields (a response:
// a field is optional only when omitempty); overrides give some fields a
// narrower type (a union of the file). An untagged embedded struct the file
// declared already is extended, not repeated.
func (f *tsFile) iface(doc, name string, v any, overrides map[string]string) {
	f.declare(doc, name, reflect.TypeOf(v), overrides, func(fl jsonField) bool { return fl.optional })
}

// input declares interface name from the request body struct v: the
// decoder leaves a field the client leaves out at its zero value, so every
// field is optional but those the body needs (required).
func (f *tsFile) input(doc, name string, v any, required []string, overrides map[string]string) {
	f.declare(doc, name, reflect.TypeOf(v), overrides, func(fl jsonField) bool { return !slices.Contains(required, fl.name) })
}

func (f *tsFile) declare(doc, name string, t reflect.Type, overrides map[string]string, optional func(jsonField) bool) {
	var extends []string
	var fields []jsonField
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if n, ok := f.named[sf.Type]; ok && sf.Anonymous && sf.Tag.Get("json") == "" {
			extends = append(extends, n)
			continue
		}
		fields = append(fields, fieldJSON(sf)...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "/** %s */\nexport interface %s ", doc, name)
	if len(extends) > 0 {
		fmt.Fprintf(&b, "extends %s ", strings.Join(extends, ", "))
	}
	b.WriteString("{\n")
	seen := map[string]bool{}
	for _, fl := range fields {
		if seen[fl.name] && f.err == nil {
			f.err = fmt.Errorf("%s.%s: two fields of that name (embedded and shadowed): not supported", name, fl.name)
		}
		seen[fl.name] = true
		typ, ok := overrides[fl.name]
		if !ok {
			var err error
			if typ, err = tsType(fl.typ, f.named); err != nil && f.err == nil {
				f.err = fmt.Errorf("%s.%s: %w", name, fl.name, err)
			}
		}
		delete(overrides, fl.name)
		opt := ""
		if optional(fl) {
			opt = "?"
		}
		fmt.Fprintf(&b, "  %s%s: %s\n", tsKey(fl.name), opt, typ)
	}
	if len(overrides) > 0 && f.err == nil {
		f.err = fmt.Errorf("%s: overrides of no field: %v", name, overrides)
	}
	b.WriteString("}")
	f.named[t] = name
	f.decl("%s", b.String())
}

func (f *tsFile) bytes() ([]byte, error) { return f.b.Bytes(), f.err }
