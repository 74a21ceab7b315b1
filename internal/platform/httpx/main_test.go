package httpx

import (
	"testing"

	"zhdj/internal/platform/db"
)

// TestMain drops the PostgreSQL template the list tests create.
func TestMain(m *testing.M) { db.TestMain(m) }
