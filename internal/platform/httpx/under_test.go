package httpx

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
)

// serveUnder runs h as the handler of /r/{id} for a request to path.
func serveUnder(t *testing.T, h HandlerFunc, path, body string) (*httptest.ResponseRecorder, error) {
	t.Helper()
	var herr error
	router := chi.NewRouter()
	router.Post("/r/{id}", func(w http.ResponseWriter, r *http.Request) { herr = h(w, r) })
	r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	w := httptest.NewRecorder()
	router.ServeHTTP(w, r)
	return w, herr
}

func gone() *Error { return NotFound("记录不存在") }

type underIn struct {
	Name string `json:"name"`
}

// The adapters read {id} then the body, answer with their status, and pass
// a bad id, a bad body and fn's error back without writing.
func TestUnderAdapters(t *testing.T) {
	t.Parallel()
	var got []string
	action := ActionOn(gone, func(_ context.Context, id int64, in underIn) (int64, error) {
		got = append(got, in.Name)
		return id, nil
	})
	if w, err := serveUnder(t, action, "/r/7", ""); err != nil || w.Code != 200 || strings.TrimSpace(w.Body.String()) != "7" {
		t.Fatalf("optional body: %d %v", w.Code, err)
	}
	create := CreateUnder(gone, func(_ context.Context, id int64, in underIn) (string, error) { return in.Name, nil })
	if w, err := serveUnder(t, create, "/r/7", `{"name":"a"}`); err != nil || w.Code != 201 {
		t.Fatalf("create: %d %v", w.Code, err)
	}
	w, err := serveUnder(t, create, "/r/7", "")
	wantStatus(t, w, err, http.StatusBadRequest)
	w, err = serveUnder(t, create, "/r/x", `{"name":"a"}`)
	wantStatus(t, w, err, http.StatusNotFound)
	fail := Conflict("冲突")
	update := UpdateUnder(gone, func(context.Context, int64, underIn) error { return fail })
	if w, err = serveUnder(t, update, "/r/7", `{}`); err != fail {
		t.Fatalf("update: %v", err)
	}
	wantStatus(t, w, err, http.StatusConflict)
	var deleted []int64
	del := DeleteUnder(gone, func(_ context.Context, id int64, ids []int64) error { deleted = append(ids, id); return nil })
	if w, err = serveUnder(t, del, "/r/7", `[1,2]`); err != nil || w.Code != 204 || len(deleted) != 3 || deleted[2] != 7 {
		t.Fatalf("delete: %d %v %v", w.Code, err, deleted)
	}
	if len(got) != 1 || got[0] != "" {
		t.Fatalf("action got %v", got)
	}
	change := ChangeOn(gone, func(_ context.Context, id int64, in underIn) (string, error) { return in.Name, nil })
	if w, err = serveUnder(t, change, "/r/7", `{"name":"a"}`); err != nil || w.Code != 200 || strings.TrimSpace(w.Body.String()) != `"a"` {
		t.Fatalf("change: %d %v", w.Code, err)
	}
	w, err = serveUnder(t, change, "/r/7", "") // the body is required
	wantStatus(t, w, err, http.StatusBadRequest)
	var done int64
	do := DoOn(gone, func(_ context.Context, id int64) error { done = id; return nil })
	if w, err = serveUnder(t, do, "/r/7", ""); err != nil || w.Code != 204 || done != 7 {
		t.Fatalf("do: %d %v %d", w.Code, err, done)
	}
	w, err = serveUnder(t, do, "/r/0", "")
	wantStatus(t, w, err, http.StatusNotFound)
	read := ReadOn(gone, func(_ context.Context, id int64) (int64, error) { return id * 2, nil })
	if w, err = serveUnder(t, read, "/r/7", ""); err != nil || w.Code != 200 || strings.TrimSpace(w.Body.String()) != "14" {
		t.Fatalf("read on: %d %v", w.Code, err)
	}
	w, err = serveUnder(t, read, "/r/x", "")
	wantStatus(t, w, err, http.StatusNotFound)
}

// ListUnder reads {id}, then the page and filters, and refuses a bad page
// before calling fn.
func TestListUnder(t *testing.T) {
	t.Parallel()
	calls := 0
	list := ListUnder(gone, func(_ context.Context, id int64, lq ListQuery) (PageResult[int64], error) {
		calls++
		return NewPage([]int64{id, int64(lq.Page.Page), int64(lq.Size)}, 3), nil
	})
	w, err := serveUnder(t, list, "/r/7?page=2&size=5", "")
	if err != nil || w.Code != 200 || !strings.Contains(w.Body.String(), `"content":[7,2,5]`) {
		t.Fatalf("list: %d %v %s", w.Code, err, w.Body)
	}
	w, err = serveUnder(t, list, "/r/7?page=-1", "")
	wantStatus(t, w, err, http.StatusBadRequest)
	w, err = serveUnder(t, list, "/r/0", "")
	wantStatus(t, w, err, http.StatusNotFound)
	if calls != 1 {
		t.Fatalf("fn called %d times", calls)
	}
}
