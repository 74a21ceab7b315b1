package resource

import (
	"context"
	"reflect"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/record"
)

// Decl is the record's trail declaration: every field under its trail name
// and label, a Code shown by its dictionary's label.
func (fs Fields[M]) Decl(module int, noun string) *record.Decl {
	d := &record.Decl{Module: module, Noun: noun}
	for _, f := range fs {
		if f.Kind == Code {
			d.Fields = append(d.Fields, record.Dict(f.key(), f.Label, f.Dict))
		} else {
			d.Fields = append(d.Fields, record.Text(f.key(), f.Label))
		}
	}
	return d
}

// TrailView is the raw trail view of m (Resource.TrailView): the values as
// stored, a Ref by its row's name read through idb.
func (fs Fields[M]) TrailView(ctx context.Context, idb bun.IDB, m *M) (map[string]string, error) {
	out := make(map[string]string, len(fs))
	for _, f := range fs {
		v := of(m, f)
		if f.Kind != Ref {
			out[f.key()] = v.String()
			continue
		}
		id := v.Int()
		name, err := record.NameOf(ctx, idb, f.Table, "name", &id)
		if err != nil {
			return nil, err
		}
		out[f.key()] = name
	}
	return out, nil
}

// Shows fills the labels of a view V of the record (Resource.Show): each
// Code field with a Shown field gets its dictionary label there.
func Shows[V, M any](fs Fields[M]) func(v *V, label audit.Labeller) {
	return func(v *V, label audit.Labeller) {
		rv := reflect.ValueOf(v).Elem()
		for _, f := range fs {
			if f.Kind == Code && f.Shown != "" {
				jsonField(rv, f.Shown).SetString(label(f.Dict, jsonField(rv, f.Name).String()))
			}
		}
	}
}

// Columns are the export columns of the fields with a width, each showing
// what the list shows: the Shown field when there is one, else the value.
func Columns[V, M any](fs Fields[M]) []Column[V] {
	var out []Column[V]
	for _, f := range fs {
		if f.Export == 0 {
			continue
		}
		name := f.Name
		if f.Shown != "" {
			name = f.Shown
		}
		out = append(out, Column[V]{Header: f.Label, Width: f.Export, Cell: func(v *V) any {
			return cell(jsonField(reflect.ValueOf(v).Elem(), name))
		}})
	}
	return out
}

// cell is a view's value as an export cell: text as a plain string.
func cell(v reflect.Value) any {
	switch v.Kind() {
	case reflect.String:
		return v.String()
	case reflect.Int64, reflect.Int:
		return strconv.FormatInt(v.Int(), 10)
	}
	return v.Interface()
}
