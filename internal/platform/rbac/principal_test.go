package rbac

import "testing"

func TestAllows(t *testing.T) {
	p := &Principal{Perms: map[string]bool{"user:edit": true}}
	for perm, want := range map[string]bool{
		"user:edit": true, "role:list": false, "role:list|user:edit": true, "role:list|user:add": false,
		"": false, "|": false,
	} {
		if got := p.Allows(perm); got != want {
			t.Errorf("Allows(%q) = %v", perm, got)
		}
	}
	if !(&Principal{Perms: map[string]bool{Admin: true}}).Allows("x:y|z:w") {
		t.Error("admin passes every check")
	}
	var none *Principal
	if none.Allows("user:edit") {
		t.Error("no principal passes nothing")
	}
}
