package election_test

import (
	"testing"

	"zhdj/internal/election"
)

// 条例 第十二条 (RULES.md §4): a 差额选举 has at least 20% more candidates
// than seats, ceil(seats × 1.2).
func TestRule_DiffElectionNeedsTwentyPercentMoreCandidates(t *testing.T) {
	t.Parallel()
	for seats, want := range map[int]int{1: 2, 5: 6, 7: 9, 10: 12} {
		if got := election.MinCandidates(seats); got != want {
			t.Errorf("seats %d: at least %d candidates, want %d", seats, got, want)
		}
		if why := election.CheckCandidates(election.MethodDiff, seats, want); why != "" {
			t.Errorf("seats %d with %d candidates refused: %s", seats, want, why)
		}
		if why := election.CheckCandidates(election.MethodDiff, seats, want-1); why == "" {
			t.Errorf("seats %d with %d candidates accepted", seats, want-1)
		}
	}
	if why := election.CheckCandidates(election.MethodDiff, 5, 5); why == "" {
		t.Error("5 seats, 5 candidates accepted for 差额")
	}
	if election.CheckCandidates(election.MethodEqual, 5, 5) != "" || election.CheckCandidates(election.MethodEqual, 5, 6) == "" {
		t.Error("等额: as many candidates as seats")
	}
}

// 条例 第二十九条: elected with more than half of the votes of the members
// with a vote present; exactly half is not elected, half + 1 is.
func TestRule_MajorityOfThosePresent(t *testing.T) {
	t.Parallel()
	counts := []election.Count{{Key: "a", Name: "甲", Votes: 6}, {Key: "b", Name: "乙", Votes: 5}, {Key: "c", Name: "丙", Votes: 4}}
	o := election.Decide(counts, 2, 10, 10)
	byName := map[string]election.Count{}
	for _, c := range o.Counts {
		byName[c.Name] = c
	}
	if !byName["甲"].Elected || byName["乙"].Elected || byName["乙"].Majority {
		t.Fatalf("6 of 10 elected, 5 of 10 (exactly half) not: %+v", o)
	}
	if o.Elected != 1 || o.Short != 1 || o.TiedSeats != 0 {
		t.Fatalf("one elected, one seat short: %+v", o)
	}
	// Odd: 5 present, 3 is more than half.
	if !election.Majority(3, 5) || election.Majority(2, 5) || election.Majority(5, 10) || !election.Majority(6, 10) {
		t.Fatal("majority edges")
	}
	// What the result table names as the votes needed: the fewest that are a majority.
	for present, needed := range map[int]int{10: 6, 5: 3, 4: 3, 1: 1} {
		o := election.Decide(nil, 1, present, present)
		if o.Needed != needed || !election.Majority(needed, present) || election.Majority(needed-1, present) {
			t.Errorf("%d present: needed %d, want %d", present, o.Needed, needed)
		}
	}
}

// More than seats reach the majority: most votes win; a tie at the last
// seat is voted again among the tied; write-ins count with the same majority.
func TestRule_TieAtTheLastSeatAndWriteIns(t *testing.T) {
	t.Parallel()
	counts := []election.Count{{Key: "a", Name: "甲", Votes: 4}, {Key: "b", Name: "乙", Votes: 3}, {Key: "c", Name: "丙", Votes: 3},
		{Name: "丁", WriteIn: true, Votes: 3}}
	o := election.Decide(counts, 2, 5, 5)
	if o.Elected != 1 || o.TiedSeats != 1 || o.Settled() {
		t.Fatalf("甲 elected, 乙/丙/丁 tied for one seat: %+v", o)
	}
	tied := 0
	for _, c := range o.Counts {
		if c.Tied {
			tied++
		}
	}
	if tied != 3 {
		t.Fatalf("three tied (the write-in among them): %+v", o.Counts)
	}
	// Two seats, the two tied fill both: no second vote.
	o = election.Decide(counts[:3], 3, 5, 5)
	if o.Elected != 3 || o.TiedSeats != 0 {
		t.Fatalf("three seats, three with a majority: %+v", o)
	}
	// A write-in with a majority is elected; one without is not.
	o = election.Decide([]election.Count{{Key: "a", Name: "甲", Votes: 2}, {Name: "戊", WriteIn: true, Votes: 3}}, 1, 5, 5)
	if !o.Counts[0].Elected || o.Counts[0].Name != "戊" || o.Counts[1].Elected {
		t.Fatalf("the write-in 戊 elected with 3 of 5: %+v", o)
	}
}

// More ballots received than members present: the vote is void
// (收回的选票多于发出的选票，选举无效); as many is valid. Four fifths must attend.
func TestRule_BallotsAndQuorum(t *testing.T) {
	t.Parallel()
	c := []election.Count{{Key: "a", Name: "甲", Votes: 4}}
	if o := election.Decide(c, 1, 5, 6); o.Valid || o.Elected != 0 {
		t.Fatalf("6 ballots for 5 present: %+v", o)
	}
	if o := election.Decide(c, 1, 5, 5); !o.Valid || o.Elected != 1 {
		t.Fatalf("5 ballots for 5 present: %+v", o)
	}
	if election.Quorate(4, 5) || !election.Quorate(5, 5) || election.Quorate(8, 10) || !election.Quorate(9, 10) {
		t.Fatal("more than four fifths of those expected must attend")
	}
}
