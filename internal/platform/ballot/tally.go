package ballot

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Tally is a closed round's count: how many ballots, and per item (a
// question, or a matrix's "question.row") how many marks chose each option
// (write-ins under WriteInChoice; Texts names them). Counted in SQL.
type Tally struct {
	Ballots int                       `json:"ballots"`
	Counts  map[string]map[string]int `json:"counts"`
}

// Count is the marks of an item that chose an option.
func (t Tally) Count(item, choice string) int { return t.Counts[item][choice] }

// marks spreads a round's ballots into their marks: the FROM clause and the
// expressions of a mark's item, choice and text.
type marks struct{ from, i, c, t string }

func marksOf(idb bun.IDB) marks {
	if db.IsPostgres(idb) {
		return marks{from: `ballot_ballot AS bb CROSS JOIN LATERAL jsonb_to_recordset(bb.marks::jsonb) AS m(i text, c text, t text)`,
			i: "m.i", c: "m.c", t: "m.t"}
	}
	return marks{from: `ballot_ballot AS bb, json_each(bb.marks) AS m`,
		i: "json_extract(m.value, '$.i')", c: "json_extract(m.value, '$.c')", t: "json_extract(m.value, '$.t')"}
}

// over loads the round and refuses it while voting goes on.
func (s *Service) over(ctx context.Context, roundID int64) (*Round, error) {
	r, err := s.Get(ctx, roundID)
	if err != nil {
		return nil, err
	}
	if !r.Over(s.now()) {
		return nil, errNotOver()
	}
	return r, nil
}

// TallyOf counts a round once voting has ended (409 before).
func (s *Service) TallyOf(ctx context.Context, roundID int64) (Tally, error) {
	if _, err := s.over(ctx, roundID); err != nil {
		return Tally{}, err
	}
	t := Tally{Counts: map[string]map[string]int{}}
	n, err := s.db.NewSelect().Model((*stored)(nil)).Where("round_id = ?", roundID).Count(ctx)
	if err != nil {
		return t, err
	}
	t.Ballots = int(n)
	var rows []struct {
		Item   string `bun:"item"`
		Choice string `bun:"choice"`
		N      int    `bun:"n"`
	}
	m := marksOf(s.db)
	err = s.db.NewSelect().TableExpr(m.from).ColumnExpr(m.i+" AS item, "+m.c+" AS choice, COUNT(*) AS n").
		Where("bb.round_id = ?", roundID).Where(m.c+" <> ''").GroupExpr("1, 2").Scan(ctx, &rows)
	if err != nil {
		return t, fmt.Errorf("ballot: tally: %w", err)
	}
	for _, r := range rows {
		if t.Counts[r.Item] == nil {
			t.Counts[r.Item] = map[string]int{}
		}
		t.Counts[r.Item][r.Choice] = r.N
	}
	return t, nil
}

// TextCount is a text as written on the ballots (an answer, a write-in
// name) and how many wrote it.
type TextCount struct {
	Text string `bun:"text" json:"text"`
	N    int    `bun:"n" json:"n"`
}

// Texts are the texts written for item once voting has ended, most
// frequent first (at most limit; 0: 1000).
func (s *Service) Texts(ctx context.Context, roundID int64, item string, limit int) ([]TextCount, error) {
	if _, err := s.over(ctx, roundID); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > 1000 {
		limit = 1000
	}
	out := []TextCount{}
	m := marksOf(s.db)
	err := s.db.NewSelect().TableExpr(m.from).ColumnExpr(m.t+" AS text, COUNT(*) AS n").
		Where("bb.round_id = ?", roundID).Where(m.i+" = ?", item).Where(m.t+" <> ''").
		GroupExpr("1").OrderExpr("2 DESC, 1").Limit(int64(limit)).Scan(ctx, &out)
	return out, err
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
