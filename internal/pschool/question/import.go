package question

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/resource"
)

// optionColumn is the import and export column of option key k (选项A).
func optionColumn(k string) string { return "option" + k }

// importColumns are the columns of the bank's workbook, for the import's
// template and the export alike, so that an exported bank imports again.
var importColumns = func() imports.Columns {
	cols := imports.Columns{
		{Key: "org", Label: "所属党校", Required: true, Field: "orgId", Example: "D01",
			Note: "您管理范围内党委或二级党委的编码或唯一的名称：组织部的题目属于学校党委，二级党委的题目属于该二级党委"},
		{Key: "type", Label: "题型", Required: true, Example: "单选题", Note: "单选题、多选题、判断题、填空题或简答题"},
		{Key: "stem", Label: "题干", Required: true, Example: "中国共产党第一次全国代表大会是哪一年召开的？",
			Note: fmt.Sprintf("不超过%d个字；填空题用三个或更多下划线“%s”标出每个空，空的个数与答案的空数一致", MaxStemLen, BlankMarker)},
	}
	for i, k := range OptionKeys {
		c := imports.Column{Key: optionColumn(k), Label: "选项" + k,
			Note: fmt.Sprintf("单选题、多选题的选项（%d至%d个，从选项A起依次填写，每项不超过%d个字）；判断题、填空题、简答题不填", MinOptions, MaxOptions, MaxOptionLen)}
		if i == 0 {
			c.Field = "options" // the options' errors are shown on 选项A
		}
		c.Example = map[string]string{"A": "1919年", "B": "1921年", "C": "1927年", "D": "1949年"}[k]
		cols = append(cols, c)
	}
	return append(cols,
		imports.Column{Key: "answer", Label: "答案", Required: true, Example: "B",
			Note: "单选题、多选题填选项字母（如 B、ACD）；判断题填“正确”或“错误”；填空题各空用“|”分隔，一个空的几种可接受写法用“/”分隔（如 井冈山/井冈山革命根据地|1927）；简答题填参考答案"},
		imports.Column{Key: "analysis", Label: "解析", Example: "1921年7月，中国共产党第一次全国代表大会召开，宣告了中国共产党的成立。",
			Note: fmt.Sprintf("不超过%d个字，考后显示", MaxAnalysisLn)},
		imports.Column{Key: "tags", Label: "知识点", Example: "党史、党的创立",
			Note: fmt.Sprintf("用“、”或“,”分隔，最多%d个，每个不超过%d个字", MaxTags, MaxTagLen)},
		imports.Column{Key: "difficulty", Label: "难度", Required: true, Example: "易", Note: "1至5，或 易、较易、中等、较难、难"},
		imports.Column{Key: "enabled", Label: "状态", Example: "启用", Note: "启用或停用；不填为启用（停用的题目不会被抽题）"},
	)
}()

// typeByName is a question type by its name (单选题) or short name (单选).
var typeByName = func() map[string]int {
	m := map[string]int{}
	for t, n := range TypeNames {
		m[n], m[strings.TrimSuffix(n, "题")] = t, t
	}
	return m
}()

// exportColumns write a question in importColumns' layout (the organisation
// by its name, which the import resolves within the scope).
func exportColumns() []resource.Column[View] {
	cells := map[string]func(v *View) any{
		"org":        func(v *View) any { return v.OrgName },
		"type":       func(v *View) any { return TypeNames[v.Type] },
		"stem":       func(v *View) any { return v.Stem },
		"answer":     func(v *View) any { return describeAnswer(&v.Question) },
		"analysis":   func(v *View) any { return v.Analysis },
		"tags":       func(v *View) any { return v.Tags },
		"difficulty": func(v *View) any { return DifficultyNames[v.Difficulty] },
		"enabled":    func(v *View) any { return enabledNames[v.Enabled] },
	}
	for i, k := range OptionKeys {
		cells[optionColumn(k)] = func(v *View) any {
			if i < len(v.Options) {
				return v.Options[i].Text
			}
			return ""
		}
	}
	widths := map[string]float64{"org": 20, "type": 10, "stem": 50, "answer": 24, "analysis": 40, "tags": 20, "difficulty": 8, "enabled": 8}
	out := make([]resource.Column[View], len(importColumns))
	for i, c := range importColumns {
		out[i] = resource.Column[View]{Header: c.Label, Width: max(widths[c.Key], 16), Cell: cells[c.Key]}
	}
	return out
}

// importKind is the bank's import (/api/import/tk): every row is a new
// question of a school of the caller's scope, checked as the form's are
// and saved through the bank's save path (its tag rows and ADD trail
// entry), in file order.
func (s *Service) importKind() imports.Kind {
	sample := func(ctx context.Context, idb bun.IDB) (map[string]string, error) {
		code, err := s.orgs.SampleCode(ctx, idb, schoolTypes...)
		return map[string]string{"org": code}, err
	}
	return imports.Declare(imports.Decl{Key: "tk", Label: "题库", Perm: Perms.Import, Cols: importColumns, Sample: sample},
		s.validateImport,
		func(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
			return imports.Each(rows, func(_ *imports.Row, q Question) error {
				_, err := s.questions.Insert(ctx, tx, q, audit.OriginSystemImport)
				return err
			})
		})
}

// validateImport reads and checks the rows: the school among the scope's
// organisations (read once), the type and difficulty by name, the options
// from 选项A up to the last one filled, the key as describeAnswer writes
// it; every problem on its cell.
func (s *Service) validateImport(ctx context.Context, idb bun.IDB, _ *rbac.Principal, rows []*imports.Row) error {
	orgs, err := s.orgs.OrgCells(ctx, idb)
	if err != nil {
		return err
	}
	schools, err := s.orgs.OfTypes(ctx, idb, schoolTypes...)
	if err != nil {
		return err
	}
	isSchool := make(map[int64]bool, len(schools))
	for _, o := range schools {
		isSchool[o.ID] = true
	}
	for _, r := range rows {
		importColumns.Require(r, "type", "stem", "answer", "difficulty")
		var q Question
		q.Enabled = true
		if id, ok := orgs.Cell(r, "org"); ok {
			if !isSchool[id] {
				r.Fail("org", fmt.Sprintf("“%s”不是党委或二级党委，题库只属于党委或二级党委", orgs.Name(id)))
			}
			q.OrgID = id
		}
		if t, ok := typeByName[r.Cells["type"]]; ok {
			q.Type = t
		} else if r.Cells["type"] != "" {
			r.Fail("type", "题型应为单选题、多选题、判断题、填空题或简答题")
		}
		if d, ok := difficultyOf(r.Cells["difficulty"]); ok {
			q.Difficulty = d
		} else if r.Cells["difficulty"] != "" {
			r.Fail("difficulty", "难度应为1至5，或易、较易、中等、较难、难")
		}
		switch r.Cells["enabled"] {
		case "", "启用":
		case "停用":
			q.Enabled = false
		default:
			r.Fail("enabled", "状态应为启用或停用")
		}
		last := -1
		for i, k := range OptionKeys {
			if r.Cells[optionColumn(k)] != "" {
				last = i
			}
		}
		q.Options = []Option{}
		for i := 0; i <= last; i++ {
			q.Options = append(q.Options, Option{Key: OptionKeys[i], Text: r.Cells[optionColumn(OptionKeys[i])]})
		}
		q.Stem, q.Analysis, q.Tags = r.Cells["stem"], r.Cells["analysis"], r.Cells["tags"]
		q.Answer = readAnswer(q.Type, r.Cells["answer"])
		if len(r.Errors) > 0 {
			continue
		}
		if err := Check(&q); err != nil {
			importColumns.FailErr(r, err)
			continue
		}
		r.Status, r.Data = imports.StatusNew, q
	}
	return nil
}
