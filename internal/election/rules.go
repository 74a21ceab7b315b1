package election

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"slices"
)

// The election rules (RULES.md §4; 《中国共产党基层组织选举工作条例》, see
// docs/election.md for where each was read):
//
//   - 差额选举: the candidates are at least 20% more than the seats
//     (第十二条), so at least ceil(seats × 1.2);
//   - the vote may go ahead only when more than four fifths of the members
//     with a vote attend (有选举权的到会人数超过应到会人数的五分之四);
//   - the ballots received may not exceed those present, else the vote is
//     void and held again (收回的选票多于发出的选票，选举无效);
//   - a person is elected with more than half of the votes of the members
//     with a vote present (第二十九条: 赞成票超过实到会有选举权的人数的一半);
//     exactly half is not enough;
//   - when more reach the majority than there are seats, the most votes win
//     and a tie at the last seat is voted again among the tied (票数相等
//     ... 再次投票); when fewer reach it, the missing seats are voted again
//     (另行选举); a write-in name needs the same majority.

// MinCandidates is the fewest candidates a 差额选举 of seats may have:
// ceil(seats × 1.2), in integers (1 → 2, 5 → 6, 7 → 9, 10 → 12).
func MinCandidates(seats int) int { return (seats*12 + 9) / 10 }

// CheckCandidates tells why n candidates do not suit seats by method ("" when they do).
func CheckCandidates(method string, seats, n int) string {
	switch method {
	case MethodEqual:
		if n != seats {
			return fmt.Sprintf("等额选举的候选人数应等于应选人数（%d名），现有%d名", seats, n)
		}
	default:
		if min := MinCandidates(seats); n < min {
			return fmt.Sprintf("差额选举的候选人数应多于应选人数的20%%：应选%d名，候选人至少%d名，现有%d名", seats, min, n)
		}
	}
	return ""
}

// Quorate tells whether present of expected members with a vote may hold
// the vote: more than four fifths (present × 5 > expected × 4).
func Quorate(present, expected int) bool { return expected > 0 && present*5 > expected*4 }

// Majority tells whether votes are more than half of present.
func Majority(votes, present int) bool { return votes*2 > present }

// Count is a name's votes in a vote: an option of the paper (Key) or a
// write-in (WriteIn, Key "").
type Count struct {
	Key      string `json:"key,omitempty"`
	Name     string `json:"name"`
	MemberID int64  `json:"memberId,omitempty"`
	WriteIn  bool   `json:"writeIn,omitempty"`
	Votes    int    `json:"votes"`
	// Majority: more than half of those present; Elected: takes a seat;
	// Tied: tied at the last seat, voted again.
	Majority bool `json:"majority"`
	Elected  bool `json:"elected"`
	Tied     bool `json:"tied"`
}

// Outcome is a vote's result: the counts (most votes first), whether the
// vote stands, how many were elected, the seats left to a tie and the seats
// no one filled.
type Outcome struct {
	Ballots int `json:"ballots"`
	Present int `json:"present"`
	// Needed is the fewest votes that are more than half of Present.
	Needed  int     `json:"needed"`
	Seats   int     `json:"seats"`
	Valid   bool    `json:"valid"`
	Counts  []Count `json:"counts"`
	Elected int     `json:"elected"`
	// TiedSeats are the seats a tie leaves open (another vote among the
	// tied); Short the seats no one took with a majority (另行选举).
	TiedSeats int `json:"tiedSeats"`
	Short     int `json:"short"`
	// Secretary is the vote for secretary when the meeting elects one
	// directly (nil otherwise).
	Secretary *Outcome `json:"secretary,omitempty"`
}

// Decide applies the rules to counts for seats with present members with a
// vote present and ballots received.
func Decide(counts []Count, seats, present, ballots int) Outcome {
	out := Outcome{Ballots: ballots, Present: present, Needed: present/2 + 1, Seats: seats, Valid: ballots <= present && present > 0,
		Counts: slices.Clone(counts)}
	slices.SortStableFunc(out.Counts, func(a, b Count) int {
		if a.Votes != b.Votes {
			return b.Votes - a.Votes
		}
		return 0
	})
	if !out.Valid {
		return out
	}
	var majority []int
	for i := range out.Counts {
		c := &out.Counts[i]
		c.Majority = Majority(c.Votes, present)
		if c.Majority {
			majority = append(majority, i)
		}
	}
	if len(majority) <= seats {
		for _, i := range majority {
			out.Counts[i].Elected = true
		}
		out.Elected = len(majority)
		out.Short = seats - len(majority)
		return out
	}
	// More than seats reached the majority: the most votes win; those with
	// the votes of the last seat share it when there are too many of them.
	last := out.Counts[majority[seats-1]].Votes
	above := 0
	var tied []int
	for _, i := range majority {
		switch v := out.Counts[i].Votes; {
		case v > last:
			out.Counts[i].Elected = true
			above++
		case v == last:
			tied = append(tied, i)
		}
	}
	if above+len(tied) == seats {
		for _, i := range tied {
			out.Counts[i].Elected = true
		}
		out.Elected = seats
		return out
	}
	for _, i := range tied {
		out.Counts[i].Tied = true
	}
	out.Elected = above
	out.TiedSeats = seats - above
	return out
}

// Settled tells whether the outcome leaves nothing to vote again: no tie.
func (o *Outcome) Settled() bool {
	return o.Valid && o.TiedSeats == 0 && (o.Secretary == nil || o.Secretary.Settled())
}

// jsonOf is a value stored as JSON text.
type jsonOf[T any] struct{ V T }

// Value writes the JSON.
func (j jsonOf[T]) Value() (driver.Value, error) {
	b, err := json.Marshal(j.V)
	return string(b), err
}

// Scan reads the JSON.
func (j *jsonOf[T]) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		return nil
	case string:
		return json.Unmarshal([]byte(v), &j.V)
	case []byte:
		return json.Unmarshal(v, &j.V)
	}
	return fmt.Errorf("election: cannot scan %T as JSON", src)
}

// MarshalJSON writes the value.
func (j jsonOf[T]) MarshalJSON() ([]byte, error) { return json.Marshal(j.V) }

// UnmarshalJSON reads the value.
func (j *jsonOf[T]) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &j.V) }

// Value writes an outcome as JSON (nil: NULL).
func (o *Outcome) Value() (driver.Value, error) {
	if o == nil {
		return nil, nil
	}
	b, err := json.Marshal(*o)
	return string(b), err
}

// Scan reads an outcome's JSON.
func (o *Outcome) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		return nil
	case string:
		return json.Unmarshal([]byte(v), o)
	case []byte:
		return json.Unmarshal(v, o)
	}
	return fmt.Errorf("election: cannot scan %T as an outcome", src)
}
