package member_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/system"
)

// A rotation to the 国密 scheme while members exist: the members written
// before are still found by ID number and phone, a second member with one
// of their ID numbers is still refused, a new member is written with the
// new key and found beside them, and after the re-encryption job no value is left under the
// old key, which is retired; every search still finds its member.
func TestMembersThroughARotation(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	admin := w.e.AdminTK
	idA, idB := apptest.IDNumber("110105", "19900307", 11), apptest.IDNumber("110105", "19920101", 13)
	a := w.create(t, admin, apptest.With(body("张三丰", w.branchA, idA), "phone", "13911112222"))
	b := w.create(t, admin, apptest.With(body("张无忌", w.branchB, idB), "phone", "13933334444"))
	finds := func(step, text string, want int64) {
		t.Helper()
		ids, _, _ := w.list(t, admin, url.Values{"blurry": {text}})
		if len(ids) != 1 || ids[0] != want {
			t.Errorf("%s: %s finds %v, want [%d]", step, text, ids, want)
		}
	}
	all := func(step string) {
		t.Helper()
		finds(step, idA, a.ID)
		finds(step, strings.ToLower(idA), a.ID)
		finds(step, "13911112222", a.ID)
		finds(step, idB, b.ID)
		finds(step, "13933334444", b.ID)
	}
	all("before")
	// The installation chooses the 国密 suite, and the key is rotated at
	// once (the job would rotate at its next run; it then finds the sm key
	// the suite asks for and only moves the values).
	if err := w.e.Sys.SetSetting(ctx, system.CfgCryptoSuite, system.SuiteGM); err != nil {
		t.Fatal(err)
	}
	if _, err := w.e.App.Cipher.Rotate(ctx, w.e.DB, crypto.SchemeSM); err != nil {
		t.Fatal(err)
	}
	all("rotated, nothing moved")
	apptest.Expect(t, w.e.Do("POST", "/api/dyjbxx", admin, apptest.With(body("重复", w.branchA, idA), "staffOrStudentNo", "X1")), 409)

	// A member written after the rotation, beside the two written before.
	idC := apptest.IDNumber("110105", "19890505", 15)
	c := w.create(t, admin, apptest.With(body("赵敏", w.branchA, idC), "phone", "13955556666", "staffOrStudentNo", "X2"))
	var enc []string
	if err := w.e.DB.NewSelect().Table("dyjbxx").Column("id_number_enc").Where("id = ?", c.ID).Scan(ctx, &enc); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc[0], "$1$") {
		t.Fatalf("a member written after the rotation: %q", enc[0])
	}
	finds("half moved", idC, c.ID)
	finds("half moved", "13955556666", c.ID)
	all("half moved")

	r := w.e.App.Rekey
	r.Grace = 0
	if err := r.Run(ctx); err != nil {
		t.Fatal(err)
	}
	st, err := r.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range st {
		if c.Left != 0 {
			t.Errorf("%s: %d values under an old key", c.Name, c.Left)
		}
	}
	keys, err := crypto.Keys(ctx, w.e.DB)
	if err != nil || len(keys) != 2 || keys[0].State != crypto.StateRetired || keys[1].State != crypto.StateActive {
		t.Fatalf("keys: %+v %v", keys, err)
	}
	if err := w.e.App.Cipher.Refresh(ctx, w.e.DB); err != nil {
		t.Fatal(err)
	}
	all("moved")
	finds("moved", idC, c.ID)
	apptest.Expect(t, w.e.Do("POST", "/api/dyjbxx", admin, apptest.With(body("重复", w.branchA, idA), "staffOrStudentNo", "X1")), 409)
	if err := w.e.DB.NewSelect().Table("dyjbxx").Column("id_number_enc").Where("id = ?", a.ID).Scan(ctx, &enc); err != nil {
		t.Fatal(err)
	}
	if v, err := w.e.App.Cipher.Decrypt(enc[0]); err != nil || v != idA || !strings.HasPrefix(enc[0], "$1$") {
		t.Fatalf("a after the job: %q %q %v", enc[0], v, err)
	}
}
