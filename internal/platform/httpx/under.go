package httpx

import (
	"context"
	"net/http"
)

// Adapters for endpoints of one record named by {id} in the path (its
// operations, its sub-records such as a unit's leadership teams). The id is
// read first (see PathID: anything but a positive integer is notFound), then
// the body; fn's error comes back untouched and nothing is written then.
//
//	rs.Post("/api/dwxx/{id}/ldbz", PermEdit, "新增领导班子", httpx.CreateUnder(errNotFound, s.CreateTeam))

// ActionOn decodes the body into a T, calls fn for record {id} and answers
// 200 with what it returned. The body may be left out (an operation whose
// input is optional, a revocation dated today): fn gets the zero T.
func ActionOn[T, R any](notFound func() *Error, fn func(ctx context.Context, id int64, in T) (R, error)) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := PathID(r, "id", notFound())
		if err != nil {
			return err
		}
		var in T
		if r.ContentLength != 0 {
			if err := Decode(r, &in); err != nil {
				return err
			}
		}
		out, err := fn(r.Context(), id, in)
		if err != nil {
			return err
		}
		return OK(w, out)
	}
}

// ChangeOn decodes the body into a T, which it requires (unlike ActionOn),
// calls fn for record {id} and answers 200 with what it returned: an
// operation on a record that always takes an input, a refund with its reason.
func ChangeOn[T, R any](notFound func() *Error, fn func(ctx context.Context, id int64, in T) (R, error)) HandlerFunc {
	return withIDBody(notFound, fn, OK)
}

// DoOn calls fn for record {id}, which takes no body and answers nothing,
// and answers 204: a record's deletion or cancellation by its path.
func DoOn(notFound func() *Error, fn func(ctx context.Context, id int64) error) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := PathID(r, "id", notFound())
		if err != nil {
			return err
		}
		if err := fn(r.Context(), id); err != nil {
			return err
		}
		return NoContent(w)
	}
}

// ListUnder reads a ListQuery (see ReadListQuery), calls fn for record {id}
// and answers 200 with the page it returned (a record's trail, its
// sub-records).
func ListUnder[R any](notFound func() *Error, fn func(ctx context.Context, id int64, lq ListQuery) (R, error)) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := PathID(r, "id", notFound())
		if err != nil {
			return err
		}
		lq, err := ReadListQuery(r)
		if err != nil {
			return err
		}
		out, err := fn(r.Context(), id, lq)
		if err != nil {
			return err
		}
		return OK(w, out)
	}
}

// CreateUnder decodes the body into a T, calls fn for record {id} and
// answers 201 with what it returned.
func CreateUnder[T, R any](notFound func() *Error, fn func(ctx context.Context, id int64, in T) (R, error)) HandlerFunc {
	return withIDBody(notFound, fn, Created)
}

// withIDBody reads {id} and the required body, calls fn and answers what it
// returned with answer (OK, Created).
func withIDBody[T, R any](notFound func() *Error, fn func(ctx context.Context, id int64, in T) (R, error),
	answer func(w http.ResponseWriter, v any) error) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, in, err := idAndBody[T](r, notFound)
		if err != nil {
			return err
		}
		out, err := fn(r.Context(), id, in)
		if err != nil {
			return err
		}
		return answer(w, out)
	}
}

// UpdateUnder decodes the body into a T, calls fn for record {id} and
// answers 204.
func UpdateUnder[T any](notFound func() *Error, fn func(ctx context.Context, id int64, in T) error) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, in, err := idAndBody[T](r, notFound)
		if err != nil {
			return err
		}
		if err := fn(r.Context(), id, in); err != nil {
			return err
		}
		return NoContent(w)
	}
}

// DeleteUnder reads a list of ids (see IDs), calls fn for record {id} and
// answers 204.
func DeleteUnder(notFound func() *Error, fn func(ctx context.Context, id int64, ids []int64) error) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := PathID(r, "id", notFound())
		if err != nil {
			return err
		}
		ids, err := IDs(r)
		if err != nil {
			return err
		}
		if err := fn(r.Context(), id, ids); err != nil {
			return err
		}
		return NoContent(w)
	}
}

func idAndBody[T any](r *http.Request, notFound func() *Error) (int64, T, error) {
	var in T
	id, err := PathID(r, "id", notFound())
	if err != nil {
		return 0, in, err
	}
	return id, in, Decode(r, &in)
}
