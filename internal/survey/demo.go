package survey

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
)

// The demo's questionnaires (zhdj seed --demo, after internal/demo wrote
// the university), both published by the first 二级党委:
//
//   - a named 支部工作满意度调查 to the members of its subtree, collecting
//     until a deadline three weeks on, answered by most of them (the demo
//     members have no accounts: their answers name the member and no
//     account, as if given before their accounts were removed);
//   - an anonymous 支部班子民主测评, on printed one-time codes (the demo has
//     no member accounts), most of them cast through the engine, stopped,
//     so its results show;
//   - the receipts of the meetings orglife's demo asked for one
//     (demo_receipts.go there), three members in four of each list answering.

// DemoOptions are the demo seed's: the generator's seed and the day the
// data is consistent with (zero: now).
type DemoOptions struct {
	Seed  uint64
	Today time.Time
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Questionnaires, Named, Anonymous int
	// Receipts: the answers given to the meetings' receipts.
	Receipts int
	Took     time.Duration
}

const demoStream = 1 << 53

// DemoNamedPaper and DemoAnonymousPaper are the demo's papers.
func DemoNamedPaper(year int) ballot.Paper {
	sat := []ballot.Option{{Key: "a", Label: "满意"}, {Key: "b", Label: "比较满意"}, {Key: "c", Label: "一般"}, {Key: "d", Label: "不满意"}}
	return ballot.Paper{Title: fmt.Sprintf("%d年度党支部工作满意度调查", year), Intro: "请根据本年度党支部工作的实际情况填写，感谢您的参与。",
		Questions: []ballot.Question{
			{Key: "q1", Kind: ballot.Single, Title: "您对本支部本年度工作总体是否满意", Required: true, Options: sat},
			{Key: "q2", Kind: ballot.Multiple, Title: "您认为本支部做得较好的方面（可多选）", Options: []ballot.Option{
				{Key: "x1", Label: "三会一课规范"}, {Key: "x2", Label: "主题党日形式新颖"}, {Key: "x3", Label: "理论学习深入"},
				{Key: "x4", Label: "联系服务群众"}}, Max: 3, ShowIf: &ballot.Condition{Question: "q1", Option: "a"}},
			{Key: "q3", Kind: ballot.Rating, Title: "请为支部书记履职情况打分", Required: true, Max: 5},
			{Key: "q4", Kind: ballot.Matrix, Title: "请评价以下各项工作", Options: sat[:3], Rows: []ballot.Option{
				{Key: "r1", Label: "组织生活"}, {Key: "r2", Label: "党员教育"}, {Key: "r3", Label: "党费收缴"}}, Required: true},
			{Key: "q5", Kind: ballot.Text, Title: "对支部工作的意见建议", MaxLen: 500},
		}}
}

func DemoAnonymousPaper(year int) ballot.Paper {
	grade := []ballot.Option{{Key: "good", Label: "好"}, {Key: "fair", Label: "较好"}, {Key: "average", Label: "一般"}, {Key: "poor", Label: "差"}}
	return ballot.Paper{Title: fmt.Sprintf("%d年度党支部班子民主测评", year), Intro: "本测评匿名进行，不记录填写人。",
		Questions: []ballot.Question{
			{Key: "q1", Kind: ballot.Single, Title: "对支部班子的总体评价", Required: true, Options: grade},
			{Key: "q2", Kind: ballot.Matrix, Title: "分项评价", Required: true, Options: grade, Rows: []ballot.Option{
				{Key: "r1", Label: "政治建设"}, {Key: "r2", Label: "团结协作"}, {Key: "r3", Label: "作风建设"}}},
			{Key: "q3", Kind: ballot.Rating, Title: "班子整体满意度", Required: true, Max: 10},
			{Key: "q4", Kind: ballot.Text, Title: "意见建议"},
		}}
}

var demoTexts = []string{"希望多组织实践活动", "理论学习可以更结合专业实际", "建议主题党日增加志愿服务", "支部活动通知可以更早一些",
	"希望加强与学生党员的联系", "", "", ""}

// DemoMarks draws an answer to p: a favourable lean, skip logic obeyed.
func DemoMarks(r *rand.Rand, p ballot.Paper) []ballot.Mark {
	var out []ballot.Mark
	pick := func(n int) int { // skewed to the first options
		return min(int(r.ExpFloat64()*0.9), n-1)
	}
	for _, q := range p.Questions {
		if c := q.ShowIf; c != nil && !slices.ContainsFunc(out, func(m ballot.Mark) bool { return m.Item == c.Question && m.Choice == c.Option }) {
			continue
		}
		switch q.Kind {
		case ballot.Single:
			out = append(out, ballot.Mark{Item: q.Key, Choice: q.Options[pick(len(q.Options))].Key})
		case ballot.Multiple:
			for i, o := range q.Options {
				if r.IntN(3) > 0 || (i == len(q.Options)-1 && !slices.ContainsFunc(out, func(m ballot.Mark) bool { return m.Item == q.Key })) {
					if q.Max == 0 || len(slices.DeleteFunc(slices.Clone(out), func(m ballot.Mark) bool { return m.Item != q.Key })) < q.Max {
						out = append(out, ballot.Mark{Item: q.Key, Choice: o.Key})
					}
				}
			}
		case ballot.Rating:
			out = append(out, ballot.Mark{Item: q.Key, Choice: strconv.Itoa(q.ScaleOf() - pick(q.ScaleOf()))})
		case ballot.Matrix:
			for _, row := range q.Rows {
				out = append(out, ballot.Mark{Item: q.Key + "." + row.Key, Choice: q.Options[pick(len(q.Options))].Key})
			}
		case ballot.Text:
			if t := demoTexts[r.IntN(len(demoTexts))]; t != "" {
				out = append(out, ballot.Mark{Item: q.Key, Text: t})
			}
		}
	}
	return out
}

// SeedDemo writes the demo's two questionnaires.
func (s *Service) SeedDemo(ctx context.Context, opts DemoOptions) (*DemoResult, error) {
	start := time.Now()
	if opts.Today.IsZero() {
		opts.Today = time.Now()
	}
	now := opts.Today.UTC()
	year := opts.Today.Year()
	r := rand.New(rand.NewPCG(opts.Seed, demoStream))
	committees, err := s.orgs.OfTypes(ctx, s.db, org.TypeSecondaryCommittee)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(committees, func(o org.Org) bool { return o.Live() })
	if i < 0 {
		return &DemoResult{}, nil
	}
	publisher := committees[i]
	subtree, err := s.orgs.Subtree(ctx, []int64{publisher.ID})
	if err != nil {
		return nil, err
	}
	var people []struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
	}
	if err := member.Select(s.db).Column("m.id", "m.name").Where("m.member_status = ?", member.StatusNormal).
		Where("m.org_id IN (?)", bun.In(subtree)).OrderExpr("m.id").Limit(200).Scan(ctx, &people); err != nil {
		return nil, err
	}
	res := &DemoResult{}
	// The named questionnaire, collecting.
	paper := DemoNamedPaper(year)
	published := now.AddDate(0, 0, -10)
	closes := now.AddDate(0, 0, 21)
	named, err := s.demoQuestionnaire(ctx, publisher.ID, paper, false, Targets{Orgs: []int64{publisher.ID}}, &closes, published)
	if err != nil {
		return nil, err
	}
	var answers []Answer
	for k, p := range people {
		if r.IntN(5) == 0 {
			continue // not yet answered
		}
		body, _ := json.Marshal(DemoMarks(r, paper))
		answers = append(answers, Answer{QuestionnaireID: named.ID, MemberID: &people[k].ID, Name: db.Clip(p.Name, 50),
			Marks: string(body), CreatedAt: published.Add(time.Duration(r.IntN(9*24*60)) * time.Minute)})
	}
	if err := s.SeedAnswers(ctx, answers); err != nil {
		return nil, err
	}
	res.Named = len(answers)
	if _, err := s.db.NewUpdate().Model((*Questionnaire)(nil)).Set("audience = ?", len(people)).Where("id = ?", named.ID).Exec(ctx); err != nil {
		return nil, err
	}
	// The anonymous one, on printed codes, stopped.
	apaper := DemoAnonymousPaper(year)
	codes := max(len(people)/2, 12)
	anon, err := s.demoQuestionnaire(ctx, publisher.ID, apaper, true, Targets{Orgs: []int64{publisher.ID}}, nil, now.AddDate(0, 0, -20))
	if err != nil {
		return nil, err
	}
	var opened ballot.Opened
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if opened, err = s.ballots.Open(ctx, tx, ballot.Spec{Kind: RoundKind, RefID: anon.ID, Paper: apaper, Codes: codes,
			Link: PublicPrefix + *anon.Token}); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Model((*Questionnaire)(nil)).Set("round_id = ?", opened.RoundID).Set("audience = ?", codes).
			Set("codes = ?", codes).Where("id = ?", anon.ID).Exec(ctx)
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, c := range opened.Codes {
		if r.IntN(6) == 0 {
			continue
		}
		if err := s.ballots.CastCode(ctx, opened.RoundID, c.Code, DemoMarks(r, apaper)); err != nil {
			return nil, fmt.Errorf("survey demo: cast: %w", err)
		}
		res.Anonymous++
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewUpdate().Model((*Questionnaire)(nil)).Set("state = ?", StateStop).Set("stopped_at = ?", now.AddDate(0, 0, -5)).
			Where("id = ?", anon.ID).Exec(ctx); err != nil {
			return err
		}
		return s.ballots.Close(ctx, tx, opened.RoundID)
	})
	if err != nil {
		return nil, err
	}
	if res.Receipts, err = s.demoReceiptAnswers(ctx, r, now); err != nil {
		return nil, err
	}
	res.Questionnaires, res.Took = 2, time.Since(start)
	return res, nil
}

// demoReceiptAnswers answers the receipts orglife's demo asked for (the
// questionnaires tied to a meeting, none answered yet): three members in
// four on each list, between CLOSE and now. Like the named survey's, the
// answers name the member and no account, and the audience is the list.
func (s *Service) demoReceiptAnswers(ctx context.Context, r *rand.Rand, now time.Time) (int, error) {
	var receipts []Questionnaire
	if err := s.db.NewSelect().Model(&receipts).Where("q.meeting_id IS NOT NULL").Where("q.answered = 0").OrderExpr("q.id").Scan(ctx); err != nil {
		return 0, err
	}
	var answers []Answer
	for _, q := range receipts {
		var t Targets
		var paper ballot.Paper
		if err := json.Unmarshal([]byte(q.TargetsJSON), &t); err != nil {
			return 0, err
		}
		if err := json.Unmarshal([]byte(q.PaperJSON), &paper); err != nil {
			return 0, err
		}
		names, err := s.members.Names(ctx, t.Members)
		if err != nil {
			return 0, err
		}
		since := now.Add(-time.Hour)
		if q.PublishedAt != nil && q.PublishedAt.Before(since) {
			since = *q.PublishedAt
		}
		for i := range t.Members {
			if r.IntN(4) == 0 {
				continue // not yet answered
			}
			body, _ := json.Marshal(DemoMarks(r, paper))
			at := since.Add(time.Duration(r.Int64N(int64(now.Sub(since)))))
			answers = append(answers, Answer{QuestionnaireID: q.ID, MemberID: &t.Members[i], Name: db.Clip(names[t.Members[i]], 50),
				Marks: string(body), CreatedAt: at})
		}
		if _, err := s.db.NewUpdate().Model((*Questionnaire)(nil)).Set("audience = ?", len(t.Members)).Where("id = ?", q.ID).Exec(ctx); err != nil {
			return 0, err
		}
	}
	return len(answers), s.SeedAnswers(ctx, answers)
}

// demoQuestionnaire inserts a published questionnaire with its link.
func (s *Service) demoQuestionnaire(ctx context.Context, orgID int64, p ballot.Paper, anonymous bool, t Targets, closes *time.Time, published time.Time) (*Questionnaire, error) {
	paper, _ := json.Marshal(p)
	targets, _ := json.Marshal(t)
	token := newToken()
	q := &Questionnaire{OrgID: orgID, Title: p.Title, PaperJSON: string(paper), Anonymous: anonymous, ShareType: ShareOrg,
		TargetsJSON: string(targets), State: StateShare, ClosesAt: closes, Token: &token, CreatedBy: "admin",
		PublishedAt: &published, Stamps: db.StampsAt(published.AddDate(0, 0, -1))}
	if _, err := s.db.NewInsert().Model(q).Returning("id").Exec(ctx); err != nil {
		return nil, err
	}
	return q, nil
}
