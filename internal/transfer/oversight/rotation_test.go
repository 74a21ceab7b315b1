package oversight_test

import (
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/crypto"
)

// After a rotation to the 国密 scheme, before the re-encryption job ran,
// the import still finds a member written under the old key and one
// written under the new key, each by the ID number in the file.
func TestImportFindsMembersUnderEitherKey(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	_, oldID := w.member(t, "轮换甲", w.csStaff)
	if _, err := e.App.Cipher.Rotate(t.Context(), e.DB, crypto.SchemeSM); err != nil {
		t.Fatal(err)
	}
	_, newID := w.member(t, "轮换乙", w.csStaff)
	rows := [][]string{importHeader,
		{"轮换甲", oldID, "校内转接", "", "CS01", "MA01", "2024-01-01", "2024-101", "", ""},
		{"轮换乙", newID, "校内转接", "", "CS01", "MA01", "2024-01-01", "2024-102", "", ""},
	}
	batch := e.Stage(t, "zzgx", e.AdminTK, rows)
	got := e.ImportRows(t, "zzgx", e.AdminTK, batch.ID)
	for n := 2; n <= 3; n++ {
		if len(got[n].Errors) != 0 {
			t.Errorf("row %d: %v", n, apptest.CellErrors(got[n]))
		}
	}
}
