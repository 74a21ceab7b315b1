package exam_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"zhdj/internal/platform/rbac"
	"zhdj/internal/pschool/exam"
	"zhdj/internal/pschool/question"
)

// BenchmarkExam2000 is issue 27's exam target on the service (the
// database of ZHDJ_TEST_DB): 2,000 examinees start, autosave every
// question (three rounds, 64 clients at once) and all submit; it prints
// p50/p99 of an autosave and of a submission (targets 200 ms and 500 ms)
// and fails on a lost answer or an attempt not graded exactly once.
// Run it alone: go test -run '^$' -bench Exam2000 ./internal/pschool/exam/
func BenchmarkExam2000(b *testing.B) {
	const examinees, clients = 2000, 64
	for range b.N {
		w := newWorld(b)
		p := w.fixedPaper(b)
		x := w.examOf(b, p.ID, exam.ExamInput{Duration: 60, ShuffleQuestions: true, ShuffleOptions: true})
		svc := w.e.App.Exams
		users := make([]int64, examinees)
		for i := range users {
			users[i] = int64(1_000_000 + i)
		}
		if err := svc.SetExaminees(b.Context(), w.e.DB, x.ID, users); err != nil {
			b.Fatal(err)
		}
		as := func(u int64) context.Context { return rbac.With(b.Context(), &rbac.Principal{UserID: u}) }
		attempts := make([]exam.AttemptView, examinees)
		run(b, examinees, clients, func(i int) error {
			v, err := svc.Start(as(users[i]), x.ID, exam.StartInput{})
			attempts[i] = v
			return err
		})
		answers := []string{"A", "AC", question.JudgeTrue, `["井冈山","1927"]`, "全心全意为人民服务"}
		var saves []time.Duration
		for round := range 3 {
			saves = append(saves, run(b, examinees*5, clients, func(k int) error {
				i, q := k/5, k%5
				v := attempts[i]
				_, err := svc.Save(as(users[i]), v.ID, exam.AnswerInput{Seq: q + 1, Answer: answers[q]})
				_ = round
				return err
			})...)
		}
		submits := run(b, examinees, clients, func(i int) error {
			_, err := svc.Submit(as(users[i]), attempts[i].ID)
			return err
		})
		n, err := w.e.DB.NewSelect().Model((*exam.Answer)(nil)).Where("attempt_id IN (SELECT id FROM ks_attempt WHERE exam_id = ?)", x.ID).Count(b.Context())
		if err != nil || n != examinees*5 {
			b.Fatalf("%d answer rows, want %d (%v)", n, examinees*5, err)
		}
		done, err := w.e.DB.NewSelect().Model((*exam.Attempt)(nil)).Where("exam_id = ?", x.ID).Where("state = ?", exam.AttemptSubmitted).
			Where("pending = 1").Count(b.Context())
		if err != nil || done != examinees {
			b.Fatalf("%d attempts submitted and graded, want %d (%v)", done, examinees, err)
		}
		b.Logf("autosave: %d, p50 %v, p99 %v; submission: %d, p50 %v, p99 %v", len(saves), pct(saves, 50), pct(saves, 99),
			len(submits), pct(submits, 50), pct(submits, 99))
		fmt.Printf("BenchmarkExam2000: autosave p50 %v p99 %v; submit p50 %v p99 %v\n", pct(saves, 50), pct(saves, 99), pct(submits, 50), pct(submits, 99))
	}
}

// run calls op(0) … op(n-1) from clients goroutines at once and answers each call's time.
func run(b *testing.B, n, clients int, op func(i int) error) []time.Duration {
	b.Helper()
	times := make([]time.Duration, n)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				start := time.Now()
				err := op(i)
				times[i] = time.Since(start)
				if err != nil {
					mu.Lock()
					if first == nil {
						first = fmt.Errorf("call %d: %w", i, err)
					}
					mu.Unlock()
				}
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	if first != nil {
		b.Fatal(first)
	}
	return times
}

func pct(d []time.Duration, p int) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[(len(s)-1)*p/100].Round(100 * time.Microsecond)
}
