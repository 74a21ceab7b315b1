package rbac

import "testing"

func TestAllows(t *testing.T) {
	t.Parallel()
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

func TestScopeRuleAnchored(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rule ScopeRule
		want bool
	}{
		{ScopeRule{Level: true, Self: true}, true},
		{ScopeRule{Below: true}, true},
		{ScopeRule{Level: true, CustomRoles: []int64{3}}, false}, // the custom nodes are reached without an anchor
		{ScopeRule{All: true, Level: true}, false},
		{ScopeRule{Self: true}, false}, // own records only: no tree needed
	} {
		if got := c.rule.Anchored(); got != c.want {
			t.Errorf("%+v.Anchored() = %v", c.rule, got)
		}
	}
}

// The account a record's operator column keeps: the principal's, nothing
// on a public route.
func TestAccountOfThePrincipal(t *testing.T) {
	t.Parallel()
	var public *Principal
	if public.AccountName() != "" || public.AccountID() != nil {
		t.Fatal("a public route has no account")
	}
	p := &Principal{UserID: 7, Username: "zhangsan"}
	if id := p.AccountID(); p.AccountName() != "zhangsan" || id == nil || *id != 7 {
		t.Fatalf("account %q %v", p.AccountName(), id)
	}
	*p.AccountID() = 8 // a copy: the record's column, not the principal
	if p.UserID != 7 {
		t.Fatal("AccountID shares the principal's id")
	}
}
