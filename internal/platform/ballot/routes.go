package ballot

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/module"
	"zhdj/internal/platform/worklist"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/ratelimit"
	"zhdj/internal/platform/rbac"
)

// The voters' routes, the same for every kind of round: a module opens,
// closes and counts its rounds through the Service and shows the results in
// its own pages; the voter reads the paper and casts here (the web's
// BallotPage). The cast routes are Secret: the operation log records the
// call, never the ballot.
//
//	GET  /api/ballot/mine         open rounds on the caller's roll
//	GET  /api/ballot/{id}         a round's paper for a voter on its roll (404 for anyone else)
//	POST /api/ballot/{id}/cast    the caller's ballot
//	POST /api/ballot/code/paper   a round's paper for a printed code (public, rate-limited)
//	POST /api/ballot/code/cast    a printed code's ballot (public, rate-limited)
func (s *Service) Routes(rs *httpx.Routes) {
	r := rs.In("投票")
	r.Get("/api/ballot/mine", httpx.SignedIn, "我的投票", func(w http.ResponseWriter, req *http.Request) error {
		mine, err := s.MineOpen(req.Context(), rbac.UserID(req.Context()))
		if err != nil {
			return httpx.Internal(err)
		}
		return httpx.OK(w, mine)
	})
	r.Get("/api/ballot/{id}", httpx.SignedIn, "查看选票", func(w http.ResponseWriter, req *http.Request) error {
		id, err := httpx.PathID(req, "id", errNoRound())
		if err != nil {
			return err
		}
		v, err := s.VoterView(req.Context(), id, rbac.UserID(req.Context()))
		if err != nil {
			return err
		}
		return httpx.OK(w, v)
	})
	r.Secret("/api/ballot/{id}/cast", httpx.SignedIn, "投票", func(w http.ResponseWriter, req *http.Request) error {
		id, err := httpx.PathID(req, "id", errNoRound())
		if err != nil {
			return err
		}
		var in struct {
			Marks []Mark `json:"marks"`
		}
		if err := httpx.Decode(req, &in); err != nil {
			return err
		}
		if err := s.CastAs(req.Context(), id, rbac.UserID(req.Context()), in.Marks); err != nil {
			return err
		}
		return httpx.OK(w, map[string]bool{"voted": true})
	})
	r.Query("/api/ballot/code/paper", httpx.Public, "凭票码查看选票", func(w http.ResponseWriter, req *http.Request) error {
		var in CodeRequest
		v, err := s.VetCode(req, &in)
		if err != nil {
			return err
		}
		return httpx.OK(w, v)
	})
	r.Secret("/api/ballot/code/cast", httpx.Public, "凭票码投票", func(w http.ResponseWriter, req *http.Request) error {
		var in CodeRequest
		if err := s.decodeCode(req, &in); err != nil {
			return err
		}
		if err := s.missed(req, s.CastCode(req.Context(), in.Round, in.Code, in.Marks)); err != nil {
			return err
		}
		return httpx.OK(w, map[string]bool{"voted": true})
	})
}

// CodeRequest is a printed code's request: the round (from the link or the
// sheet), the code, and for a cast the marks.
type CodeRequest struct {
	Round int64  `json:"round"`
	Code  string `json:"code"`
	Marks []Mark `json:"marks,omitempty"`
}

// decodeCode reads a code request unless the caller's address has spent
// its tries: a wrong code takes one (missed), so codes are guessed only at
// the rate the rule allows, while the valid codes of a hall behind one
// address (a paper read, reports, a cast: three requests per evaluator)
// take none.
func (s *Service) decodeCode(req *http.Request, in *CodeRequest) error {
	if s.byAddr.Spent(ratelimit.AddrKey(httpx.ClientIP(req)), s.codeTry) {
		return httpx.E(http.StatusTooManyRequests, "尝试过于频繁，请稍后再试")
	}
	if err := httpx.Decode(req, in); err != nil {
		return err
	}
	if len(NormalizeCode(in.Code)) != CodeLen {
		return httpx.Invalid("code", "请输入%d位票码", CodeLen)
	}
	return nil
}

// missed takes a try from the caller's address when err says the code is
// not the round's (404), and answers err.
func (s *Service) missed(req *http.Request, err error) error {
	var he *httpx.Error
	if errors.As(err, &he) && he.Status == http.StatusNotFound {
		s.byAddr.Allow(ratelimit.AddrKey(httpx.ClientIP(req)), s.codeTry)
	}
	return err
}

// VetCode reads a printed code's request and answers its paper as CodeView
// does, a wrong code taking a try from the caller's address: the engine's
// paper route, and a module's public route that shows what goes with a
// code's paper (干部考核's 述职报告).
func (s *Service) VetCode(req *http.Request, in *CodeRequest) (*VoterView, error) {
	if err := s.decodeCode(req, in); err != nil {
		return nil, err
	}
	v, err := s.CodeView(req.Context(), in.Round, in.Code)
	return v, s.missed(req, err)
}

// VoterView is what a voter's page shows: the round, its paper, and whether
// the voter has voted.
type VoterView struct {
	ID       int64      `json:"id"`
	Kind     string     `json:"kind"`
	Title    string     `json:"title"`
	State    string     `json:"state"`
	Over     bool       `json:"over"`
	ClosesAt *time.Time `json:"closesAt"`
	Voted    bool       `json:"voted"`
	Paper    Paper      `json:"paper"`
}

// VoterView is round as account sees it; 404 when account is not on its roll.
func (s *Service) VoterView(ctx context.Context, roundID, account int64) (*VoterView, error) {
	st, err := s.StandingOf(ctx, roundID, account)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if !st.OnRoll {
		return nil, errNotOnRoll()
	}
	return s.view(ctx, roundID, st.Voted)
}

// CodeView is round as the holder of a printed code sees it; 404 for a code
// that is not the round's; a used one shows as voted (the page says so).
func (s *Service) CodeView(ctx context.Context, roundID int64, code string) (*VoterView, error) {
	n, err := s.db.NewSelect().Model((*voter)(nil)).Where("round_id = ?", roundID).Where("token_hash = ?", codeHash(roundID, code)).Count(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if n == 0 {
		return nil, httpx.NotFound("票码无效，请核对后重新输入")
	}
	unspent, err := s.db.NewSelect().Model((*token)(nil)).Where("round_id = ?", roundID).Where("token_hash = ?", codeHash(roundID, code)).Count(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return s.view(ctx, roundID, unspent == 0)
}

func (s *Service) view(ctx context.Context, roundID int64, voted bool) (*VoterView, error) {
	r, err := s.get(ctx, roundID, false)
	if err != nil {
		return nil, err
	}
	p, err := r.Paper()
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return &VoterView{ID: r.ID, Kind: r.Kind, Title: r.Title, State: r.State, Over: r.Over(s.now()), ClosesAt: r.ClosesAt,
		Voted: voted, Paper: p}, nil
}

// Module is the engine's descriptor: its tables and the voters' routes (a
// nil service describes the tables only).
func (s *Service) Module() module.Module {
	return module.Module{Name: "ballot", Migrations: Migrations(), Routes: s.Routes, WorkLists: []worklist.Provider{s.toVote()}}
}

// toVote is the 待办 list of the rounds waiting for the caller's ballot.
func (s *Service) toVote() worklist.Provider {
	return worklist.Selected[Mine]("ballot", "待投票", func(ctx context.Context) (*bun.SelectQuery, bool, error) {
		account := rbac.UserID(ctx)
		if account == 0 {
			return nil, false, nil
		}
		return s.mineQuery(account).Where("EXISTS (SELECT 1 FROM ballot_token t WHERE t.round_id = bv.round_id AND t.token_hash = bv.token_hash)"), true, nil
	}, "br.id DESC", func(m *Mine) worklist.Item {
		it := worklist.Item{Key: strconv.FormatInt(m.ID, 10), Title: "待投票", Content: m.Title, Link: m.Link}
		if m.ClosesAt != nil {
			it.Due = m.ClosesAt.Format(time.DateOnly)
		}
		return it
	})
}
