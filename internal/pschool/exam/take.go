package exam

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/pschool/question"
	"zhdj/internal/pschool/school"
)

// Attempt.Shuffle bits.
const (
	shuffleQuestions = 1
	shuffleOptions   = 2
)

// MyExam is an exam in the examinee's list.
type MyExam struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	OpensAt   time.Time `json:"opensAt"`
	ClosesAt  time.Time `json:"closesAt"`
	Duration  int       `json:"duration"`
	Attempts  int       `json:"attempts"`
	Total     int       `json:"total"`
	PassMark  int       `json:"passMark"`
	Status    string    `json:"status"` // upcoming, open, done (closed, or no attempt left)
	Used      int       `json:"used"`
	Current   int64     `json:"current,omitempty"` // the attempt to resume
	Score     *int      `json:"score"`             // the best closed attempt's
	Passed    bool      `json:"passed"`
	Graded    bool      `json:"graded"`
	LastTried int64     `json:"lastTried,omitempty"` // the latest closed attempt, for its result
}

// My exam statuses.
const (
	MyUpcoming = "upcoming"
	MyOpen     = "open"
	MyDone     = "done"
)

// maxMyExams bounds the examinee's list (newest first).
const maxMyExams = 200

// MyExams lists the caller's published and finished exams with their
// standing; attempts past their deadline are closed first.
func (s *Service) MyExams(ctx context.Context) ([]MyExam, error) {
	user := rbac.UserID(ctx)
	if err := s.closeExpiredOf(ctx, s.db.NewSelect().Model((*Attempt)(nil)).Column("a.id").Where("a.user_id = ?", user)); err != nil {
		return nil, err
	}
	var exams []ExamView
	err := s.db.NewSelect().Model(&exams).ColumnExpr("x.*").ColumnExpr("p.total AS paper_total").
		Join("JOIN ks_paper AS p ON p.id = x.paper_id").
		Where("x.id IN (SELECT exam_id FROM ks_examinee WHERE user_id = ?)", user).Where("x.state <> ?", StateDraft).
		OrderExpr("x.opens_at DESC, x.id DESC").Limit(maxMyExams).Scan(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]MyExam, 0, len(exams))
	if len(exams) == 0 {
		return out, nil
	}
	ids := make([]int64, len(exams))
	for i, x := range exams {
		ids[i] = x.ID
	}
	var attempts []Attempt
	if err := s.db.NewSelect().Model(&attempts).Where("a.user_id = ?", user).Where("a.exam_id IN (?)", bun.In(ids)).
		OrderExpr("a.no").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	by := map[int64][]Attempt{}
	for _, a := range attempts {
		by[a.ExamID] = append(by[a.ExamID], a)
	}
	now := s.clock()
	for _, x := range exams {
		m := MyExam{ID: x.ID, Title: x.Title, OpensAt: x.OpensAt, ClosesAt: x.ClosesAt, Duration: x.Duration, Attempts: x.Attempts,
			Total: x.Total, PassMark: x.PassMark, Graded: true}
		closed := false
		for _, a := range by[x.ID] {
			m.Used++
			if a.State == AttemptStarted {
				m.Current = a.ID
				continue
			}
			closed = true
			m.LastTried = a.ID
			if m.Score == nil || a.Score > *m.Score {
				sc := a.Score
				m.Score = &sc
			}
			m.Graded = m.Graded && a.Pending == 0
		}
		m.Graded = m.Graded && closed
		m.Passed = m.Score != nil && *m.Score >= x.PassMark
		switch {
		case x.State == StateFinished || !now.Before(x.ClosesAt) || (m.Used >= x.Attempts && m.Current == 0):
			m.Status = MyDone
		case now.Before(x.OpensAt):
			m.Status = MyUpcoming
		default:
			m.Status = MyOpen
		}
		out = append(out, m)
	}
	return out, nil
}

// StartInput is the terminal the examinee sits at.
type StartInput struct {
	Terminal int `json:"terminal"`
}

// Start begins an attempt of exam examID for the caller (or answers the
// one begun and not closed: the resume after a lost connection). Only
// inside the window and within the attempts allowed; the deadline, the
// earlier of the duration's end and the closing time, is fixed now.
func (s *Service) Start(ctx context.Context, examID int64, in StartInput) (AttemptView, error) {
	user := rbac.UserID(ctx)
	if in.Terminal == 0 {
		in.Terminal = school.TerminalPC
	}
	if !school.ValidTerminal(in.Terminal) {
		return AttemptView{}, httpx.Invalid("terminal", "终端类型不正确")
	}
	if err := s.closeExpiredOf(ctx, s.db.NewSelect().Model((*Attempt)(nil)).Column("a.id").
		Where("a.user_id = ?", user).Where("a.exam_id = ?", examID)); err != nil {
		return AttemptView{}, err
	}
	var x Exam
	err := s.db.NewSelect().Model(&x).Where("x.id = ?", examID).Where("x.state <> ?", StateDraft).
		Where("x.id IN (SELECT exam_id FROM ks_examinee WHERE user_id = ?)", user).Scan(ctx)
	if isNoRows(err) {
		return AttemptView{}, errNoExam()
	} else if err != nil {
		return AttemptView{}, httpx.Internal(err)
	}
	var open []Attempt
	if err := s.db.NewSelect().Model(&open).Where("a.exam_id = ?", examID).Where("a.user_id = ?", user).OrderExpr("a.no").
		Scan(ctx); err != nil {
		return AttemptView{}, httpx.Internal(err)
	}
	for _, a := range open {
		if a.State == AttemptStarted {
			return s.attemptView(ctx, &a)
		}
	}
	now := s.clock()
	switch {
	case x.State == StateFinished || !now.Before(x.ClosesAt):
		return AttemptView{}, httpx.Conflict("考试已截止")
	case now.Before(x.OpensAt):
		return AttemptView{}, httpx.Conflict("考试尚未开始")
	case len(open) >= x.Attempts:
		return AttemptView{}, httpx.Conflict("您已用完本场考试的%d次作答机会", x.Attempts)
	}
	a := Attempt{ExamID: examID, UserID: user, PaperID: x.PaperID, No: len(open) + 1, Code: randomCode(), Seed: mrand.Int64(),
		State: AttemptStarted, StartedAt: now, Deadline: now.Add(time.Duration(x.Duration) * time.Minute), Terminal: in.Terminal}
	if a.Deadline.After(x.ClosesAt) {
		a.Deadline = x.ClosesAt
	}
	if x.ShuffleQuestions {
		a.Shuffle |= shuffleQuestions
	}
	if x.ShuffleOptions {
		a.Shuffle |= shuffleOptions
	}
	if _, err := s.db.NewInsert().Model(&a).Returning("id").Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) { // a parallel start of the same attempt: answer the one that won
			var won Attempt
			if err := s.db.NewSelect().Model(&won).Where("a.exam_id = ?", examID).Where("a.user_id = ?", user).
				Where("a.no = ?", a.No).Scan(ctx); err == nil && won.State == AttemptStarted {
				return s.attemptView(ctx, &won)
			}
			return AttemptView{}, httpx.Conflict("作答已开始，请刷新")
		}
		return AttemptView{}, httpx.Internal(err)
	}
	return s.attemptView(ctx, &a)
}

func randomCode() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// ShownQuestion is a question as the examinee sees it: options in their
// own order under the keys A, B, … of that order; the key never sent.
type ShownQuestion struct {
	No      int               `json:"no"`  // place in the examinee's order, from 1
	Seq     int               `json:"seq"` // the paper's question, what an answer names
	Type    int               `json:"type"`
	Stem    string            `json:"stem"`
	Options []question.Option `json:"options"`
	Blanks  int               `json:"blanks,omitempty"` // a 填空题's blanks
	Points  int               `json:"points"`
	Answer  string            `json:"answer"` // the saved answer, in the shown keys
	Score   *int              `json:"score,omitempty"`
	Graded  bool              `json:"graded,omitempty"`
}

// AttemptView is an attempt as its examinee reads it (resume, result).
type AttemptView struct {
	Attempt
	Title      string          `json:"title"`
	Total      int             `json:"total"`
	PassMark   int             `json:"passMark"`
	Remaining  int64           `json:"remaining"` // seconds to the deadline by the server's clock
	StateName  string          `json:"stateName"`
	Passed     bool            `json:"passed"`
	Questions  []ShownQuestion `json:"questions"`
	ServerTime time.Time       `json:"serverTime"`
}

// MyAttempt is attempt id of the caller (404 for anyone else's); past its
// deadline it is closed and graded first.
func (s *Service) MyAttempt(ctx context.Context, id int64) (AttemptView, error) {
	a, err := s.myAttempt(ctx, id)
	if err != nil {
		return AttemptView{}, err
	}
	if a.State == AttemptStarted && a.Deadline.Before(s.clock()) {
		if err := s.closeAttempt(ctx, id); err != nil {
			return AttemptView{}, err
		}
		if a, err = s.myAttempt(ctx, id); err != nil {
			return AttemptView{}, err
		}
	}
	return s.attemptView(ctx, a)
}

func errNoAttempt() *httpx.Error { return httpx.NotFound("作答记录不存在") }

func (s *Service) myAttempt(ctx context.Context, id int64) (*Attempt, error) {
	a := new(Attempt)
	err := s.db.NewSelect().Model(a).Where("a.id = ?", id).Where("a.user_id = ?", rbac.UserID(ctx)).Scan(ctx)
	if isNoRows(err) {
		return nil, errNoAttempt()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return a, nil
}

func (s *Service) attemptView(ctx context.Context, a *Attempt) (AttemptView, error) {
	var x Exam
	if err := s.db.NewSelect().Model(&x).Column("title", "pass_mark").Where("x.id = ?", a.ExamID).Scan(ctx); err != nil {
		return AttemptView{}, httpx.Internal(err)
	}
	qs, err := s.questions(ctx, a.PaperID)
	if err != nil {
		return AttemptView{}, err
	}
	var answers []Answer
	if err := s.db.NewSelect().Model(&answers).Where("attempt_id = ?", a.ID).Scan(ctx); err != nil {
		return AttemptView{}, httpx.Internal(err)
	}
	saved := make(map[int]*Answer, len(answers))
	for i := range answers {
		saved[answers[i].Seq] = &answers[i]
	}
	now := s.clock()
	v := AttemptView{Attempt: *a, Title: x.Title, PassMark: x.PassMark, StateName: AttemptStateNames[a.State], ServerTime: now,
		Questions: make([]ShownQuestion, 0, len(qs))}
	if a.State == AttemptStarted && a.Deadline.After(now) {
		v.Remaining = int64(a.Deadline.Sub(now) / time.Second)
	}
	closed := a.State != AttemptStarted
	v.Passed = closed && a.Score >= x.PassMark
	for i, qi := range order(a, len(qs)) {
		q := &qs[qi]
		v.Total += q.Points
		perm := optionOrder(a, q)
		sq := ShownQuestion{No: i + 1, Seq: q.Seq, Type: q.Type, Stem: q.Stem, Points: q.Points, Options: make([]question.Option, len(perm))}
		for j, p := range perm {
			sq.Options[j] = question.Option{Key: question.OptionKeys[j], Text: q.Options[p].Text}
		}
		if q.Type == question.TypeFill {
			if blanks, err := q.bankQuestion().Blanks(); err == nil {
				sq.Blanks = len(blanks)
			}
		}
		if an := saved[q.Seq]; an != nil {
			sq.Answer = toShown(q, perm, an.Answer)
			if closed {
				sc := an.Score
				sq.Score, sq.Graded = &sc, an.Graded
			}
		}
		v.Questions = append(v.Questions, sq)
	}
	return v, nil
}

// order is the paper's questions (their places) in the examinee's order:
// shuffled by the attempt's seed when the exam shuffles questions.
func order(a *Attempt, n int) []int {
	if a.Shuffle&shuffleQuestions == 0 {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	return mrand.New(mrand.NewPCG(uint64(a.Seed), 0)).Perm(n)
}

// optionOrder is q's options (their places) in the examinee's order: the
// choices shuffled by the attempt's seed and the question's place when the
// exam shuffles options. Judge questions keep 正确 / 错误.
func optionOrder(a *Attempt, q *PaperQuestion) []int {
	n := len(q.Options)
	if a.Shuffle&shuffleOptions == 0 || (q.Type != question.TypeSingle && q.Type != question.TypeMultiple) {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	return mrand.New(mrand.NewPCG(uint64(a.Seed), uint64(q.Seq))).Perm(n)
}

// toPaper maps a choice answer in the shown keys to the paper's keys ("" and
// an unknown key come back as they are, for CheckAnswer to refuse).
func toPaper(q *PaperQuestion, perm []int, shown string) string {
	if q.Type != question.TypeSingle && q.Type != question.TypeMultiple {
		return shown
	}
	var b strings.Builder
	for _, r := range strings.ToUpper(shown) {
		j := int(r - 'A')
		if j < 0 || j >= len(perm) {
			return shown
		}
		b.WriteString(q.Options[perm[j]].Key)
	}
	return b.String()
}

// toShown maps a stored choice answer (paper keys) to the shown keys.
func toShown(q *PaperQuestion, perm []int, stored string) string {
	if q.Type != question.TypeSingle && q.Type != question.TypeMultiple {
		return stored
	}
	shownOf := map[string]string{}
	for j, p := range perm {
		shownOf[q.Options[p].Key] = question.OptionKeys[j]
	}
	var keys []string
	for _, r := range stored {
		keys = append(keys, shownOf[string(r)])
	}
	// In the shown order, as an examinee would have ticked them.
	sortStrings(keys)
	return strings.Join(keys, "")
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// AnswerInput is one autosaved answer: the paper's question (Seq) and the
// answer in the shown keys.
type AnswerInput struct {
	Seq    int    `json:"seq"`
	Answer string `json:"answer"`
}

// Saved is what an autosave answers.
type Saved struct {
	Seq       int       `json:"seq"`
	SavedAt   time.Time `json:"savedAt"`
	Remaining int64     `json:"remaining"`
}

// Save stores one answer of the caller's attempt id: one conditional upsert
// of the (attempt, question) row, refused once the attempt is closed or its
// deadline passed by the server's clock, whatever the browser says.
func (s *Service) Save(ctx context.Context, id int64, in AnswerInput) (Saved, error) {
	a, err := s.myAttempt(ctx, id)
	if err != nil {
		return Saved{}, err
	}
	now := s.clock()
	if err := refusal(a, now); err != nil {
		return Saved{}, err
	}
	qs, err := s.questions(ctx, a.PaperID)
	if err != nil {
		return Saved{}, err
	}
	var q *PaperQuestion
	for i := range qs {
		if qs[i].Seq == in.Seq {
			q = &qs[i]
		}
	}
	if q == nil {
		return Saved{}, httpx.Invalid("seq", "试题不存在")
	}
	stored := toPaper(q, optionOrder(a, q), strings.TrimSpace(in.Answer))
	if q.Type == question.TypeShort {
		stored = in.Answer // a short answer keeps its lines and spaces
	}
	if err := question.CheckAnswer(q.bankQuestion(), stored); err != nil {
		return Saved{}, httpx.Invalid("answer", "%s", err.Error())
	}
	if utf8.RuneCountInString(stored) > answerColumn {
		return Saved{}, httpx.Invalid("answer", "答案过长")
	}
	lock := ""
	if db.IsPostgres(s.db) {
		// The submission's UPDATE of the attempt waits for this save, or
		// this save waits for it and then finds the attempt closed: no answer
		// changes after its grading.
		lock = " FOR SHARE OF a"
	}
	res, err := s.db.NewRaw(`INSERT INTO ks_answer (attempt_id, seq, answer, saved_at)
		SELECT a.id, ?, ?, ? FROM ks_attempt AS a WHERE a.id = ? AND a.user_id = ? AND a.state = ? AND a.deadline >= ?`+lock+`
		ON CONFLICT (attempt_id, seq) DO UPDATE SET answer = EXCLUDED.answer, saved_at = EXCLUDED.saved_at`,
		q.Seq, stored, now, a.ID, a.UserID, AttemptStarted, now).Exec(ctx)
	if err != nil {
		return Saved{}, httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if a, err = s.myAttempt(ctx, id); err != nil {
			return Saved{}, err
		}
		if err := refusal(a, now); err != nil {
			return Saved{}, err
		}
		return Saved{}, httpx.Conflict("答案未能保存，请重试")
	}
	return Saved{Seq: q.Seq, SavedAt: now, Remaining: int64(a.Deadline.Sub(now) / time.Second)}, nil
}

// Messages of a write refused on a closed attempt.
const (
	MsgSubmitted = "您已交卷，答案不能再修改"
	MsgTimeUp    = "考试时间已到，已保存的答案已自动收卷"
)

// refusal is why attempt a takes no more writes at now (nil when it does).
func refusal(a *Attempt, now time.Time) error {
	switch {
	case a.State != AttemptStarted:
		return httpx.Conflict(MsgSubmitted)
	case a.Deadline.Before(now):
		return httpx.Conflict(MsgTimeUp)
	}
	return nil
}

// Submit closes the caller's attempt id and grades it: one conditional
// UPDATE (still started, deadline not passed) and the grading in the same
// transaction, so a second or a parallel submission grades nothing again.
func (s *Service) Submit(ctx context.Context, id int64) (AttemptView, error) {
	a, err := s.myAttempt(ctx, id)
	if err != nil {
		return AttemptView{}, err
	}
	now := s.clock()
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*Attempt)(nil)).Set("state = ?", AttemptSubmitted).Set("closed_at = ?", now).
			Where("id = ?", id).Where("user_id = ?", a.UserID).Where("state = ?", AttemptStarted).Where("deadline >= ?", now).Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errRefused
		}
		return s.grade(ctx, tx, a)
	})
	if errors.Is(err, errRefused) {
		// Refused: say why (a late one is closed now with what was saved).
		cur, rerr := s.myAttempt(ctx, id)
		if rerr != nil {
			return AttemptView{}, rerr
		}
		if cur.State == AttemptStarted {
			if cerr := s.closeAttempt(ctx, id); cerr != nil {
				return AttemptView{}, cerr
			}
		}
		return AttemptView{}, refusalOr(cur, now)
	}
	if err != nil {
		return AttemptView{}, err
	}
	// The attempt as it now stands (grade set its score): its view without
	// reading it again.
	a.State, a.ClosedAt = AttemptSubmitted, &now
	return s.attemptView(ctx, a)
}

func refusalOr(a *Attempt, now time.Time) error {
	if err := refusal(a, now); err != nil {
		return err
	}
	return httpx.Conflict(MsgSubmitted)
}

// errRefused is a conditional write that found its row changed.
var errRefused = errors.New("refused")

// grade scores attempt a's answers inside tx: every question of the paper
// gets its row (an unanswered one scores 0); objective ones are graded
// with question.Grade, short answers wait for their graders (pending).
// a's Score and Pending are set as stored.
func (s *Service) grade(ctx context.Context, tx bun.Tx, a *Attempt) error {
	qs, err := s.questions(ctx, a.PaperID)
	if err != nil {
		return err
	}
	var saved []Answer
	if err := tx.NewSelect().Model(&saved).Column("seq", "answer").Where("attempt_id = ?", a.ID).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	by := make(map[int]string, len(saved))
	for _, an := range saved {
		by[an.Seq] = an.Answer
	}
	rows := make([]Answer, len(qs))
	total, pending := 0, 0
	now := s.clock()
	for i := range qs {
		q := &qs[i]
		score, graded := question.Grade(q.bankQuestion(), by[q.Seq], q.Points)
		if !graded && by[q.Seq] == "" {
			graded = true // an empty short answer scores 0 without a grader
		}
		if !graded {
			pending++
		}
		total += score
		rows[i] = Answer{AttemptID: a.ID, Seq: q.Seq, Answer: by[q.Seq], SavedAt: now, Score: score, Graded: graded}
	}
	if len(rows) > 0 {
		if _, err := tx.NewInsert().Model(&rows).On("CONFLICT (attempt_id, seq) DO UPDATE").
			Set("score = EXCLUDED.score").Set("graded = EXCLUDED.graded").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
	}
	_, err = tx.NewUpdate().Model((*Attempt)(nil)).Set("score = ?", total).Set("pending = ?", pending).Where("id = ?", a.ID).Exec(ctx)
	a.Score, a.Pending = total, pending
	return httpx.AsError(err)
}

// closeAttempt closes attempt id at its deadline with what was saved and
// grades it, when it is still started and its deadline has passed (a
// parallel close, or the submission that won, leaves it alone).
func (s *Service) closeAttempt(ctx context.Context, id int64) error {
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var a Attempt
		if err := tx.NewSelect().Model(&a).Where("a.id = ?", id).Scan(ctx); err != nil {
			return httpx.Internal(err)
		}
		res, err := tx.NewUpdate().Model((*Attempt)(nil)).Set("state = ?", AttemptExpired).Set("closed_at = deadline").
			Where("id = ?", id).Where("state = ?", AttemptStarted).Where("deadline < ?", s.clock()).Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return s.grade(ctx, tx, &a)
	})
}

// closeExpired closes the attempts of exam examID past their deadline.
func (s *Service) closeExpired(ctx context.Context, examID int64) error {
	return s.closeExpiredOf(ctx, s.db.NewSelect().Model((*Attempt)(nil)).Column("a.id").Where("a.exam_id = ?", examID))
}

// closeExpiredOf closes the started attempts past their deadline among
// those sel selects (a select of a.id), a bounded batch at a time.
func (s *Service) closeExpiredOf(ctx context.Context, sel *bun.SelectQuery) error {
	var ids []int64
	if err := sel.Where("a.state = ?", AttemptStarted).Where("a.deadline < ?", s.clock()).OrderExpr("a.id").Limit(5000).
		Scan(ctx, &ids); err != nil {
		return httpx.Internal(err)
	}
	for _, id := range ids {
		if err := s.closeAttempt(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// CloseExpired is the job: every attempt past its deadline closed and graded.
func (s *Service) CloseExpired(ctx context.Context) error {
	for {
		var ids []int64
		if err := s.db.NewSelect().Model((*Attempt)(nil)).Column("a.id").Where("a.state = ?", AttemptStarted).
			Where("a.deadline < ?", s.clock()).OrderExpr("a.id").Limit(1000).Scan(ctx, &ids); err != nil {
			return err
		}
		for _, id := range ids {
			if err := s.closeAttempt(ctx, id); err != nil {
				return fmt.Errorf("close attempt %d: %w", id, err)
			}
		}
		if len(ids) < 1000 {
			return nil
		}
	}
}

// questions are a paper's questions; a locked paper's (a published exam's:
// they never change again) are kept in memory, so thousands of autosaves
// read them once.
func (s *Service) questions(ctx context.Context, paperID int64) ([]PaperQuestion, error) {
	if qs, ok := s.papers.Load(paperID); ok {
		return qs.([]PaperQuestion), nil
	}
	var locked bool
	if err := s.db.NewSelect().Model((*Paper)(nil)).Column("locked").Where("id = ?", paperID).Scan(ctx, &locked); err != nil {
		return nil, httpx.Internal(err)
	}
	qs, err := paperQuestions(ctx, s.db, paperID)
	if err != nil {
		return nil, err
	}
	if locked {
		s.papers.Store(paperID, qs)
	}
	return qs, nil
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

func itoa(n int64) string { return fmt.Sprint(n) }
