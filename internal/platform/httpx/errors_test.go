package httpx

import (
	"errors"
	"fmt"
	"net/http"
	"testing"
)

func TestAsError(t *testing.T) {
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
	if err := Internal(fmt.Errorf("scope: %w", NoAnchor)); err != NoAnchor || err.Status != http.StatusForbidden || err.Code != CodeNoAnchor {
		t.Fatalf("Internal(NoAnchor) = %v", err)
	}
	cause := errors.New("disk full")
	if err := Internal(cause); err.Status != http.StatusInternalServerError || !errors.Is(err, cause) {
		t.Fatalf("Internal(plain) = %v", err)
	}
}
