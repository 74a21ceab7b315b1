package ballot_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

func TestMain(m *testing.M) { db.TestMain(m) }

// grades is an appraisal-like paper: one single choice per member.
func grades(members ...string) ballot.Paper {
	p := ballot.Paper{Title: "2026年度民主评议党员"}
	for _, m := range members {
		p.Questions = append(p.Questions, ballot.Question{Key: m, Kind: ballot.Single, Title: m, Required: true,
			Options: []ballot.Option{{Key: "A", Label: "优秀"}, {Key: "B", Label: "合格"}, {Key: "C", Label: "基本合格"}, {Key: "D", Label: "不合格"}}})
	}
	return p
}

func open(t *testing.T, database *bun.DB, s *ballot.Service, voters []int64, codes int) ballot.Opened {
	t.Helper()
	o, err := s.Open(context.Background(), database, ballot.Spec{Kind: "test", RefID: 1, Paper: grades("m1", "m2"),
		Voters: voters, Codes: codes, Link: "/mzpydy"})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func status(err error) int {
	var e *httpx.Error
	if errors.As(err, &e) {
		return e.Status
	}
	return 0
}

func vote(a, b string) []ballot.Mark {
	return []ballot.Mark{{Item: "m1", Choice: a}, {Item: "m2", Choice: b}}
}

func TestRoundCastsOncePerVoterAndCountsAfterClose(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	database := db.NewTest(t, ballot.Migrations())
	s := ballot.New(database, nil)
	o := open(t, database, s, []int64{11, 12, 13, 12}, 2)
	if len(o.Codes) != 2 || len(o.Codes[0].Code) != ballot.CodeLen {
		t.Fatalf("codes %+v", o.Codes)
	}
	r, _ := s.Get(ctx, o.RoundID)
	if r.Issued != 5 || r.Link != "/mzpydy?round="+strconv.FormatInt(o.RoundID, 10) {
		t.Fatalf("issued %d (3 accounts, a duplicate dropped, 2 codes), link %q", r.Issued, r.Link)
	}
	if err := s.CastAs(ctx, o.RoundID, 11, vote("A", "B")); err != nil {
		t.Fatal(err)
	}
	if err := s.CastAs(ctx, o.RoundID, 11, vote("B", "B")); status(err) != http.StatusConflict {
		t.Fatalf("second ballot of one voter: %v, want 409", err)
	}
	if err := s.CastAs(ctx, o.RoundID, 99, vote("B", "B")); status(err) != http.StatusNotFound {
		t.Fatalf("a voter not on the roll: %v, want 404", err)
	}
	if err := s.CastAs(ctx, o.RoundID, 12, []ballot.Mark{{Item: "m1", Choice: "A"}}); status(err) != http.StatusBadRequest {
		t.Fatalf("a required question unanswered: %v, want 400", err)
	}
	if err := s.CastCode(ctx, o.RoundID, strings.ToLower(o.Codes[0].Code), vote("B", "D")); err != nil {
		t.Fatalf("a printed code, typed in lower case: %v", err)
	}
	if err := s.CastCode(ctx, o.RoundID, o.Codes[0].Code, vote("B", "D")); status(err) != http.StatusConflict {
		t.Fatalf("a code used twice: %v, want 409", err)
	}
	if err := s.CastCode(ctx, o.RoundID, "2345678923", vote("B", "D")); status(err) != http.StatusConflict && status(err) != http.StatusNotFound {
		t.Fatalf("a code not issued: %v", err)
	}
	if _, err := s.TallyOf(ctx, o.RoundID); status(err) != http.StatusConflict {
		t.Fatalf("results while voting goes on: %v, want 409", err)
	}
	st, err := s.StandingOf(ctx, o.RoundID, 11)
	if err != nil || !st.OnRoll || !st.Voted {
		t.Fatalf("standing of a voter who voted: %+v %v", st, err)
	}
	to, err := s.TurnoutOf(ctx, o.RoundID)
	if err != nil || to.Cast != 2 || !slices.Equal(to.NotVoted, []int64{12, 13}) || to.CodesLeft != 1 {
		t.Fatalf("turnout %+v %v", to, err)
	}
	if err := s.Close(ctx, database, o.RoundID); err != nil {
		t.Fatal(err)
	}
	if err := s.CastAs(ctx, o.RoundID, 12, vote("A", "A")); status(err) != http.StatusConflict {
		t.Fatalf("a ballot after the close: %v, want 409", err)
	}
	tally, err := s.TallyOf(ctx, o.RoundID)
	if err != nil {
		t.Fatal(err)
	}
	if tally.Ballots != 2 || tally.Count("m1", "A") != 1 || tally.Count("m1", "B") != 1 || tally.Count("m2", "B") != 1 || tally.Count("m2", "D") != 1 {
		t.Fatalf("tally %+v", tally)
	}
}

// One vote per token under 50 concurrent submissions of the same token
// (and of the same account): exactly one ballot is stored and counted.
func TestConcurrentCastsOfOneTokenStoreOneBallot(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	database := db.NewTest(t, ballot.Migrations())
	s := ballot.New(database, nil)
	o := open(t, database, s, []int64{21}, 1)
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, spent := 0, 0
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			if i%2 == 0 {
				err = s.CastAs(ctx, o.RoundID, 21, vote("A", "B"))
			} else {
				err = s.CastCode(ctx, o.RoundID, o.Codes[0].Code, vote("B", "B"))
			}
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case status(err) == http.StatusConflict:
				spent++
			default:
				t.Errorf("cast: %v", err)
			}
		}()
	}
	wg.Wait()
	if ok != 2 || spent != 48 {
		t.Fatalf("%d ballots stored, %d refused; want 2 (one per token) and 48", ok, spent)
	}
	if err := s.Close(ctx, database, o.RoundID); err != nil {
		t.Fatal(err)
	}
	tally, _ := s.TallyOf(ctx, o.RoundID)
	r, _ := s.Get(ctx, o.RoundID)
	if tally.Ballots != 2 || r.Cast != 2 {
		t.Fatalf("ballots %d, count %d; want 2", tally.Ballots, r.Cast)
	}
}

func TestDeadlineEndsVoting(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	database := db.NewTest(t, ballot.Migrations())
	now := time.Date(2026, 11, 30, 9, 0, 0, 0, time.Local)
	s := ballot.New(database, func() time.Time { return now })
	closes := now.Add(time.Hour)
	o, err := s.Open(ctx, database, ballot.Spec{Kind: "test", Paper: grades("m1", "m2"), Voters: []int64{1, 2}, ClosesAt: &closes, Link: "/x"})
	if err != nil {
		t.Fatal(err)
	}
	now = closes.Add(-time.Second)
	if err := s.CastAs(ctx, o.RoundID, 1, vote("A", "B")); err != nil {
		t.Fatalf("a second before the deadline: %v", err)
	}
	now = closes
	if err := s.CastAs(ctx, o.RoundID, 2, vote("A", "B")); status(err) != http.StatusConflict {
		t.Fatalf("at the deadline: %v, want 409", err)
	}
	if tally, err := s.TallyOf(ctx, o.RoundID); err != nil || tally.Ballots != 1 {
		t.Fatalf("results after the deadline: %+v %v", tally, err)
	}
}

// Casts racing the close of their round, eight at a time: each is either
// refused as closed or in the count the close kept — the ballots counted,
// the casts accepted and the turnout (the tokens issued less those left)
// agree, and the round's ballots are all there. The close comes in while
// the casts go on (some are refused): on PostgreSQL casts hold the round's
// row shared, and without the engine's turnstile the close waited for the
// last of them.
func TestCastsRacingTheCloseAreCountedOrRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	database := db.NewTest(t, ballot.Migrations())
	s := ballot.New(database, nil)
	const voters = 160
	ids := make([]int64, voters)
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	o := open(t, database, s, ids, 0)
	var mu sync.Mutex
	accepted, refused := 0, 0
	next := make(chan int64)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for a := range next {
				err := s.CastAs(ctx, o.RoundID, a, vote("A", "B"))
				mu.Lock()
				var e *httpx.Error
				switch {
				case err == nil:
					accepted++
				case errors.As(err, &e) && e.Status == http.StatusConflict && strings.Contains(e.Message, "已结束"):
					refused++
				default:
					t.Errorf("voter %d: %v", a, err)
				}
				mu.Unlock()
			}
		})
	}
	closed := make(chan error, 1)
	for i, a := range ids {
		if i == voters/4 {
			go func() { closed <- s.Close(ctx, database, o.RoundID) }()
		}
		next <- a
	}
	close(next)
	wg.Wait()
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	tally, err := s.TallyOf(ctx, o.RoundID)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Get(ctx, o.RoundID)
	if err != nil {
		t.Fatal(err)
	}
	var stored int
	if err := database.NewRaw(`SELECT COUNT(*) FROM ballot_ballot WHERE round_id = ?`, o.RoundID).Scan(ctx, &stored); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d casts accepted, %d refused as closed", accepted, refused)
	if accepted+refused != voters || tally.Ballots != accepted || tally.Count("m1", "A") != accepted || r.Cast != accepted || stored != accepted {
		t.Fatalf("%d accepted + %d refused of %d; counted %d (m1 A %d), turnout %d, stored %d",
			accepted, refused, voters, tally.Ballots, tally.Count("m1", "A"), r.Cast, stored)
	}
	if accepted == 0 || refused == 0 {
		t.Fatalf("%d accepted, %d refused: the close, started after a quarter of the casts, did not come in while they went on", accepted, refused)
	}
}
