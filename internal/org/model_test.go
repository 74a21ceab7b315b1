package org_test

import (
	"testing"

	"zhdj/internal/org"
)

// Another module's workbook names a type as the rules' messages do.
func TestTypeName(t *testing.T) {
	t.Parallel()
	if org.TypeName(org.TypeSecondaryCommittee) != "二级党委" || org.TypeName(org.TypeDirectBranch) != "直属党支部" || org.TypeName("9") != "" {
		t.Fatal(org.TypeName(org.TypeSecondaryCommittee), org.TypeName(org.TypeDirectBranch), org.TypeName("9"))
	}
}
