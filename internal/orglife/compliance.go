package orglife

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/report"
)

// Compliance (会议统计, RULES §4): for an organisation and a year, per
// measure (a meeting type's requirement, the secretary's own lecture, the
// talks) and per period of the measure (month, quarter or year), how many
// meetings were held and planned, and the judgement of the period. Held is
// CLOSE and not cancelled, on held_on in the period, of the type or of a
// type counting as it (counts_as); planned is published or started and not
// cancelled. One grouped query over zzsh_meeting answers a whole table.

// The measures that are not a meeting type's own requirement.
const (
	MeasureSecretary = "dk_secretary" // 书记讲党课: a 党课 given by the secretary, once a year
	MeasureTalk      = "talk"         // 谈心谈话: every member at least once a year (package talk)
)

// The judgement of one period.
const (
	CellDone       = "done"       // 已完成: held as often as required
	CellMissing    = "missing"    // 缺: the period ended with too few
	CellPlanned    = "planned"    // 计划: not yet held, a published meeting is planned in it
	CellInProgress = "inProgress" // 进行中: the running period, not yet held
	CellNotDue     = "notDue"     // —: before the organisation was founded (or after it was revoked), or still to come
)

// Cells are the judgements in the order a legend lists them.
var Cells = []string{CellDone, CellPlanned, CellInProgress, CellMissing, CellNotDue}

// Periods are the periods a requirement may have.
var Periods = []string{PeriodMonth, PeriodQuarter, PeriodYear}

// CellNames are the judgements as the tables and the workbooks show them.
var CellNames = map[string]string{CellDone: "已完成", CellMissing: "缺", CellPlanned: "计划", CellInProgress: "进行中", CellNotDue: "—"}

// Measure is one requirement an organisation is judged on.
type Measure struct {
	Key      string `json:"key"` // a meeting type's code, MeasureSecretary or MeasureTalk
	Name     string `json:"name"`
	Period   string `json:"period"`   // PeriodMonth, PeriodQuarter, PeriodYear
	MinCount int    `json:"minCount"` // meetings a period needs (talks: every member)
	Rule     string `json:"rule"`     // the requirement in words: 每季度至少1次
	orgTypes []string
	typeID   int64 // the type's id (reminders key on it; 0 for the secretary's lecture and talks)
}

// judgedFor tells whether an organisation of type t is judged on m.
func (m Measure) judgedFor(t string) bool { return slices.Contains(m.orgTypes, t) }

// Period is one period of a measure in a year: months From–To (1–12).
type Period struct {
	From    int    `json:"from"`
	To      int    `json:"to"`
	Held    int    `json:"held"`    // meetings held (talks: different people named)
	Planned int    `json:"planned"` // meetings published or started, not yet held
	Need    int    `json:"need"`    // how many the period needs (talks: the members)
	Status  string `json:"status"`  // CellDone…
}

// Line is one measure of one organisation: its periods, the meetings held
// in each month, and the periods met out of those judged (ended and due,
// or already met).
type Line struct {
	Measure
	Periods []Period `json:"periods"`
	Months  [12]int  `json:"months"` // meetings held per month (talks: 0)
	Met     int      `json:"met"`
	Due     int      `json:"due"`
}

// periodMonths are the months of each period of kind: 12 of one month, 4
// quarters, one year.
func periodMonths(kind string) [][2]int {
	var out [][2]int
	switch kind {
	case PeriodMonth:
		for m := 1; m <= 12; m++ {
			out = append(out, [2]int{m, m})
		}
	case PeriodQuarter:
		for q := 0; q < 4; q++ {
			out = append(out, [2]int{3*q + 1, 3*q + 3})
		}
	default:
		out = append(out, [2]int{1, 12})
	}
	return out
}

// judge is the judgement of the periods of a year as of today.
type judge struct {
	year         int
	today        date.Date
	firsts, ends [12]date.Date // the first and last day of each month
}

func newJudge(year int, today date.Date) judge {
	j := judge{year: year, today: today}
	for m := 1; m <= 12; m++ {
		mo := date.MonthOfYM(year*100 + m)
		j.firsts[m-1], j.ends[m-1] = mo.First(), mo.Last()
	}
	return j
}

func (j judge) first(month int) date.Date { return j.firsts[month-1] }
func (j judge) last(month int) date.Date  { return j.ends[month-1] }

// status judges months from–to of an organisation founded on founded (""
// unknown) and revoked on revoked ("" live) with held and planned meetings
// of need.
func (j judge) status(from, to int, founded, revoked date.Date, held, planned, need int) string {
	start, end := j.first(from), j.last(to)
	switch {
	case need <= 0:
		return CellNotDue
	case !founded.IsZero() && founded.After(end), !revoked.IsZero() && revoked.Before(start):
		return CellNotDue
	case held >= need:
		return CellDone
	case start.After(j.today):
		if planned > 0 {
			return CellPlanned
		}
		return CellNotDue
	case !end.Before(j.today):
		if planned > 0 {
			return CellPlanned
		}
		return CellInProgress
	}
	return CellMissing
}

// rules are what the meeting types ask: the measures, and the measure
// each type's meetings count toward (its own code, or its counts_as).
type rules struct {
	measures []Measure
	countsAs map[string]string
}

// measureOf is the measure a meeting of type code counts toward.
func (r rules) measureOf(code string) string {
	if as := r.countsAs[code]; as != "" {
		return as
	}
	return code
}

// rules reads the types: the measures are the requirements of the enabled
// types with a period and a count (a type counting as another is no
// measure of its own), then the secretary's lecture (with 党课) and the
// talks (branches). A disabled type's meetings still count as they did.
func (s *Service) rules(ctx context.Context) (rules, error) {
	var types []MeetingType
	if err := s.db.NewSelect().Model(&types).OrderExpr("mt.sort, mt.id").Scan(ctx); err != nil {
		return rules{}, httpx.Internal(err)
	}
	r := rules{countsAs: map[string]string{}}
	var out []Measure
	for _, t := range types {
		if t.CountsAs != "" {
			r.countsAs[t.Code] = t.CountsAs
		}
		if !t.Enabled || t.Period == "" || t.MinCount <= 0 || t.CountsAs != "" || PeriodNames[t.Period] == "" {
			continue
		}
		m := Measure{Key: t.Code, Name: t.Name, Period: t.Period, MinCount: t.MinCount, orgTypes: strings.Split(t.OrgTypes, ","), typeID: t.ID}
		out = append(out, m)
		if t.Code == TypeLecture {
			out = append(out, Measure{Key: MeasureSecretary, Name: "书记讲党课", Period: PeriodYear, MinCount: 1, orgTypes: m.orgTypes})
		}
	}
	out = append(out, Measure{Key: MeasureTalk, Name: "谈心谈话", Period: PeriodYear, orgTypes: strings.Split(branches, ",")})
	for i := range out {
		m := &out[i]
		if m.Key == MeasureTalk {
			m.Rule = "每年与每名党员至少谈话1次"
		} else {
			m.Rule = fmt.Sprintf("%s至少%d次", PeriodNames[m.Period], m.MinCount)
		}
	}
	r.measures = out
	return r, nil
}

// tally is the meetings of one organisation, measure and month.
type tally struct {
	OrgID   int64  `bun:"org_id"`
	Measure string `bun:"measure"`
	Month   int    `bun:"month"`
	Held    int    `bun:"held"`
	Planned int    `bun:"planned"`
	// The 党课 given by the secretary, held and planned.
	Lectures        int `bun:"lectures"`
	PlannedLectures int `bun:"planned_lectures"`
}

// counts is the one grouped query of a year: the meetings of the
// organisations restrict lets through, by organisation, type and month of
// held_on, each type's counts then added to its measure. The month is a
// CASE over the first days (the same on SQLite and PostgreSQL; held_on
// stays a range condition on its index). Restricted to a subtree, SQLite
// reads the meetings by (org_id, held_on), in the order they were written.
func (s *Service) counts(ctx context.Context, year int, rl rules, restrict func(*bun.SelectQuery) (*bun.SelectQuery, error)) (map[int64]map[string]*[12]tally, error) {
	j := newJudge(year, "")
	var month strings.Builder
	month.WriteString("CASE")
	args := []any{}
	for m := 12; m >= 2; m-- {
		month.WriteString(" WHEN m.held_on >= ? THEN ?")
		args = append(args, j.first(m), m)
	}
	month.WriteString(" ELSE 1 END")
	sel := s.db.NewSelect().TableExpr("zzsh_meeting AS m").
		ColumnExpr("m.org_id, m.type_code AS measure").ColumnExpr(month.String()+" AS month", args...).
		ColumnExpr("SUM(CASE WHEN m.state = ? THEN 1 ELSE 0 END) AS held", StateClosed).
		ColumnExpr("SUM(CASE WHEN m.state <> ? THEN 1 ELSE 0 END) AS planned", StateClosed).
		ColumnExpr("SUM(CASE WHEN m.state = ? AND m.secretary_lecture THEN 1 ELSE 0 END) AS lectures", StateClosed).
		ColumnExpr("SUM(CASE WHEN m.state <> ? AND m.secretary_lecture THEN 1 ELSE 0 END) AS planned_lectures", StateClosed).
		Where("m.held_on BETWEEN ? AND ?", j.first(1), j.last(12)).
		Where("m.state IN (?)", bun.In([]int{StatePublished, StateStarted, StateClosed})).
		Where("m.cancelled_at IS NULL").
		GroupExpr("1, 2, 3") // by position: the month's CASE is then evaluated once a row, not twice
	sel, err := restrict(sel)
	if err != nil {
		return nil, err
	}
	var rows []tally
	if err := sel.Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	out := map[int64]map[string]*[12]tally{}
	for _, r := range rows {
		if r.Month < 1 || r.Month > 12 {
			continue
		}
		by := out[r.OrgID]
		if by == nil {
			by = map[string]*[12]tally{}
			out[r.OrgID] = by
		}
		add := func(key string, held, planned int) {
			months := by[key]
			if months == nil {
				months = new([12]tally)
				by[key] = months
			}
			months[r.Month-1].Held += held
			months[r.Month-1].Planned += planned
		}
		measure := rl.measureOf(r.Measure)
		add(measure, r.Held, r.Planned)
		if measure == TypeLecture {
			add(MeasureSecretary, r.Lectures, r.PlannedLectures)
		}
	}
	return out, nil
}

// lines judges the organisations list on every measure their type holds in
// year: counted is what counts answered, talks the talk coverage and
// members the member counts (only asked when a branch is judged on talks).
func (s *Service) lines(ctx context.Context, j judge, list []org.Org, ms []Measure,
	counted map[int64]map[string]*[12]tally) (map[int64][]Line, error) {
	var talkers []int64
	for _, o := range list {
		if slices.ContainsFunc(ms, func(m Measure) bool { return m.Key == MeasureTalk && m.judgedFor(o.Type) }) {
			talkers = append(talkers, o.ID)
		}
	}
	named, members := map[int64]int{}, map[int64]int{}
	if len(talkers) > 0 {
		cover, err := s.talks.Coverage(ctx, j.year, talkers)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		for id, c := range cover {
			named[id] = c.Named
		}
		counts, err := s.members.CountByOrg(ctx, s.db, talkers)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		for id, c := range counts {
			members[id] = c.Total
		}
	}
	out := make(map[int64][]Line, len(list))
	for _, o := range list {
		revoked := date.Date("")
		if !o.Live() {
			revoked = o.RevokedOn
		}
		for _, m := range ms {
			if !m.judgedFor(o.Type) {
				continue
			}
			l := Line{Measure: m}
			months := counted[o.ID][m.Key]
			for _, pm := range periodMonths(m.Period) {
				p := Period{From: pm[0], To: pm[1], Need: m.MinCount}
				if m.Key == MeasureTalk {
					p.Held, p.Need = named[o.ID], members[o.ID]
				} else if months != nil {
					for mo := pm[0]; mo <= pm[1]; mo++ {
						p.Held += months[mo-1].Held
						p.Planned += months[mo-1].Planned
					}
				}
				p.Status = j.status(p.From, p.To, o.FoundedOn, revoked, p.Held, p.Planned, p.Need)
				switch p.Status {
				case CellDone:
					l.Met++
					l.Due++
				case CellMissing:
					l.Due++
				}
				l.Periods = append(l.Periods, p)
			}
			if months != nil && m.Key != MeasureTalk {
				for mo := range months {
					l.Months[mo] = months[mo].Held
				}
			}
			out[o.ID] = append(out[o.ID], l)
		}
	}
	return out, nil
}

// today is the day in China by the service's clock.
func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

// Calendar is one organisation's year (会议日历): its measures by period.
type Calendar struct {
	Year      int       `json:"year"`
	OrgID     int64     `json:"orgId"`
	OrgName   string    `json:"orgName"`
	OrgType   string    `json:"orgType"`
	FoundedOn date.Date `json:"foundedOn"`
	Today     date.Date `json:"today"`
	Lines     []Line    `json:"lines"`
}

// Calendar judges organisation orgID (of the caller's scope: the parser
// checked it) in year.
func (s *Service) Calendar(ctx context.Context, q report.Query) (Calendar, error) {
	all, err := s.orgs.OfTypes(ctx, s.db)
	if err != nil {
		return Calendar{}, httpx.Internal(err)
	}
	i := slices.IndexFunc(all, func(o org.Org) bool { return o.ID == q.OrgID })
	if i < 0 {
		return Calendar{}, httpx.NotFound("党组织不存在")
	}
	o := all[i]
	cal := Calendar{Year: q.Year, OrgID: o.ID, OrgName: o.Name, OrgType: o.Type, FoundedOn: o.FoundedOn, Today: s.today(), Lines: []Line{}}
	rl, err := s.rules(ctx)
	if err != nil {
		return cal, err
	}
	counted, err := s.counts(ctx, q.Year, rl, func(sel *bun.SelectQuery) (*bun.SelectQuery, error) {
		return sel.Where("m.org_id = ?", o.ID), nil
	})
	if err != nil {
		return cal, err
	}
	lines, err := s.lines(ctx, newJudge(q.Year, cal.Today), []org.Org{o}, rl.measures, counted)
	if err != nil {
		return cal, err
	}
	if l := lines[o.ID]; l != nil {
		cal.Lines = l
	}
	return cal, nil
}

// Share is how one row did on one measure: the periods met out of those
// judged, summed over the organisations the row stands for.
type Share struct {
	Met     int `json:"met"`
	Due     int `json:"due"`
	Missing int `json:"missing"`
	Orgs    int `json:"orgs"` // organisations judged on the measure
}

func (a *Share) add(l Line) {
	a.Met += l.Met
	a.Due += l.Due
	a.Missing += l.Due - l.Met
	a.Orgs++
}

// OrgRow is one organisation of a table: itself (a branch, with its party
// groups) or a committee standing for the organisations below it.
type OrgRow struct {
	OrgID   int64            `json:"orgId"`
	OrgName string           `json:"orgName"`
	OrgType string           `json:"orgType"`
	Drill   string           `json:"drill"` // "orgs": its own table; "branch": its calendar
	Shares  map[string]Share `json:"shares"`
	Share   Share            `json:"share"` // every measure together
}

// OrgTable is the organisations under one (a 二级党委's branches, the
// 党委's 二级党委s) by measure.
type OrgTable struct {
	Year     int       `json:"year"`
	OrgID    int64     `json:"orgId"`
	OrgName  string    `json:"orgName"`
	OrgType  string    `json:"orgType"` // a branch or a group: the web shows its calendar instead
	Measures []Measure `json:"measures"`
	Rows     []OrgRow  `json:"rows"`
	Total    OrgRow    `json:"total"`
}

// Orgs is the table of the organisations under q.OrgID (none: the top of
// the caller's scope). Under the 党委 a row is each organisation directly
// below it with everything below that; under any other organisation a row
// is each branch (or, under a branch, each party group) with its groups.
func (s *Service) Orgs(ctx context.Context, q report.Query) (OrgTable, error) {
	tab := OrgTable{Year: q.Year, Measures: []Measure{}, Rows: []OrgRow{}, Total: OrgRow{Shares: map[string]Share{}}}
	all, err := s.orgs.OfTypes(ctx, s.db)
	if err != nil {
		return tab, httpx.Internal(err)
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return tab, err
	}
	var top *org.Org
	for i := range all {
		o := &all[i]
		if (q.OrgID != 0 && o.ID == q.OrgID) || (q.OrgID == 0 && sc.Has(o.ID) && (!sc.All || o.PID == nil)) {
			top = o
			break
		}
	}
	if top == nil {
		return tab, nil // nothing in scope
	}
	q.OrgID = top.ID
	tab.OrgID, tab.OrgName, tab.OrgType = top.ID, top.Name, top.Type
	var under []org.Org // the organisations of the caller's scope below top
	for _, o := range all {
		if o.ID != top.ID && strings.HasPrefix(o.Path, top.Path) && sc.Has(o.ID) {
			under = append(under, o)
		}
	}
	var rows []org.Org
	for _, o := range under {
		switch {
		case top.Type == org.TypeCommittee:
			if o.PID != nil && *o.PID == top.ID && o.Type != org.TypeGroup {
				rows = append(rows, o)
			}
		case org.IsBranch(top.Type):
			if o.Type == org.TypeGroup {
				rows = append(rows, o)
			}
		case org.IsBranch(o.Type):
			rows = append(rows, o)
		}
	}
	rl, err := s.rules(ctx)
	if err != nil {
		return tab, err
	}
	counted, err := s.counts(ctx, q.Year, rl, func(sel *bun.SelectQuery) (*bun.SelectQuery, error) {
		return report.Restrict(ctx, s.orgs, q, sel, report.On{Org: "m.org_id"})
	})
	if err != nil {
		return tab, err
	}
	lines, err := s.lines(ctx, newJudge(q.Year, s.today()), under, rl.measures, counted)
	if err != nil {
		return tab, err
	}
	used := map[string]bool{}
	for _, r := range rows {
		row := OrgRow{OrgID: r.ID, OrgName: r.Name, OrgType: r.Type, Drill: "branch", Shares: map[string]Share{}}
		if r.Type == org.TypeSecondaryCommittee || r.Type == org.TypeGeneralBranch {
			row.Drill = "orgs"
		}
		for _, o := range under {
			if !strings.HasPrefix(o.Path, r.Path) {
				continue
			}
			for _, l := range lines[o.ID] {
				sh := row.Shares[l.Key]
				sh.add(l)
				row.Shares[l.Key] = sh
				row.Share.Met += l.Met
				row.Share.Due += l.Due
				row.Share.Missing += l.Due - l.Met
				used[l.Key] = true
			}
		}
		for k, sh := range row.Shares {
			t := tab.Total.Shares[k]
			t.Met, t.Due, t.Missing, t.Orgs = t.Met+sh.Met, t.Due+sh.Due, t.Missing+sh.Missing, t.Orgs+sh.Orgs
			tab.Total.Shares[k] = t
		}
		tab.Total.Share.Met += row.Share.Met
		tab.Total.Share.Due += row.Share.Due
		tab.Total.Share.Missing += row.Share.Missing
		tab.Rows = append(tab.Rows, row)
	}
	for _, m := range rl.measures {
		if used[m.Key] {
			tab.Measures = append(tab.Measures, m)
		}
	}
	tab.Total.OrgName = "合计"
	return tab, nil
}
