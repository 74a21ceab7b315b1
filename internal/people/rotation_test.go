package people_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/crypto"
)

// After a rotation to the 国密 scheme, before the re-encryption job: a
// student written under the old key is found by ID number and phone, and a
// second student with that ID number is still refused; a student written
// under the new key is found too.
func TestStudentsThroughARotation(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	idOld, idNew := idNumber("20050101", 21), idNumber("20060202", 22)
	w.e.Create(t, admin, "/api/xsjbxx", apptest.With(student("R001", "旧钥", w.csUnit), "gender", nil, "idNumber", idOld, "phone", "13700137001"))
	if _, err := w.e.App.Cipher.Rotate(t.Context(), w.e.DB, crypto.SchemeSM); err != nil {
		t.Fatal(err)
	}
	w.e.Create(t, admin, "/api/xsjbxx", apptest.With(student("R002", "新钥", w.csUnit), "gender", nil, "idNumber", idNew, "phone", "13700137002"))
	for text, want := range map[string]string{idOld: "[旧钥]", "13700137001": "[旧钥]", idNew: "[新钥]", "13700137002": "[新钥]"} {
		if items, _ := w.page(t, admin, "/api/xsjbxx", url.Values{"blurry": {text}}); fmt.Sprint(names(items)) != want {
			t.Errorf("%s finds %v, want %s", text, names(items), want)
		}
	}
	apptest.Expect(t, w.e.Do("POST", "/api/xsjbxx", admin, apptest.With(student("R003", "重复", w.csUnit), "gender", nil, "idNumber", idOld)), 409)
}
