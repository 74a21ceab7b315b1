package survey

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
)

// The public link (/questionnaire/s/<token>): a signed-in member of the
// audience reads the paper and answers once. A token that names no
// questionnaire, or one not collecting (a draft, stopped, past its
// deadline), is one 404 (MsgBadLink); a caller outside the roll is 403.

// validToken is the shape of a link's token; anything else names nothing.
func validToken(t string) bool {
	if len(t) != 32 {
		return false
	}
	for _, r := range t {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
}

// linked reads the questionnaire collecting at token (no scope: the link
// is the key), else errBadLink.
func (s *Service) linked(ctx context.Context, idb bun.IDB, token string) (*Questionnaire, error) {
	if !validToken(token) {
		return nil, errBadLink()
	}
	q := new(Questionnaire)
	err := idb.NewSelect().Model(q).Where("q.link_token = ?", token).Where("q.state = ?", StateShare).
		Where("q.closes_at IS NULL OR q.closes_at > ?", s.now()).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errBadLink()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return q, nil
}

// standing tells whether the caller is in q's audience and has answered.
func (s *Service) standing(ctx context.Context, q *Questionnaire) (answered bool, err error) {
	account := rbac.UserID(ctx)
	if q.Anonymous {
		st, err := s.ballots.StandingOf(ctx, *q.RoundID, account)
		if err != nil {
			return false, httpx.Internal(err)
		}
		if !st.OnRoll {
			return false, errNotAudience()
		}
		return st.Voted, nil
	}
	on, err := s.db.NewSelect().Model((*roll)(nil)).Where("questionnaire_id = ?", q.ID).Where("account_id = ?", account).Exists(ctx)
	if err != nil {
		return false, httpx.Internal(err)
	}
	if !on {
		return false, errNotAudience()
	}
	answered, err = s.db.NewSelect().Model((*Answer)(nil)).Where("questionnaire_id = ?", q.ID).Where("account_id = ?", account).Exists(ctx)
	if err != nil {
		return false, httpx.Internal(err)
	}
	return answered, nil
}

// Open is the questionnaire at token as the caller fills it.
func (s *Service) Open(ctx context.Context, token string) (Fill, error) {
	q, err := s.linked(ctx, s.db, token)
	if err != nil {
		return Fill{}, err
	}
	answered, err := s.standing(ctx, q)
	if err != nil {
		return Fill{}, err
	}
	return s.fill(ctx, q, answered)
}

func (s *Service) fill(ctx context.Context, q *Questionnaire, answered bool) (Fill, error) {
	f := Fill{Title: q.Title, Anonymous: q.Anonymous, ClosesAt: q.ClosesAt, Answered: answered}
	if err := json.Unmarshal([]byte(q.PaperJSON), &f.Paper); err != nil {
		return f, httpx.Internal(fmt.Errorf("survey %d: paper: %w", q.ID, err))
	}
	if q.RoundID != nil {
		f.Round = *q.RoundID
	}
	names, err := s.orgs.Names(ctx, []int64{q.OrgID})
	if err != nil {
		return f, httpx.Internal(err)
	}
	f.OrgName = names[q.OrgID]
	return f, nil
}

// Answer stores the caller's answer at token. Named: the marks vetted
// against the paper, one row per account (the unique index: a second
// answer, or a parallel one, is 409) and the count raised in the same
// transaction, on the condition that the questionnaire still collects.
// Anonymous: the ballot engine's cast (the token spent with the ballot
// stored, nothing here written).
func (s *Service) Answer(ctx context.Context, token string, in FillInput) (Fill, error) {
	q, err := s.linked(ctx, s.db, token)
	if err != nil {
		return Fill{}, err
	}
	answered, err := s.standing(ctx, q)
	if err != nil {
		return Fill{}, err
	}
	if answered {
		return Fill{}, errAnswered()
	}
	account := rbac.UserID(ctx)
	if q.Anonymous {
		if err := s.ballots.CastAs(ctx, *q.RoundID, account, in.Marks); err != nil {
			return Fill{}, err
		}
		return s.fill(ctx, q, true)
	}
	var paper ballot.Paper
	if err := json.Unmarshal([]byte(q.PaperJSON), &paper); err != nil {
		return Fill{}, httpx.Internal(err)
	}
	marks, err := paper.Validate(in.Marks)
	if err != nil {
		return Fill{}, err
	}
	if marks == nil {
		marks = []ballot.Mark{}
	}
	body, err := json.Marshal(marks)
	if err != nil {
		return Fill{}, httpx.Internal(err)
	}
	own, err := s.members.OwnFacts(ctx)
	if err != nil {
		return Fill{}, err
	}
	a := &Answer{QuestionnaireID: q.ID, AccountID: &account, Name: db.Clip(accountName(ctx), 50), Marks: string(body), CreatedAt: s.now()}
	if own != nil {
		a.MemberID, a.Name = &own.ID, db.Clip(own.Name, 50)
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		now := s.now()
		res, err := tx.NewUpdate().Model((*Questionnaire)(nil)).Set("answered = answered + 1").Set("updated_at = ?", now).
			Where("id = ?", q.ID).Where("state = ?", StateShare).Where("closes_at IS NULL OR closes_at > ?", now).Exec(ctx)
		if err := record.Conditional(res, err, 1, errBadLink()); err != nil {
			return err
		}
		res, err = tx.NewInsert().Model(a).On("CONFLICT DO NOTHING").Returning("id").Exec(ctx)
		if err := record.Conditional(res, err, 1, errAnswered()); err != nil {
			return err
		}
		if err := insertMarks(ctx, tx, marksOf(a, marks)); err != nil {
			return httpx.Internal(err)
		}
		return nil
	})
	if err != nil {
		return Fill{}, err
	}
	return s.fill(ctx, q, true)
}
