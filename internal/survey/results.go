package survey

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/httpx"
)

// The results are counted in SQL: a named answer keeps its marks as the
// engine keeps a ballot's (JSON [{"i","c","t"}], read by the export) and,
// for counting, as rows of wj_mark grouped by item and choice from an
// index; an anonymous questionnaire's are the engine's Tally and Texts.
// Nothing loads the answers into Go to count them.

// count is a questionnaire's answers counted: how many, and per item the
// marks per choice ("" = a text), and per item how many answers marked it.
type count struct {
	answers int
	counts  map[string]map[string]int
	items   map[string]int
}

// countNamed counts a named questionnaire's answers in SQL: one grouped
// read of wj_mark's covering index (per item and choice the marks, and the
// answers whose first mark of the item it is).
func (s *Service) countNamed(ctx context.Context, id int64) (count, error) {
	c := count{counts: map[string]map[string]int{}, items: map[string]int{}}
	n, err := s.db.NewSelect().Model((*Answer)(nil)).Where("questionnaire_id = ?", id).Count(ctx)
	if err != nil {
		return c, httpx.Internal(err)
	}
	c.answers = int(n)
	var rows []struct {
		Item   string `bun:"item"`
		Choice string `bun:"choice"`
		N      int    `bun:"n"`
		First  int    `bun:"first"`
	}
	err = s.db.NewSelect().TableExpr("wj_mark AS m").
		ColumnExpr("m.item, m.choice, COUNT(*) AS n, SUM(CASE WHEN m.first_mark THEN 1 ELSE 0 END) AS first").
		Where("m.questionnaire_id = ?", id).GroupExpr("m.item, m.choice").Scan(ctx, &rows)
	if err != nil {
		return c, httpx.Internal(fmt.Errorf("survey: count: %w", err))
	}
	for _, r := range rows {
		if c.counts[r.Item] == nil {
			c.counts[r.Item] = map[string]int{}
		}
		c.counts[r.Item][r.Choice] = r.N
		c.items[r.Item] += r.First
	}
	return c, nil
}

// countAnonymous reads an anonymous questionnaire's count from the engine
// (after the stop); a multiple choice's answers per item are not known
// there, so its shares are of all answers.
func (s *Service) countAnonymous(ctx context.Context, round int64, paper ballot.Paper) (count, error) {
	t, err := s.ballots.TallyOf(ctx, round)
	if err != nil {
		return count{}, err
	}
	c := count{answers: t.Ballots, counts: t.Counts, items: map[string]int{}}
	for _, q := range paper.Questions {
		switch q.Kind {
		case ballot.Text:
			n := t.Texts[q.Key]
			if c.counts[q.Key] == nil {
				c.counts[q.Key] = map[string]int{}
			}
			c.counts[q.Key][""], c.items[q.Key] = n, n
		case ballot.Multiple:
			c.items[q.Key] = t.Ballots
		case ballot.Matrix:
			for _, r := range q.Rows {
				c.items[q.Key+"."+r.Key] = sum(t.Counts[q.Key+"."+r.Key])
			}
		default:
			c.items[q.Key] = sum(t.Counts[q.Key])
		}
	}
	return c, nil
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return math.Round(float64(n)/float64(of)*10000) / 10000
}

// WriteInLabel names the write-ins of a choice question in the results.
const WriteInLabel = "其他（另填）"

// Results are questionnaire id's statistics per question: a named one's at
// any time; an anonymous one's once stopped or past its deadline (before:
// Ready false, the turnout only).
func (s *Service) Results(ctx context.Context, id int64) (Results, error) {
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return Results{}, err
	}
	return s.resultsOf(ctx, v)
}

// resultsOf are the statistics of questionnaire v as find read it.
func (s *Service) resultsOf(ctx context.Context, v *View) (Results, error) {
	var paper ballot.Paper
	if err := json.Unmarshal([]byte(v.PaperJSON), &paper); err != nil {
		return Results{}, httpx.Internal(err)
	}
	out := Results{ID: v.ID, Title: v.Title, Anonymous: v.Anonymous, Audience: v.Audience, Answers: v.Answered, Questions: []QuestionResult{},
		Columns: []string{}}
	for _, c := range columnsOf(paper) {
		out.Columns = append(out.Columns, c.title)
	}
	var c count
	switch {
	case v.RoundID != nil:
		r, err := s.ballots.Get(ctx, *v.RoundID)
		if err != nil {
			return Results{}, err
		}
		out.Answers = r.Cast
		if !r.Over(s.now()) {
			return out, nil
		}
		if c, err = s.countAnonymous(ctx, *v.RoundID, paper); err != nil {
			return Results{}, err
		}
	case v.Anonymous: // a draft: nothing yet
		return out, nil
	default:
		var err error
		if c, err = s.countNamed(ctx, v.ID); err != nil {
			return Results{}, err
		}
	}
	out.Ready, out.Answers = true, c.answers
	for _, q := range paper.Questions {
		out.Questions = append(out.Questions, questionResult(q, c))
	}
	return out, nil
}

// questionResult is question q's statistics from c.
func questionResult(q ballot.Question, c count) QuestionResult {
	r := QuestionResult{Key: q.Key, Kind: q.Kind, Title: q.Title, Answered: c.items[q.Key]}
	options := func(item string, opts []ballot.Option, writeIn bool, of int) []OptionCount {
		out := make([]OptionCount, 0, len(opts)+1)
		for _, o := range opts {
			n := c.counts[item][o.Key]
			out = append(out, OptionCount{Key: o.Key, Label: o.Label, Count: n, Share: share(n, of)})
		}
		if writeIn {
			n := c.counts[item][ballot.WriteInChoice]
			out = append(out, OptionCount{Key: ballot.WriteInChoice, Label: WriteInLabel, Count: n, Share: share(n, of)})
		}
		return out
	}
	switch q.Kind {
	case ballot.Single, ballot.Multiple:
		r.Options = options(q.Key, q.Options, q.WriteIn, r.Answered)
		if q.WriteIn {
			r.Texts = c.counts[q.Key][ballot.WriteInChoice]
		}
	case ballot.Rating:
		scale := make([]ballot.Option, q.ScaleOf())
		total := 0
		for i := range scale {
			k := strconv.Itoa(i + 1)
			scale[i] = ballot.Option{Key: k, Label: k + "分"}
			total += (i + 1) * c.counts[q.Key][k]
		}
		r.Options = options(q.Key, scale, false, r.Answered)
		if r.Answered > 0 {
			r.Average = math.Round(float64(total)/float64(r.Answered)*100) / 100
		}
	case ballot.Matrix:
		for _, row := range q.Rows {
			item := q.Key + "." + row.Key
			n := c.items[item]
			r.Rows = append(r.Rows, MatrixRow{Key: row.Key, Label: row.Label, Answered: n, Options: options(item, q.Options, false, n)})
			r.Answered = max(r.Answered, n)
		}
	case ballot.Text:
		r.Texts = c.counts[q.Key][""]
	}
	return r
}

// TextPage is a page of the answers to a text question (item=<key>), or of
// a choice question's write-ins: a named questionnaire's with who wrote
// them, newest first; an anonymous one's as the engine groups them (each
// text and how many wrote it, most frequent first; at most 1000).
func (s *Service) TextPage(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[TextAnswer], error) {
	out := httpx.PageResult[TextAnswer]{Content: []TextAnswer{}}
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return out, err
	}
	item, _ := lq.Filters["item"].(string)
	var paper ballot.Paper
	if err := json.Unmarshal([]byte(v.PaperJSON), &paper); err != nil {
		return out, httpx.Internal(err)
	}
	found := false
	for _, q := range paper.Questions {
		found = found || (q.Key == item && (q.Kind == ballot.Text || q.WriteIn))
	}
	if !found {
		return out, httpx.Invalid("item", "请选择填空题或可另填的选择题")
	}
	size := lq.Size
	if size <= 0 || size > 100 {
		size = 10
	}
	if v.Anonymous {
		if v.RoundID == nil {
			return out, nil
		}
		texts, total, err := s.ballots.Texts(ctx, *v.RoundID, item, lq.Page.Page*size, size)
		if err != nil {
			return out, err
		}
		out.TotalElements = total
		for _, t := range texts {
			out.Content = append(out.Content, TextAnswer{Text: t.Text, Count: t.N})
		}
		return out, nil
	}
	q := s.db.NewSelect().TableExpr("wj_mark AS m").Join("JOIN wj_answer AS a ON a.id = m.answer_id").
		ColumnExpr("a.name AS name, m.text AS text, 1 AS count").
		Where("m.questionnaire_id = ?", id).Where("m.item = ?", item).Where("m.text <> ''")
	n, err := q.Count(ctx)
	if err != nil {
		return out, httpx.Internal(err)
	}
	out.TotalElements = int(n)
	var rows []struct {
		Name  string `bun:"name"`
		Text  string `bun:"text"`
		Count int    `bun:"count"`
	}
	if err := q.OrderExpr("m.answer_id DESC").Limit(int64(size)).Offset(int64(lq.Page.Page*size)).Scan(ctx, &rows); err != nil {
		return out, httpx.Internal(err)
	}
	for _, r := range rows {
		out.Content = append(out.Content, TextAnswer{Name: r.Name, Text: r.Text, Count: r.Count})
	}
	return out, nil
}

// answerSpec pages a questionnaire's named answers, the newest first (no filter).
var answerSpec = httpx.ListSpec{DefaultSort: "a.id DESC", Key: "a.id"}

// AnswerPage is a page of a named questionnaire's answers, newest first,
// each spread into the columns of Results.Columns (an anonymous one's
// ballots are read in the export only, once it stops: 409).
func (s *Service) AnswerPage(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[AnswerRow], error) {
	out := httpx.PageResult[AnswerRow]{Content: []AnswerRow{}}
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return out, err
	}
	if v.Anonymous {
		return out, httpx.Conflict("匿名问卷不列出答卷，停止收集后可以导出全部答卷")
	}
	var paper ballot.Paper
	if err := json.Unmarshal([]byte(v.PaperJSON), &paper); err != nil {
		return out, httpx.Internal(err)
	}
	var rows []Answer
	q := s.db.NewSelect().Model((*Answer)(nil)).Column("a.id", "a.member_id", "a.name", "a.marks", "a.created_at").Where("a.questionnaire_id = ?", id)
	total, err := httpx.PagedInto(ctx, q, answerSpec, lq, &rows)
	if err != nil {
		return out, err
	}
	out = httpx.NewCountedPage(make([]AnswerRow, 0, len(rows)), total)
	cols := columnsOf(paper)
	for _, a := range rows {
		var marks []ballot.Mark
		if err := json.Unmarshal([]byte(a.Marks), &marks); err != nil {
			return out, httpx.Internal(fmt.Errorf("survey %d: answer %d: %w", id, a.ID, err))
		}
		out.Content = append(out.Content, AnswerRow{ID: a.ID, Name: a.Name, CreatedAt: a.CreatedAt, Cells: cellsOf(cols, marks), memberID: a.MemberID})
	}
	return out, nil
}
