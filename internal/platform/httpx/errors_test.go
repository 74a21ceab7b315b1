package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestAsError(t *testing.T) {
	t.Parallel()
	if err := AsError(nil); err != nil {
		t.Fatalf("AsError(nil) = %v", err)
	}
	refused := Invalid("name", "请输入名称")
	// An *Error returned through a transaction arrives wrapped: it keeps its status, message and field.
	if err := AsError(fmt.Errorf("tx: %w", refused)); err != refused {
		t.Fatalf("wrapped *Error became %v", err)
	}
	cause := errors.New("disk full")
	err := AsError(cause)
	var e *Error
	if !errors.As(err, &e) || e.Status != http.StatusInternalServerError || !errors.Is(err, cause) {
		t.Fatalf("plain failure became %v", err)
	}
}

// A refusal reaching a step that wraps every failure as Internal keeps its
// status, message and code; anything else is a 500.
func TestInternalKeepsRefusals(t *testing.T) {
	t.Parallel()
	if err := Internal(fmt.Errorf("scope: %w", NoAnchor)); err != NoAnchor || err.Status != http.StatusForbidden || err.Code != CodeNoAnchor {
		t.Fatalf("Internal(NoAnchor) = %v", err)
	}
	cause := errors.New("disk full")
	if err := Internal(cause); err.Status != http.StatusInternalServerError || !errors.Is(err, cause) {
		t.Fatalf("Internal(plain) = %v", err)
	}
}

// A check that found several bad fields answers them all at once; the first
// stays the error's field and message, so a client reading only those works.
func TestAllInvalidGathersFieldErrors(t *testing.T) {
	t.Parallel()
	if AllInvalid(nil, nil) != nil {
		t.Fatal("passing checks gave an error")
	}
	id := Invalid("idNumber", "身份证号码校验位错误")
	if AllInvalid(nil, id) != id {
		t.Fatal("one field error is not answered as it is")
	}
	err := AllInvalid(id, nil, Invalid("phone", "请输入正确的手机号码"), Invalid("idNumber", "请输入完整的身份证号码"))
	var e *Error
	if !errors.As(err, &e) || e.Status != 400 || e.Field != "idNumber" || e.Message != "身份证号码校验位错误" {
		t.Fatalf("joined %+v", err)
	}
	want := []FieldError{{"idNumber", "身份证号码校验位错误"}, {"phone", "请输入正确的手机号码"}}
	if got := FieldErrors(err); len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("fields %+v, want %+v (first per field)", got, want)
	}
	// An error about no field is not the user's input: it is answered alone.
	failed := errors.New("disk full")
	if AllInvalid(id, failed) != failed || AllInvalid(BadRequest("记录已删除"), id).Error() != "400 记录已删除" {
		t.Fatal("an error about no field was joined")
	}

	var c Checks
	if c.Add(nil) || !c.Add(nil, Invalid("name", "请输入姓名")) || !c.Failed("name") || c.Failed("phone") {
		t.Fatal("Checks does not tell what failed")
	}
	c.Add(Invalid("phone", "请输入正确的手机号码"))
	if got := FieldErrors(c.Err()); len(got) != 2 || got[0].Field != "name" || got[1].Field != "phone" {
		t.Fatalf("Checks.Err %+v", got)
	}
}

// The body names every field: "fields" with all, "field" with the first.
func TestWriteErrorListsFields(t *testing.T) {
	t.Parallel()
	w := httptest.NewRecorder()
	WriteError(w, httptest.NewRequest("POST", "/api/x", nil), AllInvalid(Invalid("idNumber", "身份证号码校验位错误"), Invalid("phone", "请输入正确的手机号码")))
	var body struct {
		Status  int          `json:"status"`
		Message string       `json:"message"`
		Field   string       `json:"field"`
		Fields  []FieldError `json:"fields"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if w.Code != 400 || body.Status != 400 || body.Field != "idNumber" || body.Message != "身份证号码校验位错误" || len(body.Fields) != 2 || body.Fields[1].Field != "phone" {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	w = httptest.NewRecorder()
	WriteError(w, httptest.NewRequest("GET", "/api/x", nil), NotFound("记录不存在"))
	if strings.Contains(w.Body.String(), "field") {
		t.Fatalf("an error about no field names one: %s", w.Body)
	}
}

// A failed route's answer carries its declared title, so the web app names
// the failure by the action, not by a path; an answer outside a route
// (an unknown path) names none.
func TestWriteErrorNamesTheRoutesAction(t *testing.T) {
	t.Parallel()
	rt := Route{Method: "POST", Pattern: "/api/dyjbxx", Perm: "dyjbxx:add", Module: "党员信息", Action: "新增"}
	r := httptest.NewRequest("POST", "/api/dyjbxx", nil)
	w := httptest.NewRecorder()
	WriteError(w, r.WithContext(WithRoute(r.Context(), rt)), Conflict("身份证号码已存在"))
	var body struct {
		Module, Action, Message string
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if body.Module != "党员信息" || body.Action != "新增" || body.Message != "身份证号码已存在" {
		t.Fatalf("%s", w.Body)
	}
	w = httptest.NewRecorder()
	WriteError(w, httptest.NewRequest("GET", "/api/nowhere", nil), NotFound("接口不存在"))
	if strings.Contains(w.Body.String(), "action") || strings.Contains(w.Body.String(), "module") {
		t.Fatalf("an answer outside a route names an action: %s", w.Body)
	}
}
