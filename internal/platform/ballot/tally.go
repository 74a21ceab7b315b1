package ballot

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Tally is a closed round's count: how many ballots, per item (a question,
// or a matrix's "question.row") how many marks chose each option (write-ins
// under WriteInChoice; the method Texts names them), and per text question
// how many ballots answered it. Counted in SQL, once: see keep.
type Tally struct {
	Ballots int                       `json:"ballots"`
	Counts  map[string]map[string]int `json:"counts"`
	Texts   map[string]int            `json:"texts"`
}

// Count is the marks of an item that chose an option.
func (t Tally) Count(item, choice string) int { return t.Counts[item][choice] }

// marks spreads a round's ballots into their marks: the FROM clause and the
// expressions of a mark's item, choice and text (” when absent).
type marks struct{ from, i, c, t string }

func marksOf(idb bun.IDB) marks {
	if db.IsPostgres(idb) {
		return marks{from: `ballot_ballot AS bb CROSS JOIN LATERAL jsonb_to_recordset(bb.marks::jsonb) AS m(i text, c text, t text)`,
			i: "m.i", c: "COALESCE(m.c, '')", t: "COALESCE(m.t, '')"}
	}
	return marks{from: `ballot_ballot AS bb, json_each(bb.marks) AS m`,
		i: "json_extract(m.value, '$.i')", c: "COALESCE(json_extract(m.value, '$.c'), '')", t: "COALESCE(json_extract(m.value, '$.t'), '')"}
}

// countSQL is the SELECT of a round's count as ballot_count keeps it: per
// item and choice the marks that chose or wrote something (choice ”: a
// text answer), and under item ” and choice ” the number of ballots. Its
// arguments: the round's id three times.
func countSQL(idb bun.IDB) string {
	m := marksOf(idb)
	return `SELECT ? AS round_id, ` + m.i + ` AS item, ` + m.c + ` AS choice, COUNT(*) AS n FROM ` + m.from +
		` WHERE bb.round_id = ? AND (` + m.c + ` <> '' OR ` + m.t + ` <> '') GROUP BY 2, 3` +
		` UNION ALL SELECT ?, '', '', COUNT(*) FROM ballot_ballot WHERE round_id = ?`
}

// countGrace is how long after a round's deadline its count waits before it
// is kept: a cast is refused at the deadline by the clock of the instance
// that takes it, and the instances' clocks may differ by a little.
const countGrace = time.Minute

// over loads the round and refuses it while voting goes on.
func (s *Service) over(ctx context.Context, roundID int64) (*Round, error) {
	r, err := s.get(ctx, roundID, false)
	if err != nil {
		return nil, err
	}
	if !r.Over(s.now()) {
		return nil, errNotOver()
	}
	return r, nil
}

// keep counts round roundID's ballots into ballot_count in tx, once: the
// round's counted flag is set first, so of two instances keeping the count
// at once the second waits on the round's row and then finds it kept. That
// update also waits for the casts in flight (they hold the row shared to
// their commit), and a cast after it reads the round counted and is
// refused, so the count, a statement of its own, has every ballot there
// will be. The caller has made sure no ballot should come any more (the
// round is closed in tx, or its deadline is countGrace past).
func keep(ctx context.Context, tx bun.Tx, roundID int64) error {
	res, err := tx.NewUpdate().Model((*Round)(nil)).Set("counted = ?", true).Where("id = ?", roundID).Where("counted = ?", false).Exec(ctx)
	if err != nil {
		return fmt.Errorf("ballot: keep the count: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO ballot_count (round_id, item, choice, n) `+countSQL(tx), roundID, roundID, roundID, roundID); err != nil {
		return fmt.Errorf("ballot: keep the count: %w", err)
	}
	return nil
}

// countRow is a row of a round's count.
type countRow struct {
	RoundID int64  `bun:"round_id"`
	Item    string `bun:"item"`
	Choice  string `bun:"choice"`
	N       int    `bun:"n"`
}

// TallyOf is a round's count once voting has ended (409 before). A round
// closed, or countGrace past its deadline, is counted the first time and
// then read from ballot_count (a few rows, however many ballots); a round
// just past its deadline is counted each time until then.
func (s *Service) TallyOf(ctx context.Context, roundID int64) (Tally, error) {
	r, err := s.over(ctx, roundID)
	if err != nil {
		return Tally{}, err
	}
	var rows []countRow
	settled := r.State == Closed || !s.now().Before(r.ClosesAt.Add(countGrace))
	switch {
	case r.Counted:
	case settled:
		if err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error { return keep(ctx, tx, roundID) }); err != nil {
			return Tally{}, err
		}
	default:
		if err := s.db.NewRaw(countSQL(s.db), roundID, roundID, roundID, roundID).Scan(ctx, &rows); err != nil {
			return Tally{}, fmt.Errorf("ballot: tally: %w", err)
		}
	}
	if rows == nil {
		if err := s.db.NewSelect().Table("ballot_count").Column("item", "choice", "n").Where("round_id = ?", roundID).Scan(ctx, &rows); err != nil {
			return Tally{}, fmt.Errorf("ballot: tally: %w", err)
		}
	}
	t := Tally{Counts: map[string]map[string]int{}, Texts: map[string]int{}}
	for _, r := range rows {
		switch {
		case r.Item == "":
			t.Ballots = r.N
		case r.Choice == "":
			t.Texts[r.Item] = r.N
		default:
			if t.Counts[r.Item] == nil {
				t.Counts[r.Item] = map[string]int{}
			}
			t.Counts[r.Item][r.Choice] = r.N
		}
	}
	return t, nil
}

// TextCount is a text as written on the ballots (an answer, a write-in
// name) and how many wrote it.
type TextCount struct {
	Text string `bun:"text" json:"text"`
	N    int    `bun:"n" json:"n"`
}

// MaxTextsPage bounds a page of Texts.
const MaxTextsPage = 1000

// Texts are a page of the distinct texts written for item once voting has
// ended, most frequent first (offset, at most limit: 1..MaxTextsPage), and
// how many distinct texts there are — grouped and paged in SQL.
func (s *Service) Texts(ctx context.Context, roundID int64, item string, offset, limit int) ([]TextCount, int, error) {
	if _, err := s.over(ctx, roundID); err != nil {
		return nil, 0, err
	}
	limit = min(max(limit, 1), MaxTextsPage)
	var rows []struct {
		TextCount
		Total int `bun:"total"`
	}
	m := marksOf(s.db)
	err := s.db.NewSelect().TableExpr(m.from).ColumnExpr(m.t+" AS text, COUNT(*) AS n, COUNT(*) OVER () AS total").
		Where("bb.round_id = ?", roundID).Where(m.i+" = ?", item).Where(m.t+" <> ''").
		GroupExpr("1").OrderExpr("2 DESC, 1").Offset(int64(max(offset, 0))).Limit(int64(limit)).Scan(ctx, &rows)
	if err != nil {
		return nil, 0, fmt.Errorf("ballot: texts: %w", err)
	}
	out, total := make([]TextCount, len(rows)), 0
	for i, r := range rows {
		out[i], total = r.TextCount, r.Total
	}
	if len(rows) == 0 && offset > 0 { // past the last page: the total still
		n, err := s.db.NewSelect().TableExpr(m.from).ColumnExpr(m.t).Where("bb.round_id = ?", roundID).Where(m.i+" = ?", item).
			Where(m.t + " <> ''").GroupExpr("1").Count(ctx)
		if err != nil {
			return nil, 0, fmt.Errorf("ballot: texts: %w", err)
		}
		total = int(n)
	}
	return out, total, nil
}

// Each hands fn every ballot of a round once voting has ended, in the
// order of their random ids (an export of anonymous answers), streamed.
func (s *Service) Each(ctx context.Context, roundID int64, fn func(marks []Mark) error) error {
	if _, err := s.over(ctx, roundID); err != nil {
		return err
	}
	rows, err := s.db.NewSelect().Model((*stored)(nil)).Column("marks").Where("round_id = ?", roundID).OrderExpr("id").Rows(ctx)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			return err
		}
		var marks []Mark
		if err := json.Unmarshal([]byte(raw), &marks); err != nil {
			return fmt.Errorf("ballot: stored ballot: %w", err)
		}
		if err := fn(marks); err != nil {
			return err
		}
	}
	return rows.Err()
}
