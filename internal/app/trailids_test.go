package app_test

import (
	"testing"

	"zhdj/internal/apptest"
)

// Each module owns its change-trail module id: two modules sharing one
// would read (and restore) each other's entries as their own.
func TestTrailModuleIDsAreUnique(t *testing.T) {
	t.Parallel()
	owner := map[int]string{}
	for _, m := range apptest.New(t).App.Modules {
		if m.Trail == 0 {
			continue
		}
		if prev, dup := owner[m.Trail]; dup {
			t.Errorf("modules %s and %s share trail module id %d", prev, m.Name, m.Trail)
		}
		owner[m.Trail] = m.Name
	}
	if len(owner) < 4 {
		t.Fatalf("trail ids of %v: the modules no longer declare them", owner)
	}
}
