package assess_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/benchkit"
	"zhdj/internal/cadre/assess"
	"zhdj/internal/platform/ballot"
)

// benchRound is a draft round of 600 cadres, 20 in each of 30 units, with
// the world's scheme (a level matrix and a score row per cadre).
func benchRound(b *testing.B, units, perUnit int) (*world, int64) {
	w := newWorld(b)
	e := w.e
	ids := make([]int64, units)
	for u := range units {
		ids[u] = e.Unit(b, fmt.Sprintf("学院%02d", u), w.c.CS)
		for c := range perUnit {
			e.Cadre(b, fmt.Sprintf("干部%02d%02d", u, c), ids[u], "1975-03-01", "副院长", "4", "2")
		}
	}
	id := e.Create(b, e.AdminTK, "/api/gbkh/rounds", map[string]any{"name": "基准考核", "year": 2026, "schemeId": w.scheme})
	apptest.Expect(b, e.Do("POST", fmt.Sprintf("/api/gbkh/rounds/%d/cadres", id), e.AdminTK, map[string]any{"unitIds": ids}), 201)
	return w, id
}

// benchMarks answers every row of paper p, varied by i.
func benchMarks(p ballot.Paper, i int) []ballot.Mark {
	var out []ballot.Mark
	for qi, q := range p.Questions {
		for ri, r := range q.Rows {
			choice := fmt.Sprint(60 + (i*7+qi+ri)%41)
			if q.Kind != ballot.Score {
				choice = q.Options[(i+qi+ri)%len(q.Options)].Key
			}
			out = append(out, ballot.Mark{Item: q.Key + "." + r.Key, Choice: choice})
		}
	}
	return out
}

// BenchmarkCount600x300 is issue 29's target: a round of 600 cadres and 300
// evaluators computed in ≤ 5 s. Every evaluator answers every cadre (the
// upper bound: 30 papers of 20 cadres, 300 ballots each, 9,000 ballots of
// 100 answers); the ballots go through the engine untimed; the close —
// the engine's 30 rounds closed, every ballot read, vetted by the scheme's
// rule, scored, ranked and graded, 600 rows written — is timed.
func BenchmarkCount600x300(b *testing.B) {
	const units, perUnit, evaluators = 30, 20, 300
	w, id := benchRound(b, units, perUnit)
	e := w.e
	ctx := context.Background()
	apptest.Expect(b, w.draw(b, id, map[string]any{"groupKey": "lead", "source": "codes", "codes": evaluators}), 201)
	opened := w.open(b, id)
	jobs := make(chan func())
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for job := range jobs {
				job()
			}
		})
	}
	for _, p := range opened.Codes {
		r, err := e.App.Ballots.Get(ctx, p.BallotRoundID)
		if err != nil {
			b.Fatal(err)
		}
		paper, err := r.Paper()
		if err != nil {
			b.Fatal(err)
		}
		for i, c := range p.Codes {
			jobs <- func() {
				if err := e.App.Ballots.CastCode(ctx, p.BallotRoundID, c.Code, benchMarks(paper, i)); err != nil {
					b.Error(err)
				}
			}
		}
	}
	close(jobs)
	wg.Wait()
	d := w.detail(b, id)
	start := time.Now()
	closed := apptest.DoJSON[assess.RoundDetail](b, e, http.StatusOK, "POST", fmt.Sprintf("/api/gbkh/rounds/%d/close", id), e.AdminTK,
		map[string]any{"updateTime": d.UpdatedAt})
	took := time.Since(start)
	for b.Loop() { // the figure is the close above; a benchmark must loop
	}
	b.ReportMetric(took.Seconds(), "s/count")
	fmt.Printf("%s 干部考核 count 600 cadres × 300 evaluators (9,000 ballots): %.2f s (target ≤ 5 s), load %s\n",
		e.DB.Dialect().Name(), took.Seconds(), benchkit.LoadAverage())
	if closed.State != assess.StateCounted || closed.Cast != units*evaluators {
		b.Fatalf("closed %s with %d ballots", closed.State, closed.Cast)
	}
	if took > 5*time.Second {
		b.Errorf("the count took %v, more than 5 s", took)
	}
}

// BenchmarkAnonymous1000 is issue 29's other target: 1,000 anonymous
// evaluators submitting through one-time links within 10 minutes with p99
// ≤ 100 ms. Each evaluator opens the link (the paper and the reports,
// untimed) and submits (timed), eight phones at a time, all from one
// address (a campus behind one NAT: valid codes take no try of the
// engine's limit).
func BenchmarkAnonymous1000(b *testing.B) {
	const evaluators, clients = 1000, 8
	w, id := benchRound(b, 1, 20)
	e := w.e
	for range 2 { // a draw prints at most 500 codes a unit
		apptest.Expect(b, w.draw(b, id, map[string]any{"groupKey": "lead", "source": "codes", "codes": evaluators / 2}), 201)
	}
	opened := w.open(b, id)
	p := opened.Codes[0]
	r, err := e.App.Ballots.Get(context.Background(), p.BallotRoundID)
	if err != nil {
		b.Fatal(err)
	}
	paper, err := r.Paper()
	if err != nil {
		b.Fatal(err)
	}
	lat := make([]time.Duration, evaluators)
	next := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for range clients {
		wg.Go(func() {
			for i := range next {
				link := map[string]any{"round": p.BallotRoundID, "code": p.Codes[i].Code}
				for _, path := range []string{"/api/ballot/code/paper", "/api/gbkh/papers/reports"} {
					if res := e.Do(http.MethodPost, path, "", link); res.Status != http.StatusOK {
						b.Errorf("evaluator %d opens %s: %d %s", i, path, res.Status, res.Body)
					}
				}
				t0 := time.Now()
				res := e.Do(http.MethodPost, "/api/ballot/code/cast", "", map[string]any{"round": p.BallotRoundID, "code": p.Codes[i].Code,
					"marks": benchMarks(paper, i)})
				lat[i] = time.Since(t0)
				if res.Status != http.StatusOK {
					b.Errorf("evaluator %d submits: %d %s", i, res.Status, res.Body)
				}
			}
		})
	}
	for i := range evaluators {
		next <- i
	}
	close(next)
	wg.Wait()
	took := time.Since(start)
	for b.Loop() {
	}
	s := benchkit.Summarize(lat, took)
	s.Report(b)
	s.Target(fmt.Sprintf("%s 干部考核 1,000 anonymous evaluators by one-time links, %d phones, all in %.1f s", e.DB.Dialect().Name(), clients,
		took.Seconds()), 100*time.Millisecond)
	if took > 10*time.Minute {
		b.Errorf("1,000 evaluators took %v, more than 10 minutes", took)
	}
	if d := w.detail(b, id); d.Cast != evaluators {
		b.Fatalf("%d ballots stored of %d", d.Cast, evaluators)
	}
}
