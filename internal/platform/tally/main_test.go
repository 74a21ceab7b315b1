package tally_test

import (
	"testing"

	"zhdj/internal/platform/db"
)

func TestMain(m *testing.M) { db.TestMain(m) }
