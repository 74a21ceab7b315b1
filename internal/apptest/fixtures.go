package apptest

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/member"
	"zhdj/internal/platform/idcard"
)

// Request bodies, ID numbers and answers the API tests of every domain
// build and read the same way.

// With returns a copy of body with the given key/value pairs set; a nil
// value deletes the key, so a test sends a body without that field.
func With(body map[string]any, kv ...any) map[string]any {
	out := make(map[string]any, len(body))
	for k, v := range body {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == nil {
			delete(out, kv[i].(string))
		} else {
			out[kv[i].(string)] = kv[i+1]
		}
	}
	return out
}

// FullMember is the body of a full party member (正式党员) of orgID as the
// member API takes it, with the codes and dates it requires of one; kv
// sets or drops fields as With does. Without an "idNumber" (which gives
// the gender and birth date) a test sets "gender".
func FullMember(name string, orgID int64, kv ...any) map[string]any {
	return With(map[string]any{"name": name, "ethnicity": "01", "education": "11", "personCategory": "1", "personType": "1",
		"partyStatus": member.PartyFull, "orgId": orgID, "appliedOn": "2012-03-01", "joinedOn": "2013-06-30", "fullOn": "2014-06-30"},
		kv...)
}

// IDNumber makes a valid 18-character ID number (GB 11643-1999) from a
// six-digit region code, a YYYYMMDD birth date and a sequence (odd = a man).
func IDNumber(region, birth string, seq int) string {
	first17 := fmt.Sprintf("%s%s%03d", region, birth, seq)
	return first17 + string(idcard.IDCheckChar(first17))
}

// ExpectMessage fails the test unless res has status and the error message msg.
func ExpectMessage(t testing.TB, res *Response, status int, msg string) {
	t.Helper()
	if res.Status != status || res.Message() != msg {
		t.Fatalf("got %d %q, want %d %q (%s)", res.Status, res.Message(), status, msg, res.Body)
	}
}

// ExpectField fails the test unless res is a 400 naming field with message
// msg (a form marks the field with it).
func ExpectField(t testing.TB, res *Response, field, msg string) {
	t.Helper()
	ExpectMessage(t, res, 400, msg)
	if got := res.Map(t)["field"]; got != field {
		t.Fatalf("field %v, want %q (%s)", got, field, res.Body)
	}
}

// DoJSON sends a request like Do, fails the test unless the answer has
// status want, and answers its body decoded as a T.
func DoJSON[T any](t testing.TB, e *Env, want int, method, path, token string, body any) T {
	t.Helper()
	res := e.Do(method, path, token, body)
	Expect(t, res, want)
	var v T
	res.JSON(t, &v)
	return v
}

// GetPage GETs path with the query q (nil = none) as token, expects 200 and
// answers the rows of the page as Ts and its total.
func GetPage[T any](t testing.TB, e *Env, token, path string, q url.Values) ([]T, int) {
	t.Helper()
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	page := DoJSON[struct {
		Content       []T
		TotalElements int
	}](t, e, 200, "GET", path, token, nil)
	return page.Content, page.TotalElements
}

// Call is one request of a table of checks (a route's 401, 403, 404 …)
// and the status it must answer. An alias of an unnamed struct, so a table
// lists its calls positionally (vet asks keyed fields of imported named
// struct types only).
type Call = struct {
	Method, Path, Token string
	Body                any
	Want                int
}

// ExpectCalls makes each call and reports every one whose status differs.
func (e *Env) ExpectCalls(t testing.TB, calls []Call) {
	t.Helper()
	for _, c := range calls {
		if res := e.Do(c.Method, c.Path, c.Token, c.Body); res.Status != c.Want {
			t.Errorf("%s %s: %d, want %d: %s", c.Method, c.Path, res.Status, c.Want, res.Body)
		}
	}
}
