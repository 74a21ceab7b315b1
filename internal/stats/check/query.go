package check

import (
	"context"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// row is a member as the checks see it: what they found (kinds and
// fields, each listed with a trailing comma) and what the page explains
// them by.
type row struct {
	ID          int64     `bun:"id"`
	Name        string    `bun:"name"`
	OrgID       int64     `bun:"org_id"`
	OrgName     string    `bun:"org_name"`
	PartyStatus string    `bun:"party_status"`
	BirthDate   date.Date `bun:"birth_date"`
	JoinedOn    date.Date `bun:"joined_on"`
	ExtendedTo  date.Date `bun:"extended_to"`
	Kinds       string    `bun:"kinds"`
	Fields      string    `bun:"fields"`
}

// Filter is what a list or a summary is asked for: the members of an
// organisation's subtree (0: the caller's whole scope), of one kind ("":
// any problem).
type Filter struct {
	OrgID int64
	Kind  string
}

// readFilter reads orgId and kind from the query string.
func readFilter(q map[string][]string) (Filter, error) {
	var f Filter
	if v := first(q["orgId"]); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			return f, httpx.Invalid("orgId", "党组织参数错误")
		}
		f.OrgID = id
	}
	if f.Kind = first(q["kind"]); f.Kind != "" && kindName(f.Kind) == "" {
		return f, httpx.Invalid("kind", "不支持的问题类型：%s", f.Kind)
	}
	return f, nil
}

func first(vs []string) string {
	if len(vs) == 0 {
		return ""
	}
	return vs[0]
}

// today is the day in China.
func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

// checked is the select of the serving members of the caller's scope (and
// of f's organisation subtree) with what the checks found on each, as
// today: a sub-query (b) the lists, counts and groups read. An
// organisation outside the scope is 404, as one that does not exist.
func (s *Service) checked(ctx context.Context, f Filter) (*bun.SelectQuery, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	conds := conditions(db.IsPostgres(s.db), s.today())
	keys := kindKeys()
	kc := make([]clause, len(keys))
	for i, k := range keys {
		kc[i] = conds[k]
	}
	var fieldKeys []string
	var fc []clause
	for _, fl := range Fields {
		fieldKeys, fc = append(fieldKeys, fl.Key), append(fc, clause{sql: fl.empty})
	}
	kinds, fields := tags(keys, kc), tags(fieldKeys, fc)
	q := org.NameJoin("m.org_id")(member.SelectServing(s.db)).
		ColumnExpr("m.id, m.name, m.org_id, m.party_status, m.birth_date, m.joined_on").
		ColumnExpr(org.PathColumn+" AS org_path").
		ColumnExpr("x.probation_ends_on AS extended_to").
		ColumnExpr("a.top_id, a.top_name, a.top_path").
		ColumnExpr(kinds.sql+" AS kinds", kinds.args...).
		ColumnExpr(fields.sql+" AS fields").
		Join("LEFT JOIN (?) AS x ON x.member_id = m.id", develop.SelectExtendedProbations(s.db)).
		Join("LEFT JOIN (?) AS a ON a.org_id = m.org_id", org.SelectAncestry(s.db, org.LevelSecond))
	q = sc.Apply(q, "m.org_id")
	if f.OrgID != 0 {
		ok, err := s.orgs.InScope(ctx, f.OrgID)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		prefix, found, err := s.orgs.SubtreePath(ctx, f.OrgID)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		if !ok || !found {
			return nil, httpx.NotFound("党组织不存在")
		}
		q = q.Where(org.PathColumn+" LIKE ?", prefix+"%")
	}
	return q, nil
}

// withProblems is the members of checked with a problem (of f's kind).
func (s *Service) withProblems(ctx context.Context, f Filter) (*bun.SelectQuery, error) {
	q, err := s.checked(ctx, f)
	if err != nil {
		return nil, err
	}
	out := s.db.NewSelect().TableExpr("(?) AS b", q).
		ColumnExpr("b.id, b.name, b.org_id, b.org_name, b.party_status, b.birth_date, b.joined_on, b.extended_to, b.kinds, b.fields").OrderExpr("b.org_path, b.name, b.id")
	if f.Kind != "" {
		return out.Where("b.kinds LIKE ?", "%"+f.Kind+",%"), nil
	}
	return out.Where("b.kinds <> ''"), nil
}
