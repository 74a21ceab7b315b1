package audience

import (
	"slices"
	"testing"
)

// The roles column round-trips, without duplicates, and "" is every role.
func TestRolesColumn(t *testing.T) {
	t.Parallel()
	if got := EncodeRoles([]int64{5, 3, 5}); got != ",5,3," {
		t.Fatalf("EncodeRoles = %q", got)
	}
	if got := EncodeRoles(nil); got != "" {
		t.Fatalf("EncodeRoles(nil) = %q", got)
	}
	if got := DecodeRoles(",5,3,"); !slices.Equal(got, []int64{5, 3}) {
		t.Fatalf("DecodeRoles = %v", got)
	}
	if got := DecodeRoles(""); len(got) != 0 || got == nil {
		t.Fatalf("DecodeRoles(\"\") = %#v", got)
	}
	// Role 1 must not match ",12,": each id is matched between its commas.
	expr, args := RoleMatch("d.role_ids", []int64{1, 12})
	if expr != "(d.role_ids = '' OR d.role_ids LIKE ? OR d.role_ids LIKE ?)" || !slices.Equal(args, []any{"%,1,%", "%,12,%"}) {
		t.Fatalf("RoleMatch = %s %v", expr, args)
	}
}
