package exam

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/report"
	"zhdj/internal/pschool/question"
)

// GradingExam is an exam the caller grades, with the short answers left.
type GradingExam struct {
	ID       int64     `bun:"id" json:"id"`
	Title    string    `bun:"title" json:"title"`
	ClosesAt time.Time `bun:"closes_at" json:"closesAt"`
	PaperID  int64     `bun:"paper_id" json:"-"`
	Pending  int       `bun:"pending" json:"pending"`
}

// GradingExams lists the published and finished exams the caller is a
// grader of, whatever the scope (the assignment is the authority).
func (s *Service) GradingExams(ctx context.Context) ([]GradingExam, error) {
	out := []GradingExam{}
	err := s.db.NewSelect().Model((*Exam)(nil)).Column("x.id", "x.title", "x.closes_at", "x.paper_id").
		ColumnExpr("(SELECT COALESCE(SUM(a.pending), 0) FROM ks_attempt AS a WHERE a.exam_id = x.id AND a.state <> ?) AS pending", AttemptStarted).
		Where("x.id IN (SELECT exam_id FROM ks_grader WHERE user_id = ?)", rbac.UserID(ctx)).Where("x.state <> ?", StateDraft).
		OrderExpr("x.closes_at DESC, x.id DESC").Limit(maxMyExams).Scan(ctx, &out)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// graded reads exam id when the caller grades it (404 otherwise).
func (s *Service) graded(ctx context.Context, id int64) (*Exam, error) {
	x := new(Exam)
	err := s.db.NewSelect().Model(x).Where("x.id = ?", id).Where("x.state <> ?", StateDraft).
		Where("x.id IN (SELECT exam_id FROM ks_grader WHERE user_id = ?)", rbac.UserID(ctx)).Scan(ctx)
	if isNoRows(err) {
		return nil, errNoExam()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return x, nil
}

// GradingQuestion is a short-answer question of the exam with its reference answer.
type GradingQuestion struct {
	Seq       int    `json:"seq"`
	Stem      string `json:"stem"`
	Reference string `json:"reference"`
	Points    int    `json:"points"`
	Answers   int    `json:"answers"`
	Pending   int    `json:"pending"`
}

// GradingQuestions are exam id's short-answer questions, answers counted.
func (s *Service) GradingQuestions(ctx context.Context, id int64) ([]GradingQuestion, error) {
	x, err := s.graded(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.closeExpired(ctx, id); err != nil {
		return nil, err
	}
	qs, err := s.questions(ctx, x.PaperID)
	if err != nil {
		return nil, err
	}
	var counts []struct {
		Seq     int `bun:"seq"`
		Answers int `bun:"answers"`
		Pending int `bun:"pending"`
	}
	if err := s.db.NewSelect().Model((*Answer)(nil)).Column("an.seq").
		ColumnExpr("COUNT(*) AS answers, SUM(CASE WHEN an.graded THEN 0 ELSE 1 END) AS pending").
		Join("JOIN ks_attempt AS a ON a.id = an.attempt_id").Where("a.exam_id = ?", id).Where("a.state <> ?", AttemptStarted).
		Where("an.answer <> ''").GroupExpr("an.seq").Scan(ctx, &counts); err != nil {
		return nil, httpx.Internal(err)
	}
	out := []GradingQuestion{}
	for _, q := range qs {
		if q.Type != question.TypeShort {
			continue
		}
		g := GradingQuestion{Seq: q.Seq, Stem: q.Stem, Reference: q.Answer, Points: q.Points}
		for _, c := range counts {
			if c.Seq == q.Seq {
				g.Answers, g.Pending = c.Answers, c.Pending
			}
		}
		out = append(out, g)
	}
	return out, nil
}

// GradingAnswer is one examinee's short answer, anonymised: a code names
// the attempt, never the person.
type GradingAnswer struct {
	Code    string `bun:"code" json:"code"`
	Answer  string `bun:"answer" json:"answer"`
	Score   int    `bun:"score" json:"score"`
	Graded  bool   `bun:"graded" json:"graded"`
	Comment string `bun:"comment" json:"comment"`
}

var gradingSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"seq": {Columns: []string{"an.seq"}, Kind: httpx.Int},
		"pending": {Kind: httpx.Bool, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
			return q.Where("an.graded = ?", !v.(bool)), nil
		}},
	},
	DefaultSort: "a.code",
	Key:         "an.attempt_id",
}

// GradingAnswers is a page of the answers to the short-answer question
// seq (a filter, required) of exam id, in an order that says nothing of
// who wrote them (the attempts' random codes).
func (s *Service) GradingAnswers(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[GradingAnswer], error) {
	if _, err := s.graded(ctx, id); err != nil {
		return httpx.PageResult[GradingAnswer]{}, err
	}
	if _, ok := lq.Filters["seq"]; !ok {
		return httpx.PageResult[GradingAnswer]{}, httpx.Invalid("seq", "请选择试题")
	}
	q := s.db.NewSelect().Model((*Answer)(nil)).ColumnExpr("a.code, an.answer, an.score, an.graded, an.comment").
		Join("JOIN ks_attempt AS a ON a.id = an.attempt_id").Where("a.exam_id = ?", id).Where("a.state <> ?", AttemptStarted).
		Where("an.answer <> ''")
	return httpx.Paged[GradingAnswer](ctx, q, gradingSpec, lq)
}

// MarkInput is a grader's score of one short answer.
type MarkInput struct {
	Code    string `json:"code"`
	Seq     int    `json:"seq"`
	Score   int    `json:"score"`
	Comment string `json:"comment"`
}

// Mark scores one short answer of exam id (0..the question's points, with
// a comment) and recounts its attempt's score and the answers left; the
// attempt's score is final when none is left. A mark may be changed.
func (s *Service) Mark(ctx context.Context, id int64, in MarkInput) (GradingAnswer, error) {
	x, err := s.graded(ctx, id)
	if err != nil {
		return GradingAnswer{}, err
	}
	qs, err := s.questions(ctx, x.PaperID)
	if err != nil {
		return GradingAnswer{}, err
	}
	var q *PaperQuestion
	for i := range qs {
		if qs[i].Seq == in.Seq && qs[i].Type == question.TypeShort {
			q = &qs[i]
		}
	}
	in.Comment = strings.TrimSpace(in.Comment)
	switch {
	case q == nil:
		return GradingAnswer{}, httpx.Invalid("seq", "试题不是本场考试的简答题")
	case in.Score < 0 || in.Score > q.Points:
		return GradingAnswer{}, httpx.Invalid("score", "得分应为0至%d分", q.Points)
	case utf8.RuneCountInString(in.Comment) > MaxComment:
		return GradingAnswer{}, httpx.Invalid("comment", "评语不超过%d个字", MaxComment)
	}
	grader := rbac.UserID(ctx)
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var attemptID int64
		err := tx.NewSelect().Model((*Attempt)(nil)).Column("a.id").Where("a.code = ?", in.Code).Where("a.exam_id = ?", id).
			Where("a.state <> ?", AttemptStarted).Scan(ctx, &attemptID)
		if isNoRows(err) {
			return httpx.NotFound("答卷不存在")
		} else if err != nil {
			return httpx.Internal(err)
		}
		res, err := tx.NewUpdate().Model((*Answer)(nil)).Set("score = ?", in.Score).Set("graded = ?", true).
			Set("grader_id = ?", grader).Set("comment = ?", in.Comment).
			Where("attempt_id = ?", attemptID).Where("seq = ?", in.Seq).Where("answer <> ''").Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.NotFound("答卷不存在")); err != nil {
			return err
		}
		_, err = tx.NewUpdate().Model((*Attempt)(nil)).
			Set("score = (SELECT COALESCE(SUM(an.score), 0) FROM ks_answer AS an WHERE an.attempt_id = ?)", attemptID).
			Set("pending = (SELECT COUNT(*) FROM ks_answer AS an WHERE an.attempt_id = ? AND an.graded = ?)", attemptID, false).
			Where("id = ?", attemptID).Exec(ctx)
		return httpx.AsError(err)
	})
	if err != nil {
		return GradingAnswer{}, err
	}
	return GradingAnswer{Code: in.Code, Score: in.Score, Graded: true, Comment: in.Comment}, nil
}

// Result is an examinee's line of the results.
type Result struct {
	UserID    int64      `bun:"user_id" json:"userId"`
	Name      string     `bun:"-" json:"name"`
	Attempts  int        `bun:"attempts" json:"attempts"`
	Score     *int       `bun:"best" json:"score"`
	Pending   int        `bun:"pending" json:"pending"`
	Passed    bool       `bun:"-" json:"passed"`
	Graded    bool       `bun:"-" json:"graded"`
	Used      int64      `bun:"-" json:"used"` // seconds the best attempt took
	Submitted *time.Time `bun:"-" json:"submitted"`
}

// resultQuery selects exam id's examinees with their best closed attempt.
func resultQuery(idb bun.IDB, id int64) *bun.SelectQuery {
	closed := "FROM ks_attempt AS a WHERE a.exam_id = e.exam_id AND a.user_id = e.user_id AND a.state <> 'started'"
	return idb.NewSelect().Model((*examinee)(nil)).ModelTableExpr("ks_examinee AS e").ColumnExpr("e.user_id").
		ColumnExpr("(SELECT COUNT(*) "+closed+") AS attempts").
		ColumnExpr("(SELECT MAX(a.score) "+closed+") AS best").
		ColumnExpr("(SELECT COALESCE(SUM(a.pending), 0) "+closed+") AS pending").
		Where("e.exam_id = ?", id)
}

var resultSpec = httpx.ListSpec{
	Filters:     map[string]httpx.Filter{},
	Sorts:       map[string]string{"score": "best", "userId": "e.user_id"},
	DefaultSort: "best DESC, e.user_id",
	Key:         "e.user_id",
}

// Results is a page of exam id's results (attempts past their deadline closed first).
func (s *Service) Results(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[Result], error) {
	x, err := s.exam(ctx, s.db, id)
	if err != nil {
		return httpx.PageResult[Result]{}, err
	}
	if err := s.closeExpired(ctx, id); err != nil {
		return httpx.PageResult[Result]{}, err
	}
	page, err := httpx.Paged[Result](ctx, resultQuery(s.db, id), resultSpec, lq)
	if err != nil {
		return page, err
	}
	return page, s.fillResults(ctx, x, page.Content)
}

// fillResults names the results' examinees and sets their verdict and the
// best attempt's time.
func (s *Service) fillResults(ctx context.Context, x *Exam, rows []Result) error {
	if len(rows) == 0 {
		return nil
	}
	users := make([]int64, len(rows))
	for i, r := range rows {
		users[i] = r.UserID
	}
	people, err := s.people(ctx, users)
	if err != nil {
		return err
	}
	var attempts []Attempt
	if err := s.db.NewSelect().Model(&attempts).Column("a.user_id", "a.score", "a.started_at", "a.closed_at").
		Where("a.exam_id = ?", x.ID).Where("a.user_id IN (?)", bun.In(users)).Where("a.state <> ?", AttemptStarted).
		OrderExpr("a.no").Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	for i := range rows {
		r := &rows[i]
		r.Name = people[i].Name
		r.Graded = r.Attempts > 0 && r.Pending == 0
		r.Passed = r.Score != nil && *r.Score >= x.PassMark
		for _, a := range attempts {
			if a.UserID == r.UserID && r.Score != nil && a.Score == *r.Score && r.Submitted == nil && a.ClosedAt != nil {
				r.Used = int64(a.ClosedAt.Sub(a.StartedAt) / time.Second)
				r.Submitted = a.ClosedAt
			}
		}
	}
	return nil
}

// QuestionStat is the statistics of a question over the closed attempts.
type QuestionStat struct {
	Seq            int     `json:"seq"`
	Type           int     `json:"type"`
	Stem           string  `json:"stem"`
	Points         int     `json:"points"`
	Answered       int     `json:"answered"`
	Mean           float64 `json:"mean"`
	Difficulty     float64 `json:"difficulty"`     // mean score ÷ points (the higher, the easier)
	Discrimination float64 `json:"discrimination"` // (mean of the top 27% − mean of the bottom 27%) ÷ points
}

// Stats is the statistics per question of exam id, over its closed
// attempts: three grouped selects, the top and bottom 27% chosen in SQL.
func (s *Service) Stats(ctx context.Context, id int64) ([]QuestionStat, error) {
	x, err := s.exam(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	if err := s.closeExpired(ctx, id); err != nil {
		return nil, err
	}
	qs, err := s.questions(ctx, x.PaperID)
	if err != nil {
		return nil, err
	}
	n, err := s.db.NewSelect().Model((*Attempt)(nil)).Where("a.exam_id = ?", id).Where("a.state <> ?", AttemptStarted).Count(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	type agg struct {
		Seq      int     `bun:"seq"`
		Mean     float64 `bun:"mean"`
		Answered int     `bun:"answered"`
	}
	group := func(limit int, order string) ([]agg, error) {
		var rows []agg
		among := s.db.NewSelect().Model((*Attempt)(nil)).Column("a.id").Where("a.exam_id = ?", id).Where("a.state <> ?", AttemptStarted)
		if limit > 0 {
			among = among.OrderExpr(order).Limit(int64(limit))
		}
		err := s.db.NewSelect().Model((*Answer)(nil)).Column("an.seq").
			ColumnExpr("AVG(CAST(an.score AS DOUBLE PRECISION)) AS mean").
			ColumnExpr("SUM(CASE WHEN an.answer <> '' THEN 1 ELSE 0 END) AS answered").
			Where("an.attempt_id IN (?)", among).GroupExpr("an.seq").Scan(ctx, &rows)
		return rows, err
	}
	all, err := group(0, "")
	if err != nil {
		return nil, httpx.Internal(err)
	}
	k := int(math.Ceil(0.27 * float64(n)))
	var top, bottom []agg
	if k > 0 {
		if top, err = group(k, "a.score DESC, a.id"); err != nil {
			return nil, httpx.Internal(err)
		}
		if bottom, err = group(k, "a.score ASC, a.id"); err != nil {
			return nil, httpx.Internal(err)
		}
	}
	find := func(rows []agg, seq int) agg {
		for _, r := range rows {
			if r.Seq == seq {
				return r
			}
		}
		return agg{}
	}
	out := make([]QuestionStat, len(qs))
	for i, q := range qs {
		a := find(all, q.Seq)
		st := QuestionStat{Seq: q.Seq, Type: q.Type, Stem: q.Stem, Points: q.Points, Answered: a.Answered, Mean: round2(a.Mean)}
		if q.Points > 0 && n > 0 {
			st.Difficulty = round2(a.Mean / float64(q.Points))
			st.Discrimination = round2((find(top, q.Seq).Mean - find(bottom, q.Seq).Mean) / float64(q.Points))
		}
		out[i] = st
	}
	return out, nil
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

// export streams exam id's results as a workbook, best first.
func (s *Service) export(w http.ResponseWriter, r *http.Request, id int64) error {
	ctx := r.Context()
	x, err := s.exam(ctx, s.db, id)
	if err != nil {
		return err
	}
	if err := s.closeExpired(ctx, id); err != nil {
		return err
	}
	sheet := resultSheet(x.Title)
	out, err := sheet.Start()
	if err != nil {
		return err
	}
	n := 0
	for offset := 0; offset < maxExportRows; offset += 500 {
		var rows []Result
		if err := resultQuery(s.db, id).OrderExpr("best DESC, e.user_id").Limit(500).Offset(int64(offset)).Scan(ctx, &rows); err != nil {
			return httpx.Internal(err)
		}
		if err := s.fillResults(ctx, x, rows); err != nil {
			return err
		}
		for i := range rows {
			n++
			if err := out.Row(&rows[i]); err != nil {
				return httpx.Internal(err)
			}
		}
		if len(rows) < 500 {
			break
		}
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出考试“%s”的成绩（%d人）", x.Title, n))
	return out.Send(w, fmt.Sprintf("%s-成绩-%s.xlsx", x.Title, date.Of(s.now().In(date.China)).Compact()))
}

func resultSheet(title string) report.Sheet[Result] {
	return report.Sheet[Result]{Name: "成绩", Title: title + " 成绩", Text: true, Columns: []report.Column[Result]{
		{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *Result) any { return n }},
		{Title: "姓名", Width: 14, Lead: true, Cell: func(_ int, r *Result) any { return r.Name }},
		{Title: "作答次数", Width: 10, Cell: func(_ int, r *Result) any { return r.Attempts }},
		{Title: "成绩", Width: 10, Cell: func(_ int, r *Result) any {
			if r.Score == nil {
				return "缺考"
			}
			return *r.Score
		}},
		{Title: "是否及格", Width: 10, Cell: func(_ int, r *Result) any {
			switch {
			case r.Score == nil:
				return ""
			case !r.Graded:
				return "待阅卷"
			case r.Passed:
				return "及格"
			}
			return "不及格"
		}},
		{Title: "用时（分钟）", Width: 12, Cell: func(_ int, r *Result) any {
			if r.Submitted == nil {
				return ""
			}
			return (r.Used + 59) / 60
		}},
		{Title: "交卷时间", Width: 18, Cell: func(_ int, r *Result) any {
			if r.Submitted == nil {
				return ""
			}
			return r.Submitted.In(date.China).Format("2006-01-02 15:04")
		}},
	}}
}
