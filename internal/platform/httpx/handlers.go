package httpx

import (
	"context"
	"net/http"
)

// Adapters from service methods to handlers, for the shapes most endpoints
// share. Each one passes the request's context, returns fn's error untouched
// (so an *Error keeps its status and message) and writes nothing when fn
// fails. Register them directly:
//
//	rs.Put("/api/dict", "dict:edit", httpx.Update(s.UpdateDict))

// Update decodes the JSON body into a T, calls fn and answers 204. A body that
// does not decode is a 400 and fn is not called.
func Update[T any](fn func(ctx context.Context, in T) error) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var in T
		if err := Decode(r, &in); err != nil {
			return err
		}
		if err := fn(r.Context(), in); err != nil {
			return err
		}
		return NoContent(w)
	}
}

// Create decodes the JSON body into a T, calls fn and answers 201 with what
// fn returned. A body that does not decode is a 400 and fn is not called.
func Create[T, R any](fn func(ctx context.Context, in T) (R, error)) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var in T
		if err := Decode(r, &in); err != nil {
			return err
		}
		out, err := fn(r.Context(), in)
		if err != nil {
			return err
		}
		return Created(w, out)
	}
}

// Read calls fn and answers 200 with what it returned.
func Read[R any](fn func(ctx context.Context) (R, error)) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		out, err := fn(r.Context())
		if err != nil {
			return err
		}
		return OK(w, out)
	}
}

// ReadRequest is Read for functions that need the whole request, such as
// paged lists reading page, size, sort and filters from the query string.
func ReadRequest[R any](fn func(r *http.Request) (R, error)) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		out, err := fn(r)
		if err != nil {
			return err
		}
		return OK(w, out)
	}
}

// IDsAction reads a list of ids (see IDs), calls fn and answers 204. A body
// that is not a non-empty list of ids is a 400 and fn is not called.
func IDsAction(fn func(ctx context.Context, ids []int64) error) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		ids, err := IDs(r)
		if err != nil {
			return err
		}
		if err := fn(r.Context(), ids); err != nil {
			return err
		}
		return NoContent(w)
	}
}
