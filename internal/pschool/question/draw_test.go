package question_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/pschool/question"
)

// bank puts n questions of typ at difficulty into org's bank, tagged tag
// when set, and answers their ids.
func bank(t *testing.T, e *apptest.Env, org int64, typ, difficulty, n int, tag string) []int64 {
	t.Helper()
	ctx := context.Background()
	var ids []int64
	for range n {
		q := &question.Question{OrgID: org, Type: typ, Stem: "题干", Answer: question.JudgeTrue, Difficulty: difficulty, Enabled: true, Tags: tag}
		q.CreatedAt, q.UpdatedAt = time.Now(), time.Now()
		if err := q.Encode(); err != nil {
			t.Fatal(err)
		}
		if _, err := e.DB.NewInsert().Model(q).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if tag != "" {
			if _, err := e.DB.NewInsert().Model(&question.Tag{QuestionID: q.ID, Tag: tag}).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		ids = append(ids, q.ID)
	}
	return ids
}

// A random paper is reproducible from its seed (the issue: "random papers
// reproducible from their seed"), rules do not draw a question twice, and
// the draw keeps to the orgs, type, tag and difficulty of each rule.
func TestDraw_ReproducibleFromItsSeed(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Campus(t)
	ctx := context.Background()
	judge := bank(t, e, c.Root, question.TypeJudge, 3, 30, "")
	tagged := bank(t, e, c.CS, question.TypeJudge, 3, 5, "党章")
	hard := bank(t, e, c.Root, question.TypeJudge, 5, 3, "")
	other := bank(t, e, c.Math, question.TypeJudge, 3, 10, "党章") // another school's bank
	s := e.App.Questions
	rules := []question.Rule{{Type: question.TypeJudge, Tag: "党章", Count: 3}, {Type: question.TypeJudge, Difficulty: 3, Count: 20}, {Type: question.TypeJudge, Difficulty: 5, Count: 3}}
	orgs := []int64{c.Root, c.CS}
	first, err := s.Draw(ctx, e.DB, orgs, rules, 42)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.Draw(ctx, e.DB, orgs, rules, 42)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(first, again) {
		t.Fatalf("seed 42 drew %v, then %v", first, again)
	}
	other42, err := s.Draw(ctx, e.DB, orgs, rules, 43)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(first, other42) {
		t.Fatalf("seeds 42 and 43 drew the same paper %v", first)
	}
	if len(first) != 26 {
		t.Fatalf("drew %d questions, want 26", len(first))
	}
	seen := map[int64]bool{}
	for i, id := range first {
		if seen[id] {
			t.Fatalf("question %d drawn twice", id)
		}
		seen[id] = true
		switch {
		case slices.Contains(other, id):
			t.Fatalf("drew question %d of another school", id)
		case i < 3 && !slices.Contains(tagged, id):
			t.Fatalf("rule 1 drew %d, not tagged 党章", id)
		case i >= 3 && i < 23 && !slices.Contains(judge, id) && !slices.Contains(tagged, id):
			t.Fatalf("rule 2 drew %d, not of difficulty 3", id)
		case i >= 23 && !slices.Contains(hard, id):
			t.Fatalf("rule 3 drew %d, not of difficulty 5", id)
		}
	}
}

// A rule the bank cannot fill is refused naming it, with how many there are.
func TestDraw_RuleTheBankCannotFill(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Campus(t)
	bank(t, e, c.Root, question.TypeSingle, 2, 4, "")
	_, err := e.App.Questions.Draw(context.Background(), e.DB, []int64{c.Root}, []question.Rule{{Type: question.TypeSingle, Count: 4}, {Type: question.TypeSingle, Count: 1}}, 1)
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != 400 || he.Field != "rules[1]" || !strings.Contains(he.Message, "只有0道，不足1道") {
		t.Fatalf("a fifth 单选题 of four: %v", err)
	}
}
