package archive_test

import (
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/archive"
)

func TestMineWithoutMemberRecordIsEmpty(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := apptest.DoJSON[archive.Record](t, w.e, 200, "GET", "/api/archives/mine", w.owner, nil)
	if r.Member != nil || r.Points != nil || r.Development != nil || len(r.Meetings) != 0 {
		t.Fatalf("an account without a member record sees %+v", r)
	}
}
