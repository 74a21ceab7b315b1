package survey

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// marksOf spreads a named answer's marks into wj_mark rows.
func marksOf(a *Answer, marks []ballot.Mark) []mark {
	out := make([]mark, len(marks))
	seen := map[string]bool{}
	for i, m := range marks {
		out[i] = mark{AnswerID: a.ID, QuestionnaireID: a.QuestionnaireID, Item: m.Item, Choice: m.Choice, Text: m.Text, FirstMark: !seen[m.Item]}
		seen[m.Item] = true
	}
	return out
}

func insertMarks(ctx context.Context, tx bun.IDB, rows []mark) error {
	for part := range slices.Chunk(rows, 1000) {
		if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// SeedAnswers writes named answers in bulk with their marks, and sets the
// questionnaires' counts (the demo, the benchmark): no check, no roll.
func (s *Service) SeedAnswers(ctx context.Context, answers []Answer) error {
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for part := range slices.Chunk(answers, 500) {
			if _, err := tx.NewInsert().Model(&part).Returning("id").Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
			var rows []mark
			for i := range part {
				var marks []ballot.Mark
				if err := json.Unmarshal([]byte(part[i].Marks), &marks); err != nil {
					return err
				}
				rows = append(rows, marksOf(&part[i], marks)...)
			}
			if err := insertMarks(ctx, tx, rows); err != nil {
				return httpx.Internal(err)
			}
		}
		_, err := tx.NewUpdate().Model((*Questionnaire)(nil)).
			Set("answered = (SELECT COUNT(*) FROM wj_answer AS a WHERE a.questionnaire_id = q.id)").
			Where("q.id IN (SELECT DISTINCT questionnaire_id FROM wj_answer)").Exec(ctx)
		return err
	})
}
