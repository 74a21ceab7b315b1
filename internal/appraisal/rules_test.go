package appraisal

import "testing"

// RULES §4 (《关于开展民主评议党员工作的意见》): 优秀 normally at most a third
// of the members graded, rounded down: with 3 graded at most 1, with 4 at
// most 1, with 6 at most 2.
func TestRule_ExcellentAtMostAThird(t *testing.T) {
	t.Parallel()
	for graded, want := range map[int]int{0: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 9: 3} {
		if got := DefaultShare.ExcellentCap(graded); got != want {
			t.Errorf("1/3 of %d graded: %d, want %d", graded, got, want)
		}
	}
	if got := ParseShare("1/4").ExcellentCap(8); got != 2 {
		t.Errorf("1/4 of 8: %d", got)
	}
	for _, bad := range []string{"", "x", "0/3", "4/3", "1/0", "-1/3", "1/2000"} {
		if ParseShare(bad) != DefaultShare {
			t.Errorf("share %q read as %v", bad, ParseShare(bad))
		}
	}
}

// RULES §4: the vote counts when more than half of the members voted:
// exactly half does not, half + 1 does.
func TestRule_MoreThanHalfMustVote(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		cast, issued int
		want         bool
	}{{3, 6, false}, {4, 6, true}, {3, 5, true}, {2, 5, false}, {0, 0, false}, {1, 1, true}, {1, 2, false}} {
		if got := VoteCounts(c.cast, c.issued); got != c.want {
			t.Errorf("%d of %d: %v", c.cast, c.issued, got)
		}
	}
}

// The proposal: the grade with most votes, a tie to the lower grade; 优秀
// beyond the cap proposed 合格 in the order of 优秀 votes.
func TestProposals_TiesToTheLowerGradeAndTheCap(t *testing.T) {
	t.Parallel()
	if g := Propose(map[string]int{GradeBasic: 2, GradeQualified: 2}); g != GradeBasic {
		t.Errorf("tie: %s", g)
	}
	if g := Propose(map[string]int{GradeExcellent: 3, GradeQualified: 1}); g != GradeExcellent {
		t.Errorf("most: %s", g)
	}
	if g := Propose(map[string]int{}); g != "" {
		t.Errorf("no votes: %q", g)
	}
	got := Proposals([]Candidate{
		{1, map[string]int{GradeExcellent: 3, GradeQualified: 1}},
		{2, map[string]int{GradeExcellent: 4}},
		{3, map[string]int{GradeExcellent: 3, GradeQualified: 1}},
		{4, map[string]int{GradeUnqualified: 2, GradeBasic: 2}},
	}, 2)
	want := map[int64]string{1: GradeExcellent, 2: GradeExcellent, 3: GradeQualified, 4: GradeUnqualified}
	for id, g := range want {
		if got[id] != g {
			t.Errorf("member %d: %s, want %s", id, got[id], g)
		}
	}
	if Words(" 一二 三\n四\tab ") != 6 {
		t.Errorf("words %d", Words(" 一二 三\n四\tab "))
	}
}
