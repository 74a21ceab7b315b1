package apptest

import "testing"

// Content decodes a page answer ({"content": [...], "totalElements": n}) and
// returns its rows as Ts.
func Content[T any](t testing.TB, res *Response) []T {
	t.Helper()
	var page struct{ Content []T }
	res.JSON(t, &page)
	return page.Content
}

// ByKey indexes rows by key (a later row wins a shared key), so a test looks
// a listed record up by its id, code or name.
func ByKey[K comparable, T any](rows []T, key func(T) K) map[K]T {
	out := make(map[K]T, len(rows))
	for _, r := range rows {
		out[key(r)] = r
	}
	return out
}

// ListedBy GETs the page at path as token, expects 200 and returns its rows
// indexed by key.
func ListedBy[K comparable, T any](e *Env, path, token string, key func(T) K) map[K]T {
	e.T.Helper()
	res := e.Do("GET", path, token, nil)
	Expect(e.T, res, 200)
	return ByKey(Content[T](e.T, res), key)
}
