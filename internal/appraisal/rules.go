package appraisal

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// The rules of 民主评议党员 (RULES §4; 中共中央组织部《关于开展民主评议党员工作的意见》,
// 1988): 优秀 normally at most a third of the members graded; probationary
// members take part and vote but get no grade; the vote counts when more
// than half of the members voted.

// Share is the largest share of the graded members that may be graded 优秀.
type Share struct{ Num, Den int }

// DefaultShare is 1/3.
var DefaultShare = Share{1, 3}

// ParseShare reads a share as the setting writes it ("1/3"); a malformed
// one, or one outside (0, 1], is the default.
func ParseShare(s string) Share {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok {
		return DefaultShare
	}
	n, err1 := strconv.Atoi(strings.TrimSpace(a))
	d, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || n <= 0 || d <= 0 || n > d || d > 1000 {
		return DefaultShare
	}
	return Share{n, d}
}

// String is the share as people read it ("1/3").
func (s Share) String() string { return strconv.Itoa(s.Num) + "/" + strconv.Itoa(s.Den) }

// ExcellentCap is the most members of graded that may be graded 优秀: the
// share of them, rounded down (1/3: 3 → 1, 4 → 1, 6 → 2).
func (s Share) ExcellentCap(graded int) int {
	if graded <= 0 {
		return 0
	}
	return graded * s.Num / s.Den
}

// VoteCounts tells whether a vote counts: more than half of the members
// on the roll (issued ballots) voted; exactly half does not.
func VoteCounts(cast, issued int) bool { return issued > 0 && cast*2 > issued }

// Propose is the proposed grade of counts (votes per grade): the grade with
// the most votes, a tie going to the lower grade; "" when nobody graded
// the member.
func Propose(counts map[string]int) string {
	best, most := "", 0
	for _, g := range Grades { // best first: a later grade with as many votes wins the tie
		if n := counts[g]; n > 0 && n >= most {
			best, most = g, n
		}
	}
	return best
}

// Candidate is a graded member's counts for the proposal.
type Candidate struct {
	ID     int64
	Counts map[string]int
}

// Proposals are the proposed grades of the graded members (by ID): each
// member's Propose, then, when more are proposed 优秀 than cap, those with
// the most 优秀 votes keep it (ties in the members' order) and the others
// are proposed 合格.
func Proposals(members []Candidate, cap int) map[int64]string {
	out := make(map[int64]string, len(members))
	var excellent []Candidate
	for _, m := range members {
		out[m.ID] = Propose(m.Counts)
		if out[m.ID] == GradeExcellent {
			excellent = append(excellent, m)
		}
	}
	if len(excellent) > cap {
		slices.SortStableFunc(excellent, func(a, b Candidate) int { return b.Counts[GradeExcellent] - a.Counts[GradeExcellent] })
		for _, m := range excellent[max(cap, 0):] {
			out[m.ID] = GradeQualified
		}
	}
	return out
}

// Words counts a summary's characters the way the page shows them: every
// character but white space (a Chinese text's 字数).
func Words(s string) int {
	n := 0
	for _, r := range s {
		if !unicode.IsSpace(r) {
			n++
		}
	}
	return n
}

// Template is the personal summary's starting text (the page offers it to
// a member who has written nothing yet).
const Template = `一、思想政治方面（学习贯彻党的理论、坚定理想信念的情况）

二、履行党员义务方面（遵守党的纪律、参加组织生活、按时交纳党费、发挥先锋模范作用的情况）

三、工作学习方面（本职工作、服务群众的情况）

四、存在的问题和不足

五、今后的努力方向和改进措施`
