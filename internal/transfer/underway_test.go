package transfer_test

import (
	"context"
	"testing"

	"zhdj/internal/platform/rbac"
	"zhdj/internal/transfer"
)

func TestUnderWayCountsTheScopesOpenTransfersByKind(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, r := range []struct {
		org         int64
		kind, state string
	}{{w.csBranch, transfer.KindOut, transfer.StateBranch}, {w.csOther, transfer.KindOut, transfer.StateReturned},
		{w.csBranch, transfer.KindInside, transfer.StateInCommittee}, {w.csBranch, transfer.KindOut, transfer.StateDone},
		{w.mathBranch, transfer.KindIn, transfer.StateDept}} {
		if _, err := w.e.DB.NewInsert().Model(&transfer.Transfer{Kind: r.kind, State: r.state, Name: "转接", OrgID: r.org}).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	_, uid := w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, transfer.Perms.List)
	got, err := w.e.App.Transfer.UnderWay(rbac.With(context.Background(), &rbac.Principal{UserID: uid, OrgID: &w.cs}))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[transfer.KindOut] != 2 || got[transfer.KindInside] != 1 {
		t.Fatalf("got %v", got)
	}
}
