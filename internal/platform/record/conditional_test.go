package record

import (
	"errors"
	"net/http"
	"testing"

	"zhdj/internal/platform/httpx"
)

type rows int64

func (r rows) LastInsertId() (int64, error) { return 0, nil }
func (r rows) RowsAffected() (int64, error) { return int64(r), nil }

// A conditional write passes when it changed the rows it expected, is
// refused when the state moved on, and fails as a 500 when it failed.
func TestConditionalAnswersTheRowsChanged(t *testing.T) {
	t.Parallel()
	refused := httpx.Conflict("已被他人处理")
	if err := Conditional(rows(1), nil, 1, refused); err != nil {
		t.Fatalf("one row changed: %v", err)
	}
	if err := Conditional(rows(3), nil, 3, refused); err != nil {
		t.Fatalf("three rows of three: %v", err)
	}
	if err := Conditional(rows(0), nil, 1, refused); err != refused {
		t.Fatalf("no row changed: %v, want the refusal", err)
	}
	if err := Conditional(rows(2), nil, 3, refused); err != refused {
		t.Fatalf("two rows of three: %v, want the refusal", err)
	}
	var he *httpx.Error
	if err := Conditional(nil, errors.New("disk full"), 1, refused); !errors.As(err, &he) || he.Status != http.StatusInternalServerError {
		t.Fatalf("a failed write: %v, want a 500", err)
	}
}
