package exam

import (
	"slices"
	"testing"

	"zhdj/internal/pschool/question"
)

// Each examinee's seed gives their own order of questions and options, the
// same on every read; shown keys map back to the paper's keys and again.
func TestShufflePerAttemptAndKeyMapping(t *testing.T) {
	t.Parallel()
	a := &Attempt{Seed: 1, Shuffle: shuffleQuestions | shuffleOptions}
	b := &Attempt{Seed: 2, Shuffle: shuffleQuestions | shuffleOptions}
	if oa, ob := order(a, 20), order(b, 20); slices.Equal(oa, ob) || !slices.Equal(oa, order(a, 20)) {
		t.Fatalf("orders %v / %v", oa, ob)
	}
	opts := []question.Option{{Key: "A", Text: "甲"}, {Key: "B", Text: "乙"}, {Key: "C", Text: "丙"}, {Key: "D", Text: "丁"},
		{Key: "E", Text: "戊"}, {Key: "F", Text: "己"}}
	q := &PaperQuestion{Seq: 3, Type: question.TypeMultiple, Options: opts, Answer: "AC"}
	pa, pb := optionOrder(a, q), optionOrder(b, q)
	if slices.Equal(pa, pb) {
		t.Fatalf("option orders %v / %v", pa, pb)
	}
	// The options shown for 甲 and 丙 map back to A and C.
	var shownAC string
	for j, p := range pa {
		if opts[p].Text == "甲" || opts[p].Text == "丙" {
			shownAC += question.OptionKeys[j]
		}
	}
	stored := toPaper(q, pa, shownAC)
	if score, _ := question.Grade(q.bankQuestion(), stored, 5); score != 5 {
		t.Fatalf("shown %q stored %q scored %d", shownAC, stored, score)
	}
	if back := toShown(q, pa, stored); back != shownAC {
		t.Fatalf("stored %q shown again as %q, want %q", stored, back, shownAC)
	}
	// A key the question has not stays as sent, for CheckAnswer to refuse.
	if got := toPaper(q, pa, "Z"); question.CheckAnswer(q.bankQuestion(), got) == nil {
		t.Fatalf("Z mapped to %q and passed", got)
	}
	// Without shuffling the paper's order stands.
	plain := &Attempt{Seed: 1}
	if !slices.Equal(order(plain, 3), []int{0, 1, 2}) || !slices.Equal(optionOrder(plain, q), []int{0, 1, 2, 3, 4, 5}) {
		t.Fatal("an exam without shuffling shuffled")
	}
}
