package member_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
)

// ChangeTx (a transfer's last approval) changes the organisation and
// status in the caller's transaction with one trail entry, whatever the
// caller's scope; nothing else of the record changes. ByIDNumber finds a
// member by the blind index of any form of their number.
func TestChangeTxAndByIDNumber(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	number := apptest.IDNumber("110101", "19900307", 451)
	created := w.create(t, w.e.AdminTK, body("转接甲", w.branchA, number))
	err := db.InTx(context.Background(), w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		return w.e.App.Members.ChangeTx(ctx, tx, created.ID, member.Change{OrgID: w.branchC, MemberStatus: member.StatusTransferredOut}, audit.OriginUserUpdate)
	})
	if err != nil {
		t.Fatal(err)
	}
	got := apptest.DoJSON[member.MemberView](t, w.e, 200, "GET", fmt.Sprintf("/api/dyjbxx/%d", created.ID), w.e.AdminTK, nil)
	if got.OrgID != w.branchC || got.MemberStatus != member.StatusTransferredOut || got.Name != "转接甲" || got.Phone != created.Phone {
		t.Fatalf("after ChangeTx: %+v", got)
	}
	res := w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d/trail", created.ID), w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	if s := string(res.Body); !strings.Contains(s, "数学教工党支部") || !strings.Contains(s, "已转出") {
		t.Fatalf("trail: %s", s)
	}
	// A member that does not exist: 404.
	err = db.InTx(context.Background(), w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		return w.e.App.Members.ChangeTx(ctx, tx, 999999, member.Change{MemberStatus: member.StatusLost}, audit.OriginUserUpdate)
	})
	if err == nil || !strings.Contains(err.Error(), "党员不存在") {
		t.Fatalf("missing member: %v", err)
	}
	m, err := w.e.App.Members.ByIDNumber(t.Context(), w.e.DB, strings.ToLower(number))
	if err != nil || m == nil || m.ID != created.ID {
		t.Fatalf("by ID number: %v %v", m, err)
	}
	if m, err := w.e.App.Members.ByIDNumber(t.Context(), w.e.DB, apptest.IDNumber("110101", "19900307", 453)); err != nil || m != nil {
		t.Fatalf("another number: %v %v", m, err)
	}
}
