package imports

import "github.com/uptrace/bun"

// Chunk bounds the values of one IN list (and the rows of one multi-row
// INSERT): validation reads what the rows name in bulk, never row by row.
const Chunk = 500

// Chunked runs fn over values, at most Chunk at a time.
func Chunked[T any](values []T, fn func(part []T) error) error {
	for start := 0; start < len(values); start += Chunk {
		if err := fn(values[start:min(start+Chunk, len(values))]); err != nil {
			return err
		}
	}
	return nil
}

// ByKey reads the records of keys in bulk and maps them by key. read
// selects into dst the records of part (at most Chunk keys: an IN list);
// key names a record.
//
//	byNo, err := imports.ByKey(numbers, func(st *Student) string { return st.StudentNo },
//		func(part []string, dst *[]*Student) error {
//			return idb.NewSelect().Model(dst).Where("x.student_no IN (?)", bun.In(part)).Scan(ctx)
//		})
func ByKey[K comparable, T any](keys []K, key func(T) K, read func(part []K, dst *[]T) error) (map[K]T, error) {
	out := make(map[K]T, len(keys))
	err := Chunked(keys, func(part []K) error {
		var list []T
		if err := read(part, &list); err != nil {
			return err
		}
		for _, x := range list {
			out[key(x)] = x
		}
		return nil
	})
	return out, err
}

// CellValues are the distinct non-empty cells of the columns keys over
// rows, in file order: the codes a validation looks up.
func CellValues(rows []*Row, keys ...string) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range rows {
		for _, k := range keys {
			if v := r.Cells[k]; v != "" && !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	return out
}

// Refs reads in bulk the records rows name by code (column codeColumn)
// and those live records refer to by id (column "id"; ids without
// repeats): read selects into dst the records whose column is in part (a
// bun.In of at most Chunk values). A record may come twice, once by each.
//
//	classes, err := imports.Refs(imports.CellValues(rows, "class"), classIDs, "code",
//		func(column string, part any, dst *[]*Class) error {
//			return idb.NewSelect().Model(dst).Where("c.? IN (?)", bun.Ident(column), part).Scan(ctx)
//		})
func Refs[T any](codes []string, ids []int64, codeColumn string, read func(column string, part any, dst *[]T) error) ([]T, error) {
	var out []T
	readIn := func(column string) func(part any) error {
		return func(part any) error {
			var list []T
			err := read(column, part, &list)
			out = append(out, list...)
			return err
		}
	}
	byCode, byID := readIn(codeColumn), readIn("id")
	if err := Chunked(codes, func(part []string) error { return byCode(bun.In(part)) }); err != nil {
		return nil, err
	}
	if err := Chunked(ids, func(part []int64) error { return byID(bun.In(part)) }); err != nil {
		return nil, err
	}
	return out, nil
}

// IDsOf are the distinct ids the records point at through ref (nil: none),
// for Refs.
func IDsOf[K comparable, T any](records map[K]T, ref func(T) *int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, x := range records {
		if id := ref(x); id != nil && !seen[*id] {
			seen[*id] = true
			out = append(out, *id)
		}
	}
	return out
}
