package survey

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/report"
)

// exportRow is one answer as the workbook writes it: who and when (named
// only) and a cell per column.
type exportRow struct {
	name  string
	at    time.Time
	cells []string
}

// column is a workbook column of a question (a matrix: one per row).
type column struct {
	title, item string
	q           ballot.Question
}

// columnsOf are the paper's columns in its order.
func columnsOf(p ballot.Paper) []column {
	var out []column
	for i, q := range p.Questions {
		title := fmt.Sprintf("%d. %s", i+1, q.Title)
		if q.Kind == ballot.Matrix {
			for _, r := range q.Rows {
				out = append(out, column{title: title + "（" + r.Label + "）", item: q.Key + "." + r.Key, q: q})
			}
			continue
		}
		out = append(out, column{title: title, item: q.Key, q: q})
	}
	return out
}

// cellsOf spreads an answer's marks into the columns' texts: options by
// their labels (a multiple choice's joined by 、), a write-in as 其他：…,
// a rating as its score, a text as written.
func cellsOf(cols []column, marks []ballot.Mark) []string {
	by := map[string][]ballot.Mark{}
	for _, m := range marks {
		by[m.Item] = append(by[m.Item], m)
	}
	out := make([]string, len(cols))
	for i, c := range cols {
		var parts []string
		for _, m := range by[c.item] {
			switch {
			case m.Choice == "":
				parts = append(parts, m.Text)
			case m.Choice == ballot.WriteInChoice:
				parts = append(parts, "其他："+m.Text)
			case c.q.Kind == ballot.Rating:
				parts = append(parts, m.Choice)
			default:
				parts = append(parts, labelOf(c.q.Options, m.Choice))
			}
		}
		out[i] = strings.Join(parts, "、")
	}
	return out
}

func labelOf(opts []ballot.Option, key string) string {
	for _, o := range opts {
		if o.Key == key {
			return o.Label
		}
	}
	return key
}

// export streams every answer of questionnaire id as a workbook: a named
// one's with the respondent and the time, in the order they came; an
// anonymous one's without either, from the engine in the order of the
// ballots' random ids (409 before the stop).
func (s *Service) export(w http.ResponseWriter, r *http.Request, id int64) error {
	ctx := r.Context()
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return err
	}
	var paper ballot.Paper
	if err := json.Unmarshal([]byte(v.PaperJSON), &paper); err != nil {
		return httpx.Internal(err)
	}
	cols := columnsOf(paper)
	sheet := report.Sheet[exportRow]{Name: "答卷", Title: v.Title, Text: true,
		Columns: []report.Column[exportRow]{{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *exportRow) any { return n }}}}
	if !v.Anonymous {
		sheet.Columns = append(sheet.Columns,
			report.Column[exportRow]{Title: "姓名", Width: 12, Lead: true, Cell: func(_ int, e *exportRow) any { return e.name }},
			report.Column[exportRow]{Title: "提交时间", Width: 18, Cell: func(_ int, e *exportRow) any {
				return e.at.In(date.China).Format("2006-01-02 15:04")
			}})
	}
	for i, c := range cols {
		sheet.Columns = append(sheet.Columns, report.Column[exportRow]{Title: c.title, Width: 20,
			Cell: func(_ int, e *exportRow) any { return e.cells[i] }})
	}
	if v.Anonymous && v.RoundID == nil {
		return httpx.Conflict("问卷尚未发布")
	}
	if v.Anonymous { // refused before the stop (the engine's rule), before anything is written
		round, err := s.ballots.Get(ctx, *v.RoundID)
		if err != nil {
			return err
		}
		if !round.Over(s.now()) {
			return httpx.Conflict("匿名问卷停止收集后才能导出答卷")
		}
	}
	out, err := sheet.Start()
	if err != nil {
		return err
	}
	n := 0
	if v.Anonymous {
		err = s.ballots.Each(ctx, *v.RoundID, func(marks []ballot.Mark) error {
			n++
			return out.Row(&exportRow{cells: cellsOf(cols, marks)})
		})
	} else {
		err = s.eachNamed(r, id, func(a *Answer, marks []ballot.Mark) error {
			n++
			return out.Row(&exportRow{name: a.Name, at: a.CreatedAt, cells: cellsOf(cols, marks)})
		})
	}
	if err != nil {
		return httpx.Internal(err)
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出问卷“%s”的答卷（%d份）", v.Title, n))
	return out.Send(w, fmt.Sprintf("%s-答卷-%s.xlsx", v.Title, date.Of(s.now().In(date.China)).Compact()))
}

// eachNamed streams questionnaire id's named answers, oldest first.
func (s *Service) eachNamed(r *http.Request, id int64, fn func(a *Answer, marks []ballot.Mark) error) error {
	ctx := r.Context()
	rows, err := s.db.NewSelect().Model((*Answer)(nil)).Column("name", "marks", "created_at").
		Where("questionnaire_id = ?", id).OrderExpr("id").Limit(maxExportRow).Rows(ctx)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var a Answer
		if err := rows.Scan(&a.Name, &a.Marks, &a.CreatedAt); err != nil {
			return err
		}
		var marks []ballot.Mark
		if err := json.Unmarshal([]byte(a.Marks), &marks); err != nil {
			return err
		}
		if err := fn(&a, marks); err != nil {
			return err
		}
	}
	return rows.Err()
}
