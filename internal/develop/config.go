package develop

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// Config is the development configuration (发展配置): which steps the school
// tracks, each step's deadline and documents, and every number of RULES.md
// §2 as a setting with the regulation's default. It is versioned (table
// dev_config): the organisation department saves a new version, and each
// record keeps the version it started with (dev_record.config_version), so
// the rules a record is held to do not change under it.
type Config struct {
	Steps []StepConfig `json:"steps"`
	Rules RuleConfig   `json:"rules"`
}

// StepConfig is one step as the school tracks it.
type StepConfig struct {
	Key string `json:"key"`
	// Tracked: the step is in the approval chain. Steps 1, 2, 3, 7, 15, 17, 23
	// and 24 (application, talk, the stage decisions and approvals) are
	// always tracked: the rules hang on them.
	Tracked bool `json:"tracked"`
	// DueDays: the step is due this many days after the previous step was
	// done (0: no deadline of its own; the rules' deadlines still apply).
	// Lists and reminders mark due and overdue records by it. The talk (②)
	// has none: its deadline is the rule's, talkWithinMonths (Config.dueOn).
	DueDays int `json:"dueDays"`
	// Docs are the documents (file tags) the step requires before approval.
	Docs []string `json:"docs"`
}

// RuleConfig are the numbers of RULES.md §2; each a setting.
type RuleConfig struct {
	MinAge                int  `json:"minAge"`                // 18: applicant's age at the application
	TalkWithinMonths      int  `json:"talkWithinMonths"`      // 1: talk after the application (later: reason recorded, flagged)
	ActivistMinMonths     int  `json:"activistMinMonths"`     // 12: as activist before 确定发展对象
	ReviewEveryMonths     int  `json:"reviewEveryMonths"`     // 6: the branch reviews an activist at least this often
	TrainingMinHours      int  `json:"trainingMinHours"`      // 24: class hours of the concentrated training …
	TrainingMinDays       int  `json:"trainingMinDays"`       // 3: … or days (either suffices)
	PoliticalReviewMonths int  `json:"politicalReviewMonths"` // 12: a political review is valid this long
	MeetingAfterPreMonths int  `json:"meetingAfterPreMonths"` // 1: branch meeting within this of the pre-review
	ReportRediscussMonths int  `json:"reportRediscussMonths"` // 3: a resolution reported later must be re-discussed
	ReportRestartMonths   int  `json:"reportRestartMonths"`   // 6: … later still, the procedure restarts
	ApprovalNormalMonths  int  `json:"approvalNormalMonths"`  // 3: higher approval normally within this of the meeting
	ApprovalMaxMonths     int  `json:"approvalMaxMonths"`     // 6: and never later
	ProbationMonths       int  `json:"probationMonths"`       // 12: probation from the branch meeting
	ExtensionMinMonths    int  `json:"extensionMinMonths"`    // 6: an extended probation, at least …
	ExtensionMaxMonths    int  `json:"extensionMaxMonths"`    // 12: … and at most
	FullApprovalMonths    int  `json:"fullApprovalMonths"`    // 3: 转正 approved within this of the branch meeting on it
	NoticeWorkdays        int  `json:"noticeWorkdays"`        // 5: public notice length in working days
	LeavingMonths         int  `json:"leavingMonths"`         // 3: a target leaving the school within this is not admitted
	ContactPersons        int  `json:"contactPersons"`        // 2: contact persons (培养联系人), at most; at least 1
	Sponsors              int  `json:"sponsors"`              // 2: sponsors (入党介绍人), distinct full members
	PlanRequired          bool `json:"planRequired"`          // true: 确定发展对象 needs room in the committee's yearly plan
}

// alwaysTracked are the steps a configuration cannot drop.
var alwaysTracked = map[string]bool{StepApply: true, StepTalk: true, StepActivist: true, StepTarget: true,
	StepBranchMeeting: true, StepCommitteeApproval: true, StepFullMeeting: true, StepFullApproval: true}

// DefaultConfig is version 1: every step tracked with its usual documents,
// and the regulation's numbers.
func DefaultConfig() Config {
	c := Config{Rules: RuleConfig{MinAge: 18, TalkWithinMonths: 1, ActivistMinMonths: 12, ReviewEveryMonths: 6,
		TrainingMinHours: 24, TrainingMinDays: 3, PoliticalReviewMonths: 12, MeetingAfterPreMonths: 1,
		ReportRediscussMonths: 3, ReportRestartMonths: 6, ApprovalNormalMonths: 3, ApprovalMaxMonths: 6,
		ProbationMonths: 12, ExtensionMinMonths: 6, ExtensionMaxMonths: 12, FullApprovalMonths: 3,
		NoticeWorkdays: 5, LeavingMonths: 3, ContactPersons: 2, Sponsors: 2, PlanRequired: true}}
	for _, st := range Steps {
		c.Steps = append(c.Steps, StepConfig{Key: st.Key, Tracked: true, Docs: []string{}})
	}
	return c
}

// talkDue is when the talk (②) of an application made on applied is due:
// TalkWithinMonths calendar months later (date.AddMonths: 31 January + 1
// month = 28 or 29 February). The rule (talkLate), the list's due_on, the
// reminder and the import all read it; a talk on that day is in time.
func (r RuleConfig) talkDue(applied date.Date) date.Date {
	return applied.AddMonths(r.TalkWithinMonths)
}

// talkLateOn says whether a talk held on on, for an application of
// applied, is late: after talkDue (the day itself is in time). limit is talkDue.
func (r RuleConfig) talkLateOn(applied, on date.Date) (limit date.Date, late bool) {
	limit = r.talkDue(applied)
	return limit, on.After(limit)
}

// dueOn is when step next of a record applied on applied is due when it
// arrives on arrived: the talk by the rule (talkDue, whatever the step's
// DueDays), any other step DueDays after it arrives ("" when 0).
func (c Config) dueOn(next string, applied, arrived date.Date) date.Date {
	if next == StepTalk {
		return c.Rules.talkDue(applied)
	}
	if d := c.step(next).DueDays; d > 0 {
		return arrived.AddDays(d)
	}
	return ""
}

// configCache keeps the versions read (a version never changes once saved).
type configCache struct {
	mu       sync.Mutex
	versions map[int]Config
}

// config is configuration version v (0: the current one) and its number.
func (s *Service) config(ctx context.Context, idb bun.IDB, v int) (Config, int, error) {
	if v == 0 {
		if err := idb.NewSelect().Model((*ConfigVersion)(nil)).ColumnExpr("MAX(version)").Scan(ctx, &v); err != nil {
			return Config{}, 0, httpx.Internal(err)
		}
	}
	s.configs.mu.Lock()
	cfg, ok := s.configs.versions[v]
	s.configs.mu.Unlock()
	if ok {
		return cfg, v, nil
	}
	row := new(ConfigVersion)
	if err := idb.NewSelect().Model(row).Where("version = ?", v).Scan(ctx); err != nil {
		return Config{}, 0, httpx.Internal(fmt.Errorf("develop config %d: %w", v, err))
	}
	if err := json.Unmarshal([]byte(row.Data), &cfg); err != nil {
		return Config{}, 0, httpx.Internal(fmt.Errorf("develop config %d: %w", v, err))
	}
	s.configs.mu.Lock()
	if s.configs.versions == nil {
		s.configs.versions = map[int]Config{}
	}
	s.configs.versions[v] = cfg
	s.configs.mu.Unlock()
	return cfg, v, nil
}

// step is the configuration of step key (zero when it has none).
func (c Config) step(key string) StepConfig {
	for _, sc := range c.Steps {
		if sc.Key == key {
			return sc
		}
	}
	return StepConfig{Key: key}
}
