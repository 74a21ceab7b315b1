package library

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/richtext"
	"zhdj/internal/platform/search"
)

// Rule is one version of a rule or regulation (a row of lib_rule). A new
// version names the one it supersedes; the body is sanitised HTML and
// body_text its words, which the full-text index searches.
type Rule struct {
	bun.BaseModel `bun:"table:lib_rule,alias:r"`
	resource.Base

	Category      string    `bun:"category" json:"category"`
	Title         string    `bun:"title" json:"title"`
	DocNo         string    `bun:"doc_no" json:"docNo"`
	Issuer        string    `bun:"issuer" json:"issuer"`
	EffectiveDate date.Date `bun:"effective_date" json:"effectiveDate"`
	RepealDate    date.Date `bun:"repeal_date,nullzero" json:"repealDate"`
	SupersedesID  *int64    `bun:"supersedes_id" json:"supersedesId"`
	Body          string    `bun:"body" json:"body"`
	BodyText      string    `bun:"body_text" json:"-"`
	FileID        *int64    `bun:"file_id" json:"fileId"`
	FileName      string    `bun:"file_name" json:"fileName"`
	Remark        string    `bun:"remark" json:"remark"`
}

// RuleView is a rule as the API shows it: its category's label, its status
// today and the title of the version it supersedes.
type RuleView struct {
	Rule            `bun:",extend"`
	Status          string `bun:"status,scanonly" json:"status"`
	SupersedesTitle string `bun:"supersedes_title,scanonly" json:"supersedesTitle"`
	CategoryLabel   string `bun:"-" json:"categoryLabel"`
	StatusLabel     string `bun:"-" json:"statusLabel"`
}

// Statuses of a rule version, computed for today (China's date).
const (
	StatusPending  = "pending"  // 未生效: effective after today
	StatusCurrent  = "current"  // 现行有效
	StatusRevised  = "revised"  // 已修订: a newer version is in force
	StatusRepealed = "repealed" // 已废止: its repeal date has come
)

// StatusLabels names the statuses.
var StatusLabels = map[string]string{StatusPending: "未生效", StatusCurrent: "现行有效", StatusRevised: "已修订", StatusRepealed: "已废止"}

// statusExpr computes a version's status on day (passed three times): a
// version not yet effective is pending; one whose repeal date has come is
// repealed (the day of the repeal included); one a newer version in force
// supersedes is revised; else it is current.
const statusExpr = `CASE WHEN r.effective_date > ? THEN 'pending'
	WHEN r.repeal_date IS NOT NULL AND r.repeal_date <= ? THEN 'repealed'
	WHEN EXISTS (SELECT 1 FROM lib_rule AS nv WHERE nv.supersedes_id = r.id AND nv.effective_date <= ?) THEN 'revised'
	ELSE 'current' END`

var ruleSearch = search.Index{Table: "lib_rule", Columns: []string{"title", "doc_no", "body_text"}}

var ruleFields = resource.Fields[Rule]{
	{Name: "category", Label: "类别", Kind: resource.Code, Required: true, Dict: DictRuleCategory, Shown: "categoryLabel"},
	{Name: "title", Label: "标题", Required: true, Max: 200},
	{Name: "docNo", Label: "文号", Max: 100},
	{Name: "issuer", Label: "发文机关", Max: 100},
	{Name: "effectiveDate", Label: "施行日期", Kind: resource.Day, Required: true},
	{Name: "repealDate", Label: "废止日期", Kind: resource.Day},
	{Name: "body", Label: "正文", Max: maxBody},
	{Name: "remark", Label: "备注", Max: 500},
}

// maxBody bounds a rule's or a help section's HTML (characters).
const maxBody = 200000

// ruleListSpec: blurry searches title, 文号 and the body's words through
// the text-search index; the effective date is a range.
var ruleListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":        {Columns: []string{"r.title", "r.doc_no", "r.body_text"}, Match: httpx.Text, Search: []search.On{{Index: ruleSearch, Alias: "r"}}},
		"category":      {Columns: []string{"r.category"}, Match: httpx.In},
		"effectiveDate": {Columns: []string{"r.effective_date"}, Match: httpx.Range, Kind: httpx.Date},
	},
	Sorts:       map[string]string{"effectiveDate": "r.effective_date", "title": "r.title", "createTime": "r.created_at"},
	DefaultSort: "r.effective_date DESC, r.id DESC",
	Key:         "r.id",
}

func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

func (s *Service) ruleResource() *resource.Resource[Rule, RuleView] {
	show := resource.Shows[RuleView](ruleFields)
	return &resource.Resource[Rule, RuleView]{DB: s.db, Noun: "规章制度", Spec: ruleListSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope: everyone,
		Join: func(q *bun.SelectQuery) *bun.SelectQuery {
			day := s.today()
			return q.ColumnExpr(statusExpr+" AS status", day, day, day).ColumnExpr("COALESCE(ov.title, '') AS supersedes_title").
				Join("LEFT JOIN lib_rule AS ov ON ov.id = r.supersedes_id")
		},
		Record: func(v *RuleView) *Rule { return &v.Rule },
		Labels: func(ctx context.Context) (audit.Labeller, error) {
			l, err := s.sys.DictLabels(ctx, DictRuleCategory)
			return l.Label, err
		},
		Show: func(v *RuleView, label audit.Labeller) {
			show(v, label)
			v.StatusLabel = StatusLabels[v.Status]
		},
		Check: s.checkRule,
	}
}

// checkRule validates a rule: the fields, a repeal not before the effective
// date, the body sanitised (its words kept for the search), a body or a
// file, a file the caller may read, and the version it supersedes: another
// rule that took effect before this one.
func (s *Service) checkRule(ctx context.Context, in Rule, cur *RuleView) (Rule, error) {
	l, err := s.sys.DictLabels(ctx, DictRuleCategory)
	if err != nil {
		return in, httpx.Internal(err)
	}
	var was *Rule
	if cur != nil {
		was = &cur.Rule
	}
	if err := ruleFields.Check(&in, was, l, s.today()); err != nil {
		return in, err
	}
	if !in.RepealDate.IsZero() && in.RepealDate.Before(in.EffectiveDate) {
		return in, httpx.Invalid("repealDate", "废止日期不能早于施行日期")
	}
	in.Body = richtext.Sanitize(in.Body)
	in.BodyText = richtext.Text(in.Body)
	if in.FileID != nil && *in.FileID <= 0 {
		in.FileID = nil
	}
	if in.BodyText == "" && in.FileID == nil {
		return in, httpx.Invalid("body", "请输入正文或上传文件")
	}
	keep := func() (*int64, string) {
		if was == nil {
			return nil, ""
		}
		return was.FileID, was.FileName
	}
	if in.FileName, err = s.fileName(ctx, in.FileID, keep); err != nil {
		return in, err
	}
	if in.SupersedesID != nil && *in.SupersedesID <= 0 {
		in.SupersedesID = nil
	}
	if in.SupersedesID != nil {
		if cur != nil && *in.SupersedesID == cur.ID {
			return in, httpx.Invalid("supersedesId", "不能修订自身")
		}
		var old Rule
		err := s.db.NewSelect().Model(&old).Column("id", "effective_date").Where("id = ?", *in.SupersedesID).Scan(ctx)
		if err := found(err, httpx.Invalid("supersedesId", "所修订的规章制度不存在")); err != nil {
			return in, err
		}
		if !old.EffectiveDate.Before(in.EffectiveDate) {
			return in, httpx.Invalid("effectiveDate", "新版本的施行日期须晚于所修订版本的施行日期（%s）", old.EffectiveDate)
		}
	}
	return in, nil
}
