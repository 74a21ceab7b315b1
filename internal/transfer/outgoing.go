package transfer

import (
	"context"
	"net/http"
	"strconv"

	"zhdj/internal/member"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/transfer/letter"
)

// Outgoing is what the form of a transfer out (转出, 校内转接) knows before
// the user types: the letter's reaches with their validity (the settings'),
// and for a member chosen their 党费缴纳至 as the fee records give it — the
// month the start records (fees) —, whether the form must ask for it (no
// fee records answered: the month entered is recorded, required) and the
// member's latest due month (a month before it: the member owes, a warning).
type Outgoing struct {
	Reaches      []letter.ReachOption `json:"reaches"`
	FeesPaidUpTo string               `json:"feesPaidUpTo"`
	FeesRequired bool                 `json:"feesRequired"`
	LastDue      string               `json:"lastDue"`
}

func (s *Service) outgoingRoutes(rs *httpx.Routes) {
	rs.Get("/api/zzgx/outgoing", Perms.Add, "查询转出预填信息", func(w http.ResponseWriter, r *http.Request) error {
		var id int64
		if v := r.URL.Query().Get("memberId"); v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n <= 0 {
				return httpx.Invalid("memberId", "党员编号无效")
			}
			id = n
		}
		out, err := s.OutgoingOf(r.Context(), id)
		if err != nil {
			return err
		}
		return httpx.OK(w, out)
	})
	rs.Get("/api/zzgx/mine/outgoing", PermMine, "查询我的转出预填信息", httpx.Read(s.MineOutgoing))
}

// OutgoingOf answers Outgoing for a member of the caller's scope (404
// outside it); memberID 0: the reaches alone (no member chosen yet).
func (s *Service) OutgoingOf(ctx context.Context, memberID int64) (Outgoing, error) {
	if memberID != 0 {
		if _, err := s.members.Detail(ctx, memberID, false); err != nil {
			return Outgoing{}, err
		}
	}
	return s.outgoing(ctx, memberID)
}

// MineOutgoing answers Outgoing for the caller's own member record.
func (s *Service) MineOutgoing(ctx context.Context) (Outgoing, error) {
	m, err := s.ownMember(ctx)
	if err != nil {
		return Outgoing{}, err
	}
	return s.outgoing(ctx, m.ID)
}

func (s *Service) outgoing(ctx context.Context, memberID int64) (Outgoing, error) {
	st, err := s.letters.Settings(ctx, s.db)
	if err != nil {
		return Outgoing{}, httpx.Internal(err)
	}
	out := Outgoing{Reaches: letter.ReachOptions(st)}
	if memberID == 0 {
		return out, nil
	}
	// The same question the start asks (fees): what it answers is what the start records.
	paid, ok, err := event.Ask[member.PaidUpTo](ctx, s.bus, s.db, member.FeesPaidUpTo{MemberID: memberID})
	if err != nil {
		return Outgoing{}, httpx.Internal(err)
	}
	out.FeesPaidUpTo, out.LastDue = paid.Month, paid.LastDue
	out.FeesRequired = !ok || paid.Month == ""
	return out, nil
}
