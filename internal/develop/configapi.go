package develop

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
)

// ConfigView is GET /api/fzdy/config: the current configuration, the steps
// it configures and every version saved.
type ConfigView struct {
	Version  int             `json:"version"`
	Config   Config          `json:"config"`
	Steps    []ConfigStep    `json:"steps"`
	Versions []ConfigVersion `json:"versions"`
}

// ConfigStep is one of the 25 steps as the configuration page lists it.
type ConfigStep struct {
	No            int      `json:"no"`
	Key           string   `json:"key"`
	Name          string   `json:"name"`
	Stage         string   `json:"stage"`
	By            string   `json:"by"`
	Docs          []string `json:"docs"` // the documents usually kept (suggestions)
	AlwaysTracked bool     `json:"alwaysTracked"`
}

// ConfigInput is the body of PUT /api/fzdy/config.
type ConfigInput struct {
	Config Config `json:"config"`
	Note   string `json:"note"`
}

// configRoutes registers the configuration's routes.
func (s *Service) configRoutes(rs *httpx.Routes) {
	rs.Get("/api/fzdy/config", Perms.List, "查看发展配置", httpx.Read(s.ConfigOf))
	rs.Put("/api/fzdy/config", PermConfig, "修改发展配置", httpx.Action(s.SaveConfig))
}

// ConfigOf is the current configuration with its versions.
func (s *Service) ConfigOf(ctx context.Context) (ConfigView, error) {
	cfg, v, err := s.config(ctx, s.db, 0)
	if err != nil {
		return ConfigView{}, err
	}
	out := ConfigView{Version: v, Config: cfg, Versions: []ConfigVersion{}}
	for _, st := range Steps {
		docs := st.Docs
		if docs == nil {
			docs = []string{}
		}
		out.Steps = append(out.Steps, ConfigStep{No: st.No, Key: st.Key, Name: st.Name, Stage: st.Stage, By: st.By, Docs: docs,
			AlwaysTracked: alwaysTracked[st.Key]})
	}
	if err := s.db.NewSelect().Model(&out.Versions).Column("version", "note", "user_name", "created_at").
		OrderExpr("version DESC").Scan(ctx); err != nil {
		return ConfigView{}, httpx.Internal(err)
	}
	return out, nil
}

// SaveConfig saves in as a new version and re-seeds the approval chains
// from its tracked steps, keeping who acts at each step as edited in the
// chain editor (flow.ReseedChains), in one transaction. Records already
// started keep their version (their rules) and their copied chain.
func (s *Service) SaveConfig(ctx context.Context, in ConfigInput) (ConfigView, error) {
	cfg, err := checkConfig(in.Config)
	if err != nil {
		return ConfigView{}, err
	}
	in.Note = strings.TrimSpace(in.Note)
	if err := record.MaxLen("note", "修改说明", in.Note, 200); err != nil {
		return ConfigView{}, err
	}
	data, err := json.Marshal(cfg)
	if err != nil {
		return ConfigView{}, httpx.Internal(err)
	}
	user := ""
	if p := rbac.From(ctx); p != nil {
		user = p.Username
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var last int
		if err := tx.NewSelect().Model((*ConfigVersion)(nil)).ColumnExpr("MAX(version)").Scan(ctx, &last); err != nil {
			return httpx.Internal(err)
		}
		row := &ConfigVersion{Version: last + 1, Data: string(data), Note: in.Note, UserName: user, CreatedAt: s.now()}
		if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
			return err
		}
		if err := flow.ReseedChains(ctx, tx, Key, chains(cfg)); err != nil {
			return httpx.Internal(err)
		}
		return nil
	})
	if db.IsUniqueViolation(err) { // saved by someone else at the same moment
		return ConfigView{}, httpx.Conflict("发展配置已被他人修改，请刷新后重试")
	} else if err != nil {
		return ConfigView{}, httpx.AsError(err)
	}
	return s.ConfigOf(ctx)
}

// ruleRanges are the sane ranges of the configuration's numbers, with the
// names the config page and the errors give them (the unit in the name).
var ruleRanges = []struct {
	name, label string
	min, max    int
	get         func(r *RuleConfig) int
}{
	{"minAge", "入党申请人最低年龄（周岁）", 16, 30, func(r *RuleConfig) int { return r.MinAge }},
	{"talkWithinMonths", "收到入党申请后谈话期限（月）", 1, 12, func(r *RuleConfig) int { return r.TalkWithinMonths }},
	{"activistMinMonths", "积极分子培养考察最短期限（月）", 1, 60, func(r *RuleConfig) int { return r.ActivistMinMonths }},
	{"reviewEveryMonths", "积极分子考察间隔（月）", 1, 12, func(r *RuleConfig) int { return r.ReviewEveryMonths }},
	{"trainingMinHours", "集中培训最少学时", 1, 200, func(r *RuleConfig) int { return r.TrainingMinHours }},
	{"trainingMinDays", "集中培训最少天数", 1, 60, func(r *RuleConfig) int { return r.TrainingMinDays }},
	{"politicalReviewMonths", "政治审查有效期（月）", 1, 60, func(r *RuleConfig) int { return r.PoliticalReviewMonths }},
	{"meetingAfterPreMonths", "预审后召开支部大会期限（月）", 1, 12, func(r *RuleConfig) int { return r.MeetingAfterPreMonths }},
	{"reportRediscussMonths", "决议报送期限（月，超过须重新讨论）", 1, 24, func(r *RuleConfig) int { return r.ReportRediscussMonths }},
	{"reportRestartMonths", "决议报送最长期限（月，超过须重新履行程序）", 1, 36, func(r *RuleConfig) int { return r.ReportRestartMonths }},
	{"approvalNormalMonths", "上级党委审批期限（月）", 1, 12, func(r *RuleConfig) int { return r.ApprovalNormalMonths }},
	{"approvalMaxMonths", "上级党委审批最长期限（月）", 1, 24, func(r *RuleConfig) int { return r.ApprovalMaxMonths }},
	{"probationMonths", "预备期（月）", 6, 24, func(r *RuleConfig) int { return r.ProbationMonths }},
	{"extensionMinMonths", "延长预备期最短（月）", 1, 24, func(r *RuleConfig) int { return r.ExtensionMinMonths }},
	{"extensionMaxMonths", "延长预备期最长（月）", 1, 24, func(r *RuleConfig) int { return r.ExtensionMaxMonths }},
	{"fullApprovalMonths", "转正审批期限（月）", 1, 12, func(r *RuleConfig) int { return r.FullApprovalMonths }},
	{"noticeWorkdays", "公示最少工作日", 1, 30, func(r *RuleConfig) int { return r.NoticeWorkdays }},
	{"leavingMonths", "离校前不予接收期限（月）", 0, 24, func(r *RuleConfig) int { return r.LeavingMonths }},
	{"contactPersons", "培养联系人最多人数", 1, 5, func(r *RuleConfig) int { return r.ContactPersons }},
	{"sponsors", "入党介绍人人数", 1, 5, func(r *RuleConfig) int { return r.Sponsors }},
}

// Limits of a step's documents.
const (
	maxStepDocs  = 20 // documents a step may require
	maxDocLength = 20 // characters of a document's name
)

// checkConfig validates a configuration and answers it normalised (the
// steps in their order, the documents trimmed): every number in its range,
// the pairs in order, every step once, the always-tracked steps tracked.
func checkConfig(in Config) (Config, error) {
	var c httpx.Checks
	for _, rr := range ruleRanges {
		if v := rr.get(&in.Rules); v < rr.min || v > rr.max {
			c.Add(httpx.Invalid("rules."+rr.name, "%s应在 %d 到 %d 之间", rr.label, rr.min, rr.max))
		}
	}
	r := in.Rules
	if !c.Failed("rules.reportRestartMonths") && r.ReportRestartMonths < r.ReportRediscussMonths {
		c.Add(httpx.Invalid("rules.reportRestartMonths", "重新履行程序期限不能短于重新讨论期限"))
	}
	if !c.Failed("rules.approvalMaxMonths") && r.ApprovalMaxMonths < r.ApprovalNormalMonths {
		c.Add(httpx.Invalid("rules.approvalMaxMonths", "审批最长期限不能短于一般期限"))
	}
	if !c.Failed("rules.extensionMaxMonths") && r.ExtensionMaxMonths < r.ExtensionMinMonths {
		c.Add(httpx.Invalid("rules.extensionMaxMonths", "延长预备期最长不能短于最短"))
	}
	byKey := map[string]StepConfig{}
	for _, sc := range in.Steps {
		if stepDef(sc.Key) == nil {
			c.Add(httpx.Invalid("steps", "没有「%s」这一环节", sc.Key))
			continue
		}
		if _, dup := byKey[sc.Key]; dup {
			c.Add(httpx.Invalid("steps", "环节「%s」重复配置", stepDef(sc.Key).Name))
			continue
		}
		byKey[sc.Key] = sc
	}
	out := Config{Rules: in.Rules}
	for _, def := range Steps {
		sc, ok := byKey[def.Key]
		if !ok {
			c.Add(httpx.Invalid("steps", "缺少环节「%s」的配置", def.Name))
			continue
		}
		if alwaysTracked[def.Key] && !sc.Tracked {
			c.Add(httpx.Invalid("steps", "「%s」是必经环节，不能取消", def.Name))
		}
		if sc.DueDays < 0 || sc.DueDays > StepDueDaysMax {
			c.Add(httpx.Invalid("steps", "「%s」的办理期限应在 0 到 %d 天之间", def.Name, StepDueDaysMax))
		}
		if len(sc.Docs) > maxStepDocs {
			c.Add(httpx.Invalid("steps", "「%s」的必备材料不超过 %d 项", def.Name, maxStepDocs))
		}
		docs := []string{}
		for _, d := range sc.Docs {
			d = strings.TrimSpace(d)
			switch {
			case d == "" || utf8.RuneCountInString(d) > maxDocLength:
				c.Add(httpx.Invalid("steps", "「%s」的材料名称应为 1 到 %d 个字", def.Name, maxDocLength))
			case slices.Contains(docs, d):
				c.Add(httpx.Invalid("steps", "「%s」的材料「%s」重复", def.Name, d))
			default:
				docs = append(docs, d)
			}
		}
		if def.Key == StepTalk {
			sc.DueDays = 0 // the talk's deadline is the rule's (talkWithinMonths, Config.dueOn)
		}
		out.Steps = append(out.Steps, StepConfig{Key: def.Key, Tracked: sc.Tracked || def.Key == StepApply, DueDays: sc.DueDays, Docs: docs})
	}
	if err := c.Err(); err != nil {
		return Config{}, err
	}
	return out, nil
}
