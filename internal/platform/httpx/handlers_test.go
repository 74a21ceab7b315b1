package httpx

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

type ctxKey struct{}

type testInput struct {
	Name string `json:"name"`
}

// call runs h on a request with body (none when "") whose context carries a
// marker, and returns the recorder and h's error.
func call(t *testing.T, h HandlerFunc, body string) (*httptest.ResponseRecorder, error) {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, "/x", strings.NewReader(body))
	r = r.WithContext(context.WithValue(r.Context(), ctxKey{}, "marker"))
	w := httptest.NewRecorder()
	return w, h(w, r)
}

func hasMarker(ctx context.Context) bool { return ctx.Value(ctxKey{}) == "marker" }

// wantStatus checks that err is an *Error with the status and nothing was written.
func wantStatus(t *testing.T, w *httptest.ResponseRecorder, err error, status int) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Status != status {
		t.Fatalf("error %v, want status %d", err, status)
	}
	if w.Body.Len() != 0 || len(w.Header()) != 0 {
		t.Fatalf("wrote %q %v on error", w.Body.String(), w.Header())
	}
}

func TestUpdate(t *testing.T) {
	t.Parallel()
	var got []testInput
	h := Update(func(ctx context.Context, in testInput) error {
		if !hasMarker(ctx) {
			t.Error("fn did not get the request's context")
		}
		got = append(got, in)
		return nil
	})
	for _, bad := range []string{"", "{", `{"name":1}`} {
		w, err := call(t, h, bad)
		wantStatus(t, w, err, http.StatusBadRequest)
	}
	if len(got) != 0 {
		t.Fatalf("fn called on a bad body: %v", got)
	}
	w, err := call(t, h, `{"name":"a"}`)
	if err != nil || w.Code != http.StatusNoContent || w.Body.Len() != 0 {
		t.Fatalf("%d %q %v", w.Code, w.Body.String(), err)
	}
	if !reflect.DeepEqual(got, []testInput{{Name: "a"}}) {
		t.Fatalf("fn got %v", got)
	}

	fail := Conflict("已存在")
	w, err = call(t, Update(func(context.Context, testInput) error { return fail }), `{}`)
	if err != fail {
		t.Fatalf("error %v, want fn's own", err)
	}
	wantStatus(t, w, err, http.StatusConflict)
}

func TestCreate(t *testing.T) {
	t.Parallel()
	calls := 0
	h := Create(func(ctx context.Context, in testInput) (map[string]any, error) {
		calls++
		if !hasMarker(ctx) {
			t.Error("fn did not get the request's context")
		}
		return map[string]any{"id": 7, "name": in.Name}, nil
	})
	w, err := call(t, h, "not json")
	wantStatus(t, w, err, http.StatusBadRequest)
	if calls != 0 {
		t.Fatal("fn called on a bad body")
	}
	w, err = call(t, h, `{"name":"a"}`)
	if err != nil || w.Code != http.StatusCreated || strings.TrimSpace(w.Body.String()) != `{"id":7,"name":"a"}` {
		t.Fatalf("%d %q %v", w.Code, w.Body.String(), err)
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("content type %q", ct)
	}

	fail := BadRequest("请输入名称")
	w, err = call(t, Create(func(context.Context, testInput) (*testInput, error) { return nil, fail }), `{}`)
	if err != fail {
		t.Fatalf("error %v, want fn's own", err)
	}
	wantStatus(t, w, err, http.StatusBadRequest)
}

func TestRead(t *testing.T) {
	t.Parallel()
	w, err := call(t, Read(func(ctx context.Context) ([]int, error) {
		if !hasMarker(ctx) {
			t.Error("fn did not get the request's context")
		}
		return []int{1, 2}, nil
	}), "")
	if err != nil || w.Code != http.StatusOK || strings.TrimSpace(w.Body.String()) != `[1,2]` {
		t.Fatalf("%d %q %v", w.Code, w.Body.String(), err)
	}
	fail := NotFound("不存在")
	w, err = call(t, Read(func(context.Context) (int, error) { return 0, fail }), "")
	if err != fail {
		t.Fatalf("error %v, want fn's own", err)
	}
	wantStatus(t, w, err, http.StatusNotFound)
}

func TestReadList(t *testing.T) {
	t.Parallel()
	w, err := call(t, ReadList(func(ctx context.Context, lq ListQuery) (PageResult[int], error) {
		if !hasMarker(ctx) || lq.Size != DefaultPageSize || lq.Filter("name") != "a" {
			t.Errorf("fn did not get the request's context and list query: %+v", lq)
		}
		return NewPage[int](nil, 0), nil
	}), `{"name":"a"}`)
	if err != nil || w.Code != http.StatusOK || strings.TrimSpace(w.Body.String()) != `{"content":[],"totalElements":0}` {
		t.Fatalf("%d %q %v", w.Code, w.Body.String(), err)
	}
	fail := Forbidden("不允许")
	w, err = call(t, ReadList(func(context.Context, ListQuery) (int, error) { return 0, fail }), "")
	if err != fail {
		t.Fatalf("error %v, want fn's own", err)
	}
	wantStatus(t, w, err, http.StatusForbidden)
}

func TestIDsAction(t *testing.T) {
	t.Parallel()
	var got [][]int64
	h := IDsAction(func(ctx context.Context, ids []int64) error {
		if !hasMarker(ctx) {
			t.Error("fn did not get the request's context")
		}
		got = append(got, ids)
		return nil
	})
	for _, bad := range []string{"", "[]", `{"ids":[]}`, `"x"`, `["a"]`} {
		w, err := call(t, h, bad)
		wantStatus(t, w, err, http.StatusBadRequest)
	}
	if len(got) != 0 {
		t.Fatalf("fn called on a bad body: %v", got)
	}
	for _, body := range []string{"[1,2]", `{"ids":[1,2]}`} {
		w, err := call(t, h, body)
		if err != nil || w.Code != http.StatusNoContent || w.Body.Len() != 0 {
			t.Fatalf("%s: %d %q %v", body, w.Code, w.Body.String(), err)
		}
	}
	if !reflect.DeepEqual(got, [][]int64{{1, 2}, {1, 2}}) {
		t.Fatalf("fn got %v", got)
	}
	fail := BadRequest("不能删除自己的账号")
	w, err := call(t, IDsAction(func(context.Context, []int64) error { return fail }), "[1]")
	if err != fail {
		t.Fatalf("error %v, want fn's own", err)
	}
	wantStatus(t, w, err, http.StatusBadRequest)
}
