package query

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"zhdj/internal/platform/httpx"
	kit "zhdj/internal/platform/query"
)

// Roster is a built-in roster (花名册): a fixed query over a source with
// its official column set. Rosters are not editable; a page filters them
// by organisation only.
type Roster struct {
	Key     string   `json:"key"`
	Title   string   `json:"title"`
	Source  string   `json:"source"`
	Note    string   `json:"note"`    // whom it lists
	ByOrg   bool     `json:"byOrg"`   // filterable by organisation subtree
	Columns []Column `json:"columns"` // filled by Rosters
	filter  kit.Filter
	columns []string
}

// The roster keys.
const (
	RosterMembers      = "members"
	RosterProbationary = "probationary"
	RosterActivists    = "activists"
	RosterCadres       = "cadres"
)

// Values the rosters' filters rely on (the seeds of internal/system/dictseed
// and of the modules: member.StatusNormal, member.PartyFull/PartyProbation,
// develop.StageActivist, cadre.ServingStatuses).
func rosters(servingCadres []string) []Roster {
	one := func(conds ...kit.Condition) kit.Filter {
		return kit.Filter{Groups: []kit.Group{{Conditions: conds}}}
	}
	normal := kit.Condition{Field: "memberStatus", Op: kit.OpEq, Values: []string{"1"}}
	return []Roster{
		{Key: RosterMembers, Title: "党员花名册", Source: "members", Note: "党员状态正常的正式党员和预备党员", ByOrg: true,
			filter:  one(normal, kit.Condition{Field: "partyStatus", Op: kit.OpIn, Values: []string{"1", "2"}}),
			columns: []string{"name", "gender", "ethnicity", "birthDate", "education", "personCategory", "partyStatus", "joinedOn", "fullOn", "unit", "org"}},
		{Key: RosterProbationary, Title: "预备党员花名册", Source: "members", Note: "党员状态正常的预备党员", ByOrg: true,
			filter:  one(normal, kit.Condition{Field: "partyStatus", Op: kit.OpEq, Values: []string{"2"}}),
			columns: []string{"name", "gender", "ethnicity", "birthDate", "education", "personCategory", "joinedOn", "unit", "org"}},
		{Key: RosterActivists, Title: "入党积极分子花名册", Source: "develop", Note: "处于入党积极分子阶段的发展党员记录", ByOrg: true,
			filter:  one(kit.Condition{Field: "stage", Op: kit.OpEq, Values: []string{"activist"}}),
			columns: []string{"name", "personNo", "gender", "birthDate", "appliedOn", "activistOn", "org"}},
		{Key: RosterCadres, Title: "干部花名册", Source: "cadres", Note: "现任干部（按干部所在单位，不按党组织筛选）",
			filter:  one(kit.Condition{Field: "status", Op: kit.OpIn, Values: servingCadres}),
			columns: []string{"name", "gender", "birthOn", "ethnicity", "politicalStatus", "partyJoinOn", "education", "unit", "post", "level", "postSince"}},
	}
}

// Rosters lists the rosters with their columns (GET /api/hmc/rosters).
func (s *Service) Rosters(_ context.Context) ([]Roster, error) {
	out := make([]Roster, 0, len(s.rosters))
	for _, r := range s.rosters {
		src := s.source(r.Source)
		if src == nil {
			continue
		}
		cols, err := kit.Columns(src, r.columns)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		r.Columns = columns(cols)
		out = append(out, r)
	}
	return out, nil
}

// rosterRequest is the query of roster key as the page asked for it
// (?orgId= its organisation subtree): 404 for an unknown roster.
func (s *Service) rosterRequest(r *http.Request) (Request, *Roster, error) {
	key := chi.URLParam(r, "key")
	var ro *Roster
	for i := range s.rosters {
		if s.rosters[i].Key == key && s.source(s.rosters[i].Source) != nil {
			ro = &s.rosters[i]
		}
	}
	if ro == nil {
		return Request{}, nil, httpx.NotFound("花名册不存在")
	}
	in := Request{Source: ro.Source, Columns: ro.columns}
	in.Filter.Groups = append(in.Filter.Groups, ro.filter.Groups...)
	q := r.URL.Query()
	if v := q.Get("orgId"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return in, nil, httpx.Invalid("orgId", "党组织参数错误")
		}
		if !ro.ByOrg {
			return in, nil, httpx.Invalid("orgId", "%s不按党组织筛选", ro.Title)
		}
		in.Filter.Groups = append(in.Filter.Groups, kit.Group{Conditions: []kit.Condition{{Field: "org", Op: kit.OpSubtree, Values: []string{v}}}})
	}
	in.Page, _ = strconv.Atoi(q.Get("page"))
	in.Size, _ = strconv.Atoi(q.Get("size"))
	return in, ro, nil
}

// handleRoster answers a page of a roster (GET /api/hmc/roster/{key}).
func (s *Service) handleRoster(w http.ResponseWriter, r *http.Request) error {
	in, _, err := s.rosterRequest(r)
	if err != nil {
		return err
	}
	out, err := s.Run(r.Context(), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, out)
}

// handleRosterExport exports a roster (GET /api/hmc/roster/{key}/export).
func (s *Service) handleRosterExport(w http.ResponseWriter, r *http.Request) error {
	in, ro, err := s.rosterRequest(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	p, err := s.prepare(ctx, in)
	if err != nil {
		return err
	}
	n, err := s.export(ctx, w, p, "", false, ro.Title)
	if err != nil {
		return err
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出%s（%d条）", ro.Title, n))
	return nil
}
