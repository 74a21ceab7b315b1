package home

import (
	"context"
	"slices"
	"time"

	"zhdj/internal/content"
	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// Count is one value of a dictionary with how many records hold it.
type Count struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

// Summary is GET /api/home/summary: the caller's data scope at a glance.
type Summary struct {
	// Scoped tells whether the caller's data scope holds any organisation
	// (a custom scope may hold none; an account whose role needs its party
	// organisation but has none gets 403 NO_ANCHOR from org.ScopeOf instead).
	Scoped  bool         `json:"scoped"`
	Year    int          `json:"year"`
	Members MemberFigure `json:"members"`
	Orgs    OrgFigure    `json:"orgs"`
	// Warnings are the organisation rules broken now (all of them).
	Warnings WarningFigure `json:"warnings"`
	// Recent are the latest changes of members and organisations in scope.
	Recent []Change `json:"recent"`
	// Unread is how many news items and articles published to the caller
	// they have not opened (content's Go API).
	Unread content.Unread `json:"unread"`
}

// MemberFigure is the members of the scope (member.Tally with labels).
type MemberFigure struct {
	Total        int     `json:"total"` // in normal status
	ByStatus     []Count `json:"byStatus"`
	ByParty      []Count `json:"byParty"`
	ByCategory   []Count `json:"byCategory"`
	JoinedInYear int     `json:"joinedInYear"`
	FullInYear   int     `json:"fullInYear"`
	MovedInYear  int     `json:"movedInYear"`
}

// OrgFigure is the live organisations of the scope.
type OrgFigure struct {
	Total  int     `json:"total"`
	ByType []Count `json:"byType"`
}

// WarningFigure is the organisation warnings with the window they use.
type WarningFigure struct {
	Total int `json:"total"`
	// TermReminderMonths is the setting: a term ending within it is due.
	TermReminderMonths int           `json:"termReminderMonths"`
	Items              []org.Warning `json:"items"`
}

// Change is one entry of the change trail of a member or an organisation.
type Change struct {
	Module       string    `json:"module"` // "member" or "org": the page that opens the record
	RecordID     int64     `json:"recordId"`
	RecordName   string    `json:"recordName"`
	TypeLabel    string    `json:"typeLabel"`
	Summary      string    `json:"summary"`
	OperatorName string    `json:"operatorName"`
	CreateTime   time.Time `json:"createTime"`
}

// recentChanges bounds the summary's list of changes (what waits for the
// caller is the work lists', GET /api/worklist, which 首页 shows beside).
const recentChanges = 8

// Dictionaries the figures are labelled with.
const (
	dictMemberStatus   = "DY_ZT"
	dictPartyStatus    = "DJ_DY_DJZTXX"
	dictPersonCategory = "DJ_DY_RYLBXX"
)

// Summary computes the home page of the caller: every figure from the
// organisations of their data scope (out of scope is never counted), in a
// few grouped queries, nothing kept between requests.
func (s *Service) Summary(ctx context.Context) (*Summary, error) {
	now := s.now().In(date.China)
	out := &Summary{Year: now.Year(), Recent: []Change{}}
	scope, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	out.Scoped = scope.All || len(scope.OrgIDs) > 0
	opts, err := s.sys.DictOptions(ctx, []string{dictMemberStatus, dictPartyStatus, dictPersonCategory, org.DictType})
	if err != nil {
		return nil, err
	}
	tally, err := s.members.Tally(ctx, out.Year)
	if err != nil {
		return nil, err
	}
	out.Members = MemberFigure{Total: tally.Normal, ByStatus: counts(opts[dictMemberStatus], tally.ByStatus),
		ByParty: counts(opts[dictPartyStatus], tally.ByParty), ByCategory: counts(opts[dictPersonCategory], tally.ByCategory),
		JoinedInYear: tally.JoinedInYear, FullInYear: tally.FullInYear, MovedInYear: tally.MovedInYear}
	byType, err := s.orgs.CountByType(ctx)
	if err != nil {
		return nil, err
	}
	out.Orgs.ByType = counts(opts[org.DictType], byType)
	for _, n := range byType {
		out.Orgs.Total += n
	}
	if out.Warnings, err = s.warnings(ctx); err != nil {
		return nil, err
	}
	if out.Recent, err = s.recent(ctx); err != nil {
		return nil, err
	}
	out.Unread, err = s.content.Unread(ctx)
	return out, err
}

// counts lists the values of a dictionary in its order with their counts
// (zeros included: 预备党员 0 is a figure too), then any value the
// dictionary lacks (a record left blank, a value removed since) with the
// value as its label, "未填写" for blank.
func counts(opts []system.DictOption, by map[string]int) []Count {
	out := make([]Count, 0, len(opts))
	known := map[string]bool{}
	for _, o := range opts {
		known[o.Value] = true
		out = append(out, Count{Value: o.Value, Label: o.Label, Count: by[o.Value]})
	}
	var extra []Count
	for v, n := range by {
		if known[v] || n == 0 {
			continue
		}
		label := v
		if v == "" {
			label = "未填写"
		}
		extra = append(extra, Count{Value: v, Label: label, Count: n})
	}
	slices.SortFunc(extra, func(a, b Count) int { return b.Count - a.Count })
	return append(out, extra...)
}

// recent merges the newest entries of the member and organisation trails
// of the caller's scope.
func (s *Service) recent(ctx context.Context) ([]Change, error) {
	lq := httpx.ListQuery{Page: httpx.Page{Size: recentChanges}}
	var out []Change
	for _, src := range []struct {
		module string
		across func(context.Context, httpx.ListQuery) (httpx.PageResult[audit.NamedEntry], error)
	}{{"member", s.members.TrailAcross}, {"org", s.orgs.TrailAcross}} {
		page, err := src.across(ctx, lq)
		if err != nil {
			return nil, err
		}
		for _, e := range page.Content {
			out = append(out, Change{Module: src.module, RecordID: e.RecordID, RecordName: e.RecordName, TypeLabel: e.TypeLabel,
				Summary: e.Summary, OperatorName: e.OperatorName, CreateTime: e.CreatedAt})
		}
	}
	slices.SortStableFunc(out, func(a, b Change) int { return b.CreateTime.Compare(a.CreateTime) })
	if len(out) > recentChanges {
		out = out[:recentChanges]
	}
	if out == nil {
		out = []Change{}
	}
	return out, nil
}
