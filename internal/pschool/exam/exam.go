package exam

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/uniq"
)

// The best attempt counts: an examinee allowed several attempts keeps the
// highest score of those closed (a later, worse attempt never lowers it).

// ExamInput is an exam's form. PassMark nil takes the paper's.
type ExamInput struct {
	Title            string    `json:"title"`
	OrgID            int64     `json:"orgId"`
	PaperID          int64     `json:"paperId"`
	OpensAt          time.Time `json:"opensAt"`
	ClosesAt         time.Time `json:"closesAt"`
	Duration         int       `json:"duration"`
	Attempts         int       `json:"attempts"`
	ShuffleQuestions bool      `json:"shuffleQuestions"`
	ShuffleOptions   bool      `json:"shuffleOptions"`
	PassMark         *int      `json:"passMark"`
}

// ExamView is an exam in the list and its detail.
type ExamView struct {
	Exam       `bun:",extend"`
	OrgName    string `bun:"org_name,scanonly" json:"orgName"`
	PaperTitle string `bun:"paper_title,scanonly" json:"paperTitle"`
	Total      int    `bun:"paper_total,scanonly" json:"total"`
	StateName  string `bun:"-" json:"stateName"`
}

func errNoExam() *httpx.Error { return httpx.NotFound("考试不存在") }

var examSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"x.title"}, Match: httpx.Like},
		"state":  {Columns: []string{"x.state"}, Kind: httpx.Int},
		"orgId":  org.SubtreeFilter("x.org_id"),
	},
	Sorts:       map[string]string{"createTime": "x.created_at", "opensAt": "x.opens_at", "title": "x.title"},
	DefaultSort: "x.created_at DESC, x.id DESC",
	Key:         "x.id",
}

func (s *Service) examQuery(ctx context.Context, idb bun.IDB) (*bun.SelectQuery, error) {
	scope, err := s.orgs.Scoped("x.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	q := idb.NewSelect().Model((*ExamView)(nil)).ColumnExpr("x.*").
		ColumnExpr("p.title AS paper_title, p.total AS paper_total").Join("JOIN ks_paper AS p ON p.id = x.paper_id")
	return scope(org.NameJoin("x.org_id")(q)), nil
}

// Exams is a page of the exams of the caller's scope.
func (s *Service) Exams(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[ExamView], error) {
	q, err := s.examQuery(ctx, s.db)
	if err != nil {
		return httpx.PageResult[ExamView]{}, err
	}
	return httpx.PagedEach(ctx, q, examSpec, lq, func(v *ExamView) { v.StateName = StateNames[v.State] })
}

// ExamDetail is exam id of the caller's scope.
func (s *Service) ExamDetail(ctx context.Context, id int64) (ExamView, error) {
	q, err := s.examQuery(ctx, s.db)
	if err != nil {
		return ExamView{}, err
	}
	var v ExamView
	if err := q.Where("x.id = ?", id).Scan(ctx, &v); err != nil {
		if isNoRows(err) {
			return v, errNoExam()
		}
		return v, httpx.Internal(err)
	}
	v.StateName = StateNames[v.State]
	return v, nil
}

// exam reads exam id of the caller's scope.
func (s *Service) exam(ctx context.Context, idb bun.IDB, id int64) (*Exam, error) {
	return record.FindScoped[Exam](ctx, idb, s.orgs.Scoped("x.org_id"), "x", id, errNoExam)
}

// checkExam checks in against the paper it names (of the caller's scope).
func (s *Service) checkExam(ctx context.Context, in ExamInput) (Exam, error) {
	in.Title = strings.TrimSpace(in.Title)
	var x Exam
	switch {
	case in.Title == "" || utf8.RuneCountInString(in.Title) > MaxTitle:
		return x, httpx.Invalid("title", "请输入考试名称（不超过%d个字）", MaxTitle)
	case in.OrgID <= 0:
		return x, httpx.Invalid("orgId", "请选择党组织")
	case in.PaperID <= 0:
		return x, httpx.Invalid("paperId", "请选择试卷")
	case in.OpensAt.IsZero():
		return x, httpx.Invalid("opensAt", "请选择开始时间")
	case in.ClosesAt.IsZero():
		return x, httpx.Invalid("closesAt", "请选择截止时间")
	case !in.ClosesAt.After(in.OpensAt):
		return x, httpx.Invalid("closesAt", "截止时间应晚于开始时间")
	case in.ClosesAt.Sub(in.OpensAt) > MaxWindowDays*24*time.Hour:
		return x, httpx.Invalid("closesAt", "考试时间窗不能超过%d天", MaxWindowDays)
	case in.Duration < 1 || in.Duration > MaxDuration:
		return x, httpx.Invalid("duration", "考试时长应为1至%d分钟", MaxDuration)
	case in.Attempts < 1 || in.Attempts > MaxAttempts:
		return x, httpx.Invalid("attempts", "允许作答次数应为1至%d次", MaxAttempts)
	}
	if err := s.orgs.Owns(ctx, "orgId", in.OrgID); err != nil {
		return x, err
	}
	p, err := s.paper(ctx, s.db, in.PaperID)
	if err != nil {
		return x, httpx.Invalid("paperId", "所选试卷不存在")
	}
	pass := p.PassMark
	if in.PassMark != nil {
		pass = *in.PassMark
	}
	if pass < 0 || pass > p.Total {
		return x, httpx.Invalid("passMark", "及格分应为0至%d分（试卷总分）", p.Total)
	}
	return Exam{OrgID: in.OrgID, PaperID: in.PaperID, Title: in.Title, OpensAt: second(in.OpensAt), ClosesAt: second(in.ClosesAt),
		Duration: in.Duration, Attempts: in.Attempts, ShuffleQuestions: in.ShuffleQuestions, ShuffleOptions: in.ShuffleOptions,
		PassMark: pass}, nil
}

// second is t in UTC to the second: the deadlines compare alike on both databases.
func second(t time.Time) time.Time { return t.UTC().Truncate(time.Second) }

// CreateExam stores a draft exam.
func (s *Service) CreateExam(ctx context.Context, in ExamInput) (ExamView, error) {
	x, err := s.checkExam(ctx, in)
	if err != nil {
		return ExamView{}, err
	}
	now := s.clock()
	x.CreatedAt, x.UpdatedAt, x.State = now, now, StateDraft
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return s.saveExam(ctx, tx, nil, &x, func(ctx context.Context) (int64, error) {
			_, err := tx.NewInsert().Model(&x).Returning("id").Exec(ctx)
			return x.ID, httpx.AsError(err)
		})
	})
	if err != nil {
		return ExamView{}, err
	}
	return s.ExamDetail(ctx, x.ID)
}

// UpdateExam changes exam id. A published exam keeps its paper and its
// shuffling (the attempts begun hold them); a finished one changes no more.
func (s *Service) UpdateExam(ctx context.Context, id int64, in ExamInput) (ExamView, error) {
	cur, err := s.exam(ctx, s.db, id)
	if err != nil {
		return ExamView{}, err
	}
	x, err := s.checkExam(ctx, in)
	if err != nil {
		return ExamView{}, err
	}
	switch cur.State {
	case StateFinished:
		return ExamView{}, httpx.Conflict("考试已结束，不能再修改")
	case StatePublished:
		if x.PaperID != cur.PaperID || x.ShuffleQuestions != cur.ShuffleQuestions || x.ShuffleOptions != cur.ShuffleOptions {
			return ExamView{}, httpx.Conflict("考试已发布，不能更换试卷或改变乱序设置")
		}
	}
	before, err := s.examView(ctx, s.db, cur)
	if err != nil {
		return ExamView{}, err
	}
	x.ID, x.State, x.Examinees, x.CreatedAt, x.UpdatedAt = id, cur.State, cur.Examinees, cur.CreatedAt, s.clock()
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return s.saveExam(ctx, tx, before, &x, func(ctx context.Context) (int64, error) {
			res, err := tx.NewUpdate().Model(&x).
				Column("org_id", "paper_id", "title", "opens_at", "closes_at", "duration", "attempts", "shuffle_questions", "shuffle_options", "pass_mark").
				Set("updated_at = ?", x.UpdatedAt).Where("id = ?", id).Where("state = ?", cur.State).Exec(ctx)
			return id, record.Conditional(res, err, 1, httpx.Conflict("考试状态已变化，请刷新后重试"))
		})
	})
	if err != nil {
		return ExamView{}, err
	}
	return s.ExamDetail(ctx, id)
}

// DeleteExams deletes draft exams of the scope (all or none).
func (s *Service) DeleteExams(ctx context.Context, ids []int64) error {
	ids = uniq.Of(ids)
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if err := s.allInScope(ctx, tx.NewSelect().Model((*Exam)(nil)), "x", ids, errNoExam()); err != nil {
			return err
		}
		var gone []Exam
		if err := tx.NewSelect().Model(&gone).Where("x.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
			return httpx.Internal(err)
		}
		res, err := tx.NewDelete().Model((*Exam)(nil)).Where("id IN (?)", bun.In(ids)).Where("state = ?", StateDraft).Exec(ctx)
		if err := record.Conditional(res, err, int64(len(ids)), httpx.Conflict("只能删除草稿状态的考试")); err != nil {
			return err
		}
		return s.deletedExams(ctx, tx, gone)
	})
}

// PublishExam opens draft id to its examinees and locks its paper.
func (s *Service) PublishExam(ctx context.Context, id int64) (ExamView, error) {
	x, err := s.exam(ctx, s.db, id)
	if err != nil {
		return ExamView{}, err
	}
	if x.Examinees == 0 {
		return ExamView{}, httpx.Conflict("请先设置考生")
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*Exam)(nil)).Set("state = ?", StatePublished).Set("updated_at = ?", s.clock()).
			Where("id = ?", id).Where("state = ?", StateDraft).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("只能发布草稿状态的考试")); err != nil {
			return err
		}
		if _, err = tx.NewUpdate().Model((*Paper)(nil)).Set("locked = ?", true).Where("id = ?", x.PaperID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		x.State = StatePublished
		return examState(ctx, tx, x, StateDraft)
	})
	if err != nil {
		return ExamView{}, err
	}
	return s.ExamDetail(ctx, id)
}

// FinishExam ends published exam id after its closing time; the attempts
// still open are closed with what was saved.
func (s *Service) FinishExam(ctx context.Context, id int64) (ExamView, error) {
	x, err := s.exam(ctx, s.db, id)
	if err != nil {
		return ExamView{}, err
	}
	if s.now().Before(x.ClosesAt) {
		return ExamView{}, httpx.Conflict("考试尚未截止，不能结束")
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*Exam)(nil)).Set("state = ?", StateFinished).Set("updated_at = ?", s.clock()).
			Where("id = ?", id).Where("state = ?", StatePublished).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("只能结束已发布的考试")); err != nil {
			return err
		}
		x.State = StateFinished
		return examState(ctx, tx, x, StatePublished)
	})
	if err != nil {
		return ExamView{}, err
	}
	if err := s.closeExpired(ctx, id); err != nil {
		return ExamView{}, err
	}
	return s.ExamDetail(ctx, id)
}

// PeopleInput names members (of the caller's scope, each with an account):
// they replace the examinees, or with Add join them.
type PeopleInput struct {
	MemberIDs []int64 `json:"memberIds"`
	Add       bool    `json:"add"`
}

// accountsOf reads the accounts of members of the caller's scope: a member
// out of scope, or without an account, is a 400 naming field.
func (s *Service) accountsOf(ctx context.Context, field string, ids []int64, limit int) ([]int64, error) {
	ids = uniq.Of(ids)
	if len(ids) > limit {
		return nil, httpx.Invalid(field, "最多选择%d人", limit)
	}
	holders, err := s.members.HoldersOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		h, ok := holders[id]
		if !ok {
			return nil, httpx.Invalid(field, "所选党员不存在")
		}
		if h.UserID == nil {
			return nil, httpx.Invalid(field, "%s尚未开通账号，不能参加考试或阅卷", h.Name)
		}
		out = append(out, *h.UserID)
	}
	return out, nil
}

// SetExamExaminees replaces exam id's examinees by the accounts of members.
func (s *Service) SetExamExaminees(ctx context.Context, id int64, in PeopleInput) (ExamView, error) {
	x, err := s.exam(ctx, s.db, id)
	if err != nil {
		return ExamView{}, err
	}
	if x.State == StateFinished {
		return ExamView{}, httpx.Conflict("考试已结束，不能再修改考生")
	}
	users, err := s.accountsOf(ctx, "memberIds", in.MemberIDs, MaxExaminees)
	if err != nil {
		return ExamView{}, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if !in.Add {
			return s.SetExaminees(ctx, tx, id, users)
		}
		return changeExaminees(ctx, tx, id, "memberIds", func() error { return upsertExaminees(ctx, tx, id, users, "by_hand") })
	})
	if err != nil {
		return ExamView{}, err
	}
	return s.ExamDetail(ctx, id)
}

// SetExaminees makes userIDs the examinees named by hand of exam examID
// through idb (the exam page's replace): the rows a training batch added
// stay, whoever the list names. An examinee removed keeps the attempts
// made; the count is kept on the exam.
func (s *Service) SetExaminees(ctx context.Context, idb bun.IDB, examID int64, userIDs []int64) error {
	userIDs = uniq.Of(userIDs)
	if len(userIDs) > MaxExaminees {
		return httpx.Invalid("userIds", "一场考试最多%d名考生", MaxExaminees)
	}
	return changeExaminees(ctx, idb, examID, "memberIds", func() error {
		drop := idb.NewUpdate().Model((*examinee)(nil)).Set("by_hand = ?", false).Where("exam_id = ?", examID).Where("by_hand = ?", true)
		if len(userIDs) > 0 {
			drop = drop.Where("user_id NOT IN (?)", bun.In(userIDs))
		}
		if _, err := drop.Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		return upsertExaminees(ctx, idb, examID, userIDs, "by_hand")
	})
}

// SetGraders replaces exam id's graders by the accounts of members.
func (s *Service) SetGraders(ctx context.Context, id int64, in PeopleInput) ([]Person, error) {
	if _, err := s.exam(ctx, s.db, id); err != nil {
		return nil, err
	}
	users, err := s.accountsOf(ctx, "memberIds", in.MemberIDs, MaxGraders)
	if err != nil {
		return nil, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewDelete().Model((*grader)(nil)).Where("exam_id = ?", id).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		if len(users) == 0 {
			return nil
		}
		rows := make([]grader, len(users))
		for i, u := range users {
			rows[i] = grader{ExamID: id, UserID: u}
		}
		_, err := tx.NewInsert().Model(&rows).Exec(ctx)
		return httpx.AsError(err)
	})
	if err != nil {
		return nil, err
	}
	return s.Graders(ctx, id)
}

// Person is an account with its member's name.
type Person struct {
	UserID int64  `json:"userId"`
	Name   string `json:"name"`
}

// Graders lists exam id's graders.
func (s *Service) Graders(ctx context.Context, id int64) ([]Person, error) {
	if _, err := s.exam(ctx, s.db, id); err != nil {
		return nil, err
	}
	var users []int64
	if err := s.db.NewSelect().Model((*grader)(nil)).Column("user_id").Where("exam_id = ?", id).OrderExpr("user_id").
		Scan(ctx, &users); err != nil {
		return nil, httpx.Internal(err)
	}
	return s.people(ctx, users)
}

// Examinees is a page of exam id's examinees.
func (s *Service) Examinees(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[Person], error) {
	if _, err := s.exam(ctx, s.db, id); err != nil {
		return httpx.PageResult[Person]{}, err
	}
	q := s.db.NewSelect().Model((*examinee)(nil)).Where("exam_id = ?", id)
	total, err := q.Count(ctx)
	if err != nil {
		return httpx.PageResult[Person]{}, httpx.Internal(err)
	}
	var users []int64
	if err := q.Column("user_id").OrderExpr("user_id").Limit(int64(lq.Size)).Offset(int64(lq.Offset())).Scan(ctx, &users); err != nil {
		return httpx.PageResult[Person]{}, httpx.Internal(err)
	}
	people, err := s.people(ctx, users)
	return httpx.NewPage(people, int(total)), err
}

// people names accounts by their members; an account of no member (a
// batch's 学员) by the name it carries, and one without either by its id.
func (s *Service) people(ctx context.Context, users []int64) ([]Person, error) {
	names, err := s.members.LinkedTo(ctx, s.db, users)
	if err != nil {
		return nil, err
	}
	var unnamed []int64
	for _, u := range users {
		if names[u] == "" {
			unnamed = append(unnamed, u)
		}
	}
	nicks, err := s.sys.NickNames(ctx, s.db, unnamed)
	if err != nil {
		return nil, err
	}
	out := make([]Person, len(users))
	for i, u := range users {
		out[i] = Person{UserID: u, Name: names[u]}
		if out[i].Name == "" {
			out[i].Name = nicks[u]
		}
		if out[i].Name == "" {
			out[i].Name = "账号" + itoa(u)
		}
	}
	return out, nil
}

// Outcome is an examinee's result of an exam: the best closed attempt's
// score, whether it passes, and whether every closed attempt is graded
// (false while a short answer waits for its grader, or before any attempt
// closed).
type Outcome struct {
	Score    int  `json:"score"`
	Passed   bool `json:"passed"`
	Graded   bool `json:"graded"`
	Attempts int  `json:"attempts"`
}

// Outcomes reads the results of exam examID for userIDs (whatever the
// caller's scope: the training batches read their trainees' results). An
// account with no closed attempt is absent. Attempts past their deadline
// are closed (and graded) first, so no result waits for the job.
func (s *Service) Outcomes(ctx context.Context, examID int64, userIDs []int64) (map[int64]Outcome, error) {
	out := map[int64]Outcome{}
	if len(userIDs) == 0 {
		return out, nil
	}
	if err := s.closeExpired(ctx, examID); err != nil {
		return nil, err
	}
	var x Exam
	if err := s.db.NewSelect().Model(&x).Where("x.id = ?", examID).Scan(ctx); err != nil {
		if isNoRows(err) {
			return nil, errNoExam()
		}
		return nil, httpx.Internal(err)
	}
	for start := 0; start < len(userIDs); start += 500 {
		var rows []struct {
			UserID   int64 `bun:"user_id"`
			Best     int   `bun:"best"`
			Pending  int   `bun:"pending"`
			Attempts int   `bun:"attempts"`
		}
		err := s.db.NewSelect().Model((*Attempt)(nil)).Column("a.user_id").
			ColumnExpr("MAX(a.score) AS best, SUM(a.pending) AS pending, COUNT(*) AS attempts").
			Where("a.exam_id = ?", examID).Where("a.state <> ?", AttemptStarted).
			Where("a.user_id IN (?)", bun.In(userIDs[start:min(start+500, len(userIDs))])).GroupExpr("a.user_id").Scan(ctx, &rows)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		for _, r := range rows {
			out[r.UserID] = Outcome{Score: r.Best, Passed: r.Best >= x.PassMark, Graded: r.Pending == 0, Attempts: r.Attempts}
		}
	}
	return out, nil
}
