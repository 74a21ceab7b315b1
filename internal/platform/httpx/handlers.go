package httpx

import (
	"context"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
)

// Adapters from service methods to handlers, for the shapes most endpoints
// share. Each one passes the request's context, returns fn's error untouched
// (so an *Error keeps its status and message) and writes nothing when fn
// fails. Register them directly:
//
//	rs.Put("/api/dict", "dict:edit", "修改", httpx.Update(s.UpdateDict))

// Update decodes the JSON body into a T, calls fn and answers 204. A body that
// does not decode is a 400 and fn is not called.
func Update[T any](fn func(ctx context.Context, in T) error) HandlerFunc {
	return withBody(func(ctx context.Context, in T) (struct{}, error) { return struct{}{}, fn(ctx, in) },
		func(w http.ResponseWriter, _ struct{}) error { return NoContent(w) })
}

// Create decodes the JSON body into a T, calls fn and answers 201 with what
// fn returned. A body that does not decode is a 400 and fn is not called.
func Create[T, R any](fn func(ctx context.Context, in T) (R, error)) HandlerFunc {
	return withBody(fn, func(w http.ResponseWriter, out R) error { return Created(w, out) })
}

// Action decodes the JSON body into a T, calls fn and answers 200 with what
// fn returned (an operation whose answer is the record it changed).
func Action[T, R any](fn func(ctx context.Context, in T) (R, error)) HandlerFunc {
	return withBody(fn, func(w http.ResponseWriter, out R) error { return OK(w, out) })
}

// Read calls fn and answers 200 with what it returned.
func Read[R any](fn func(ctx context.Context) (R, error)) HandlerFunc {
	return answerOK(func(r *http.Request) (R, error) { return fn(r.Context()) })
}

// ReadList reads a ListQuery (see ReadListQuery), calls fn and answers 200
// with the page it returned:
//
//	rs.Get("/api/dict", "dict:list", "查询", httpx.ReadList(s.ListDicts))
func ReadList[R any](fn func(ctx context.Context, lq ListQuery) (R, error)) HandlerFunc {
	return readQuery(func(r *http.Request) (ListQuery, error) { return ReadListQuery(r) }, fn)
}

// ReadPicker is ReadList for pickers (see ReadPickerQuery).
func ReadPicker[R any](fn func(ctx context.Context, lq ListQuery) (R, error)) HandlerFunc {
	return readQuery(ReadPickerQuery, fn)
}

func readQuery[R any](read func(r *http.Request) (ListQuery, error),
	fn func(ctx context.Context, lq ListQuery) (R, error)) HandlerFunc {
	return answerOK(func(r *http.Request) (R, error) {
		lq, err := read(r)
		if err != nil {
			var zero R
			return zero, err
		}
		return fn(r.Context(), lq)
	})
}

// answerOK answers 200 with what fn read from the request. Unexported:
// services take plain values, so only these adapters see the request.
func answerOK[R any](fn func(r *http.Request) (R, error)) HandlerFunc {
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

// withBody is the adapters that read a JSON body: decode into a T (a 400
// without calling fn when it does not decode), call fn, and answer with what
// it returned; nothing is written when fn fails.
func withBody[T, R any](fn func(ctx context.Context, in T) (R, error),
	answer func(w http.ResponseWriter, out R) error) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var in T
		if err := Decode(r, &in); err != nil {
			return err
		}
		out, err := fn(r.Context(), in)
		if err != nil {
			return err
		}
		return answer(w, out)
	}
}

// PathID reads the path parameter name as a record id. Anything but a
// positive integer names a record that cannot exist: notFound.
func PathID(r *http.Request, name string, notFound error) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, name), 10, 64)
	if err != nil || id <= 0 {
		return 0, notFound
	}
	return id, nil
}

// ReadID reads {id} (see PathID), calls fn and answers 200 with what it
// returned; fn gets the request for its query string.
func ReadID[R any](notFound func() *Error, fn func(r *http.Request, id int64) (R, error)) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := PathID(r, "id", notFound())
		if err != nil {
			return err
		}
		out, err := fn(r, id)
		if err != nil {
			return err
		}
		return OK(w, out)
	}
}

// ReadOn calls fn for record {id} (see PathID) and answers 200 with what
// it returned: a record's detail, or an operation on it that takes no body
// (启用, 结算).
func ReadOn[R any](notFound func() *Error, fn func(ctx context.Context, id int64) (R, error)) HandlerFunc {
	return ReadID(notFound, func(r *http.Request, id int64) (R, error) { return fn(r.Context(), id) })
}

// QueryBool reads a true|false (1|0) query parameter; absent is false and
// anything else is a 400 naming the parameter.
func QueryBool(r *http.Request, name string) (bool, error) {
	switch r.URL.Query().Get(name) {
	case "", "false", "0":
		return false, nil
	case "true", "1":
		return true, nil
	}
	return false, BadRequest("参数 %s 应为 true 或 false", name)
}
