package workbench

import (
	"context"
	"net/http"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/partystats"
)

// Analysis is GET /api/dzzfx?committeeId=: 党组织数据分析. Rows are every
// 二级党委 of the caller's scope (their organisation structure and
// members); the structure, dimensions and trend are of the committee asked
// for (CommitteeID), or of the whole scope (0).
type Analysis struct {
	Day         date.Date      `json:"day"`
	CommitteeID int64          `json:"committeeId"`
	Rows        []CommitteeRow `json:"rows"`
	Total       CommitteeRow   `json:"total"` // the sum of Rows
	// Structure is the committee's row (Total when none is asked for).
	Structure CommitteeRow `json:"structure"`
	// Dimensions are the serving members by 性别, 年龄, 学历, 人员类别 and
	// 党籍 (RULES.md §6).
	Dimensions []Dimension `json:"dimensions"`
	// Joined is the members admitted in each of the last TrendYears years,
	// those since transferred out, left or dead included.
	Joined []YearCount `json:"joined"`
}

// CommitteeRow is one 二级党委's organisation structure: its live branches
// (党支部, 直属党支部) by size (members in the branch and its party
// groups: <3, 3–6, 7–50, >50), those with a committee recorded and those of
// ≥7 full members without one (RULES.md §4), the live organisations of its
// subtree whose term ends within TermMonths or has ended, and its members.
type CommitteeRow struct {
	CommitteeID      int64  `json:"committeeId" bun:"committee_id"`
	CommitteeName    string `json:"committeeName" bun:"committee_name"`
	Branches         int    `json:"branches" bun:"branches"`
	Under3           int    `json:"under3" bun:"under3"`
	From3To6         int    `json:"from3To6" bun:"from3to6"`
	From7To50        int    `json:"from7To50" bun:"from7to50"`
	Over50           int    `json:"over50" bun:"over50"`
	WithCommittee    int    `json:"withCommittee" bun:"with_committee"`
	CommitteeMissing int    `json:"committeeMissing" bun:"committee_missing"`
	TermsDue         int    `json:"termsDue" bun:"terms_due"`
	TermsOverdue     int    `json:"termsOverdue" bun:"terms_overdue"`
	Members          int    `json:"members" bun:"-"`
	Full             int    `json:"full" bun:"-"`
	Probationary     int    `json:"probationary" bun:"-"`
}

// Dimension is the members counted along one dimension, in its order.
type Dimension struct {
	Key   string  `json:"key"`
	Title string  `json:"title"`
	Items []Count `json:"items"`
}

// Windows of the analysis.
const (
	TermMonths = 6
	TrendYears = 5
	// committeeMinFull: a branch of at least this many full members should
	// have a committee (RULES.md §4).
	committeeMinFull = 7
)

// Dictionaries the dimensions are labelled with.
const (
	dictGender   = "DJ_COMM_XB"
	dictCategory = "DJ_DY_RYLBXX"
	dictParty    = "DJ_DY_DJZTXX"
)

// Analyze reads the analysis of committee (0: the whole scope). A committee
// that is not a 二级党委 of the caller's scope is 404, as a missing one.
func (s *Service) Analyze(ctx context.Context, committee int64) (Analysis, error) {
	day := s.today()
	out := Analysis{Day: day, CommitteeID: committee}
	sc, err := s.src.Orgs.ScopeOf(ctx)
	if err != nil {
		return out, err
	}
	if out.Rows, err = s.committeeRows(ctx, sc, day); err != nil {
		return out, err
	}
	found := committee == 0
	for _, r := range out.Rows {
		addRow(&out.Total, r)
		if r.CommitteeID == committee {
			out.Structure, found = r, true
		}
	}
	if !found {
		return out, httpx.NotFound("党组织不存在")
	}
	if committee == 0 {
		out.Structure = out.Total
	}
	restrict := func(q *bun.SelectQuery) *bun.SelectQuery {
		q = sc.Apply(q, "m.org_id")
		if committee != 0 {
			q = q.Join("JOIN (?) AS ca ON ca.org_id = m.org_id", org.SelectAncestry(s.db, org.LevelSecond)).Where("ca.top_id = ?", committee)
		}
		return q
	}
	if out.Dimensions, err = s.dimensions(ctx, restrict, day); err != nil {
		return out, err
	}
	year := day.Time().Year()
	out.Joined, err = s.joined(ctx, restrict, year-TrendYears+1, year)
	return out, err
}

func addRow(t *CommitteeRow, r CommitteeRow) {
	t.Branches += r.Branches
	t.Under3 += r.Under3
	t.From3To6 += r.From3To6
	t.From7To50 += r.From7To50
	t.Over50 += r.Over50
	t.WithCommittee += r.WithCommittee
	t.CommitteeMissing += r.CommitteeMissing
	t.TermsDue += r.TermsDue
	t.TermsOverdue += r.TermsOverdue
	t.Members += r.Members
	t.Full += r.Full
	t.Probationary += r.Probationary
}

// committeeRows reads the rows: one query over the organisations (with
// their branch sizes) and one over the members, each grouped by 二级党委.
func (s *Service) committeeRows(ctx context.Context, sc org.Scope, day date.Date) ([]CommitteeRow, error) {
	branch := "o.type IN ('" + org.TypeBranch + "', '" + org.TypeDirectBranch + "')"
	band := func(cond string) string {
		return "COALESCE(SUM(CASE WHEN " + branch + " AND " + cond + " THEN 1 ELSE 0 END), 0)"
	}
	sizes := member.SelectServing(s.db).ColumnExpr("ab.top_id AS branch_id, COUNT(*) AS n").
		ColumnExpr("SUM(CASE WHEN m.party_status = ? THEN 1 ELSE 0 END) AS full_n", member.PartyFull).
		Join("JOIN (?) AS ab ON ab.org_id = m.org_id", org.SelectAncestry(s.db, org.LevelBranch)).GroupExpr("ab.top_id")
	q := s.db.NewSelect().TableExpr("(?) AS o", org.SelectLive(s.db)).
		Join("JOIN (?) AS a ON a.org_id = o.id", org.SelectAncestry(s.db, org.LevelSecond)).
		Join("LEFT JOIN (?) AS c ON c.branch_id = o.id", sizes).
		ColumnExpr("a.top_id AS committee_id, a.top_name AS committee_name").
		ColumnExpr(band("1 = 1")+" AS branches").
		ColumnExpr(band("COALESCE(c.n, 0) < 3")+" AS under3").
		ColumnExpr(band("c.n BETWEEN 3 AND 6")+" AS from3to6").
		ColumnExpr(band("c.n BETWEEN 7 AND 50")+" AS from7to50").
		ColumnExpr(band("c.n > 50")+" AS over50").
		ColumnExpr(band("o.has_committee = 1")+" AS with_committee").
		ColumnExpr(band("o.has_committee = 0 AND COALESCE(c.full_n, 0) >= ?")+" AS committee_missing", committeeMinFull).
		ColumnExpr("COALESCE(SUM(CASE WHEN o.term_end >= ? AND o.term_end <= ? THEN 1 ELSE 0 END), 0) AS terms_due", day, day.AddMonths(TermMonths)).
		ColumnExpr("COALESCE(SUM(CASE WHEN o.term_end < ? THEN 1 ELSE 0 END), 0) AS terms_overdue", day).
		GroupExpr("a.top_id, a.top_name, a.top_sort, a.top_path").OrderExpr("a.top_sort, a.top_path")
	rows := []CommitteeRow{}
	if err := sc.Apply(q, "o.id").Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	var counts []struct {
		CommitteeID  int64 `bun:"committee_id"`
		Members      int   `bun:"members"`
		Full         int   `bun:"full_n"`
		Probationary int   `bun:"probationary"`
	}
	mq := member.SelectServing(s.db).Join("JOIN (?) AS a ON a.org_id = m.org_id", org.SelectAncestry(s.db, org.LevelSecond)).
		ColumnExpr("a.top_id AS committee_id, COUNT(*) AS members").
		ColumnExpr("SUM(CASE WHEN m.party_status = ? THEN 1 ELSE 0 END) AS full_n", member.PartyFull).
		ColumnExpr("SUM(CASE WHEN m.party_status = ? THEN 1 ELSE 0 END) AS probationary", member.PartyProbation).
		GroupExpr("a.top_id")
	if err := sc.Apply(mq, "m.org_id").Scan(ctx, &counts); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, c := range counts {
		for i := range rows {
			if rows[i].CommitteeID == c.CommitteeID {
				rows[i].Members, rows[i].Full, rows[i].Probationary = c.Members, c.Full, c.Probationary
			}
		}
	}
	return rows, nil
}

// dimensions counts the serving members restrict keeps along the
// dimensions: one query grouped by all five, added up per dimension here
// (a few hundred groups at most).
func (s *Service) dimensions(ctx context.Context, restrict func(*bun.SelectQuery) *bun.SelectQuery, day date.Date) ([]Dimension, error) {
	// The bands and groups of the party statistics (partystats, RULES.md
	// §6): the age in full years on today.
	age, ageArgs := partystats.AgeBandCase("m.birth_date", day)
	edu, eduArgs := partystats.EducationCase("m.education")
	var groups []struct {
		Gender    string `bun:"gender"`
		Age       string `bun:"age"`
		Education string `bun:"edu"`
		Category  string `bun:"category"`
		Party     string `bun:"party"`
		N         int    `bun:"n"`
	}
	inner := member.SelectServing(s.db).
		ColumnExpr("COALESCE(m.gender, '') AS gender").ColumnExpr(age+" AS age", ageArgs...).
		ColumnExpr(edu+" AS edu", eduArgs...).ColumnExpr("COALESCE(m.person_category, '') AS category").
		ColumnExpr("m.party_status AS party")
	q := s.db.NewSelect().TableExpr("(?) AS g", restrict(inner)).
		ColumnExpr("g.gender, g.age, g.edu, g.category, g.party, COUNT(*) AS n").GroupExpr("g.gender, g.age, g.edu, g.category, g.party")
	if err := q.Scan(ctx, &groups); err != nil {
		return nil, httpx.Internal(err)
	}
	opts, err := s.sys.DictOptions(ctx, []string{dictGender, dictCategory, dictParty})
	if err != nil {
		return nil, err
	}
	by := map[string]map[string]int{"gender": {}, "age": {}, "education": {}, "category": {}, "party": {}}
	for _, g := range groups {
		by["gender"][g.Gender] += g.N
		by["age"][g.Age] += g.N
		by["education"][g.Education] += g.N
		by["category"][g.Category] += g.N
		by["party"][g.Party] += g.N
	}
	var ages, educations []Count
	for _, b := range partystats.AgeBands {
		ages = append(ages, Count{Value: b.Key, Label: b.Title})
	}
	for _, g := range partystats.EducationGroups {
		educations = append(educations, Count{Value: g.Key, Label: g.Title})
	}
	return []Dimension{
		{Key: "gender", Title: "性别", Items: dictCounts(opts[dictGender], by["gender"])},
		{Key: "age", Title: "年龄", Items: fixedCounts(ages, by["age"])},
		{Key: "education", Title: "学历", Items: fixedCounts(educations, by["education"])},
		{Key: "category", Title: "人员类别", Items: dictCounts(opts[dictCategory], by["category"])},
		{Key: "party", Title: "党籍", Items: dictCounts(opts[dictParty], by["party"])},
	}, nil
}

// fixedCounts fills items (in their order) from by, with 未填或无法归类 last
// when some are blank or in no item (a code outside the dictionary).
func fixedCounts(items []Count, by map[string]int) []Count {
	out := make([]Count, 0, len(items)+1)
	for _, it := range items {
		out = append(out, Count{Value: it.Value, Label: it.Label, Count: by[it.Value]})
	}
	if n := by[""]; n > 0 {
		out = append(out, Count{Value: "", Label: "未填或无法归类", Count: n})
	}
	return out
}

// committeeParam reads committeeId (absent: 0, the whole scope).
func committeeParam(r *http.Request) (int64, error) {
	v := r.URL.Query().Get("committeeId")
	if v == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, httpx.Invalid("committeeId", "二级党委参数错误")
	}
	return id, nil
}

func (s *Service) handleAnalysis(w http.ResponseWriter, r *http.Request) error {
	id, err := committeeParam(r)
	if err != nil {
		return err
	}
	out, err := s.Analyze(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.OK(w, out)
}
