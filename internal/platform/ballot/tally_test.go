package ballot_test

import (
	"context"
	"fmt"
	"maps"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
)

// survey is a paper with a choice, a text and a write-in.
func surveyPaper() ballot.Paper {
	return ballot.Paper{Title: "问卷", Questions: []ballot.Question{
		{Key: "q1", Kind: ballot.Single, Title: "总体评价", Required: true, Options: []ballot.Option{{Key: "a", Label: "好"}, {Key: "b", Label: "差"}}},
		{Key: "q2", Kind: ballot.Text, Title: "意见建议"},
		{Key: "q3", Kind: ballot.Multiple, Title: "候选人", WriteIn: true, Options: []ballot.Option{{Key: "p1", Label: "张三"}}},
	}}
}

// kept reads whether the round's count is kept and how many rows it has.
func kept(t *testing.T, database *bun.DB, roundID int64) (bool, int) {
	t.Helper()
	var counted bool
	if err := database.NewRaw(`SELECT counted FROM ballot_round WHERE id = ?`, roundID).Scan(context.Background(), &counted); err != nil {
		t.Fatal(err)
	}
	n, err := database.NewSelect().Table("ballot_count").Where("round_id = ?", roundID).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return counted, int(n)
}

// The close keeps the count (ballots, marks per choice, texts per item) in
// the same transaction; the tally read afterwards is that kept count, and
// it is what the ballots say.
func TestCloseKeepsTheCount(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	database := db.NewTest(t, ballot.Migrations())
	s := ballot.New(database, nil)
	o, err := s.Open(ctx, database, ballot.Spec{Kind: "test", Paper: surveyPaper(), Voters: []int64{1, 2, 3, 4}, Link: "/wj"})
	if err != nil {
		t.Fatal(err)
	}
	ballots := [][]ballot.Mark{
		{{Item: "q1", Choice: "a"}, {Item: "q2", Text: "多组织活动"}, {Item: "q3", Choice: "p1"}},
		{{Item: "q1", Choice: "a"}, {Item: "q2", Text: "多组织活动"}, {Item: "q3", Choice: "*", Text: "李四"}},
		{{Item: "q1", Choice: "b"}},
	}
	for i, marks := range ballots {
		if err := s.CastAs(ctx, o.RoundID, int64(i+1), marks); err != nil {
			t.Fatal(err)
		}
	}
	if counted, n := kept(t, database, o.RoundID); counted || n != 0 {
		t.Fatalf("a count kept while voting goes on: %v, %d rows", counted, n)
	}
	if err := s.Close(ctx, database, o.RoundID); err != nil {
		t.Fatal(err)
	}
	if counted, n := kept(t, database, o.RoundID); !counted || n != 6 { // ballots, q1 a/b, q2 texts, q3 p1/*
		t.Fatalf("after the close: counted %v, %d rows; want the count in 6 rows", counted, n)
	}
	// The kept count, not the ballots, is what the tally reads: a ballot
	// slipped in behind the engine's back does not change it.
	if _, err := database.NewRaw(`INSERT INTO ballot_ballot (round_id, id, marks) VALUES (?, 'ffff', '[{"i":"q1","c":"b"}]')`, o.RoundID).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	tally, err := s.TallyOf(ctx, o.RoundID)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]int{"q1": {"a": 2, "b": 1}, "q3": {"p1": 1, "*": 1}}
	if tally.Ballots != 3 || !maps.EqualFunc(tally.Counts, want, maps.Equal) || !maps.Equal(tally.Texts, map[string]int{"q2": 2}) {
		t.Fatalf("tally %+v", tally)
	}
}

// A round that ends by its deadline is counted live until a minute after
// it (an instance whose clock runs behind may still take a ballot), then
// kept on the first reading — once, however many read at the same time.
func TestDeadlineRoundIsKeptAMinuteAfterItsDeadline(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	database := db.NewTest(t, ballot.Migrations())
	now := time.Date(2026, 11, 30, 9, 0, 0, 0, time.Local)
	var mu sync.Mutex
	s := ballot.New(database, func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	setNow := func(t time.Time) { mu.Lock(); defer mu.Unlock(); now = t }
	closes := now.Add(time.Hour)
	o, err := s.Open(ctx, database, ballot.Spec{Kind: "test", Paper: grades("m1", "m2"), Voters: []int64{1, 2}, ClosesAt: &closes, Link: "/x"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CastAs(ctx, o.RoundID, 1, vote("A", "B")); err != nil {
		t.Fatal(err)
	}
	setNow(closes.Add(time.Minute - time.Second))
	if tally, err := s.TallyOf(ctx, o.RoundID); err != nil || tally.Ballots != 1 || tally.Count("m1", "A") != 1 {
		t.Fatalf("59 s after the deadline: %+v %v", tally, err)
	}
	if counted, n := kept(t, database, o.RoundID); counted || n != 0 {
		t.Fatalf("kept 59 s after the deadline: %v, %d rows", counted, n)
	}
	// A ballot a slow clock let in within that minute is counted.
	if _, err := database.NewRaw(`INSERT INTO ballot_ballot (round_id, id, marks) VALUES (?, 'ffff', '[{"i":"m1","c":"D"},{"i":"m2","c":"D"}]')`, o.RoundID).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	setNow(closes.Add(time.Minute))
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			tally, err := s.TallyOf(ctx, o.RoundID)
			if err == nil && (tally.Ballots != 2 || tally.Count("m1", "D") != 1) {
				err = fmt.Errorf("tally %+v", tally)
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("a minute after the deadline, 8 readers at once: %v", err)
		}
	}
	if counted, n := kept(t, database, o.RoundID); !counted || n != 5 { // the ballots, m1 A and D, m2 B and D
		t.Fatalf("a minute after the deadline: counted %v, %d rows", counted, n)
	}
}

// Texts are grouped and paged in SQL, most frequent first, with the number
// of distinct texts; a page past the last still says how many there are.
func TestTextsArePagedWithTheirTotal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	database := db.NewTest(t, ballot.Migrations())
	s := ballot.New(database, nil)
	voters := []int64{1, 2, 3, 4, 5}
	o, err := s.Open(ctx, database, ballot.Spec{Kind: "test", Paper: surveyPaper(), Voters: voters, Link: "/wj"})
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range []string{"乙", "甲", "甲", "丙", "甲"} {
		if err := s.CastAs(ctx, o.RoundID, voters[i], []ballot.Mark{{Item: "q1", Choice: "a"}, {Item: "q2", Text: text}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := s.Texts(ctx, o.RoundID, "q2", 0, 10); status(err) != 409 {
		t.Fatalf("texts while voting goes on: %v, want 409", err)
	}
	if err := s.Close(ctx, database, o.RoundID); err != nil {
		t.Fatal(err)
	}
	page, total, err := s.Texts(ctx, o.RoundID, "q2", 0, 2)
	if err != nil || total != 3 || len(page) != 2 || page[0] != (ballot.TextCount{Text: "甲", N: 3}) || page[1].N != 1 {
		t.Fatalf("first page %+v of %d %v", page, total, err)
	}
	page, total, err = s.Texts(ctx, o.RoundID, "q2", 2, 2)
	if err != nil || total != 3 || len(page) != 1 {
		t.Fatalf("second page %+v of %d %v", page, total, err)
	}
	page, total, err = s.Texts(ctx, o.RoundID, "q2", 10, 2)
	if err != nil || total != 3 || len(page) != 0 {
		t.Fatalf("past the last page %+v of %d %v", page, total, err)
	}
}

// A score question's marks are counted per value and row, as any choice.
func TestScoresAreCountedPerValue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	database := db.NewTest(t, ballot.Migrations())
	s := ballot.New(database, nil)
	paper := ballot.Paper{Title: "干部考核", Questions: []ballot.Question{
		{Key: "c1", Kind: ballot.Score, Title: "张三", Required: true, Rows: []ballot.Option{{Key: "de", Label: "德"}, {Key: "neng", Label: "能"}}},
		{Key: "all", Kind: ballot.Score, Title: "总体"},
	}}
	o, err := s.Open(ctx, database, ballot.Spec{Kind: "test", Paper: paper, Voters: []int64{1, 2, 3}, Link: "/x"})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range [][3]string{{"90", "80", "100"}, {"090", "70", ""}, {"0", "80", "100"}} {
		marks := []ballot.Mark{{Item: "c1.de", Choice: v[0]}, {Item: "c1.neng", Choice: v[1]}}
		if v[2] != "" {
			marks = append(marks, ballot.Mark{Item: "all", Choice: v[2]})
		}
		if err := s.CastAs(ctx, o.RoundID, int64(i+1), marks); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(ctx, database, o.RoundID); err != nil {
		t.Fatal(err)
	}
	tally, err := s.TallyOf(ctx, o.RoundID)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]int{"c1.de": {"90": 2, "0": 1}, "c1.neng": {"80": 2, "70": 1}, "all": {"100": 2}}
	if tally.Ballots != 3 || !maps.EqualFunc(tally.Counts, want, maps.Equal) {
		t.Fatalf("tally %+v, want %v", tally, want)
	}
}
