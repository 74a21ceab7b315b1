package weakorg

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// screenedTypes are the organisations screened and proposed: the
// grass-roots ones (党总支, 直属党支部, 党支部).
var screenedTypes = []string{org.TypeGeneralBranch, org.TypeDirectBranch, org.TypeBranch}

// vacantMonths is how long a secretary may be vacant (RULES §4: more than 3 months).
const vacantMonths = 3

// ScreenInput is the body of a screening: the year.
type ScreenInput struct {
	Year int `json:"year"`
}

// ScreenResult counts what a screening did.
type ScreenResult struct {
	Year     int `json:"year"`
	Screened int `json:"screened"` // organisations screened
	Added    int `json:"added"`    // new candidates
	Updated  int `json:"updated"`  // undecided candidates whose hits changed
	Removed  int `json:"removed"`  // undecided candidates the data no longer finds
	Kept     int `json:"kept"`     // decided cases left as they are
}

// finding is one criterion an organisation meets in the data, with the
// evidence in words.
type finding struct {
	criterion string
	evidence  []string
}

// Screen (年度排查) screens the organisations of the caller's scope for
// year from the data: a secretary vacant more than 3 months; no 支部党员大会
// in two consecutive quarters; the share of periods met in 会议统计 below
// the setting. An organisation found becomes a candidate with its hits and
// evidence; screening again refreshes the hits of undecided candidates,
// drops a candidate the data no longer finds (unless a committee proposed
// it by hand) and leaves decided cases as they are.
func (s *Service) Screen(ctx context.Context, in ScreenInput) (ScreenResult, error) {
	out := ScreenResult{Year: in.Year}
	today := s.today()
	if err := s.checkYear(in.Year, today); err != nil {
		return out, err
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return out, err
	}
	all, err := s.orgs.OfTypes(ctx, s.db, screenedTypes...)
	if err != nil {
		return out, httpx.Internal(err)
	}
	first, last := date.Date(fmt.Sprintf("%d-01-01", in.Year)), date.Date(fmt.Sprintf("%d-12-31", in.Year))
	list := slices.DeleteFunc(all, func(o org.Org) bool {
		return !sc.Has(o.ID) || o.FoundedOn.After(last) || (!o.Live() && o.RevokedOn.Before(first))
	})
	out.Screened = len(list)
	found, err := s.findings(ctx, in.Year, today, list)
	if err != nil {
		return out, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		out.Added, out.Updated, out.Removed, out.Kept = 0, 0, 0, 0
		ids := make([]int64, len(list))
		for i, o := range list {
			ids[i] = o.ID
		}
		var cases []Case
		if len(ids) > 0 {
			if err := tx.NewSelect().Model(&cases).Where("c.year = ?", in.Year).Where("c.org_id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		byOrg := map[int64]*Case{}
		for i := range cases {
			byOrg[cases[i].OrgID] = &cases[i]
		}
		for _, o := range list {
			c, fs := byOrg[o.ID], found[o.ID]
			switch {
			case c == nil && len(fs) == 0:
			case c == nil:
				if _, err := s.insert(ctx, tx, in.Year, o.ID, fs, SourceData); err != nil {
					return err
				}
				out.Added++
			case c.State != StateCandidate && c.State != StateRecommended:
				out.Kept++
			default:
				changed, removed, err := s.refresh(ctx, tx, c, fs)
				if err != nil {
					return err
				}
				if removed {
					out.Removed++
				} else if changed {
					out.Updated++
				}
			}
		}
		return nil
	})
	return out, httpx.AsError(err)
}

// checkYear refuses a year out of bounds or to come.
func (s *Service) checkYear(year int, today date.Date) error {
	if err := record.Year("year", "年度", year); err != nil {
		return err
	}
	if year > today.Time().Year() {
		return httpx.Invalid("year", "年度不能晚于今年")
	}
	return nil
}

// findings screens list in year as of today (its last day for a past year).
func (s *Service) findings(ctx context.Context, year int, today date.Date, list []org.Org) (map[int64][]finding, error) {
	out := map[int64][]finding{}
	first, asOf := date.Date(fmt.Sprintf("%d-01-01", year)), date.Date(fmt.Sprintf("%d-12-31", year))
	if today.Before(asOf) {
		asOf = today
	}
	add := func(id int64, criterion, evidence string) {
		fs := out[id]
		if i := slices.IndexFunc(fs, func(f finding) bool { return f.criterion == criterion }); i >= 0 {
			fs[i].evidence = append(fs[i].evidence, evidence)
			return
		}
		out[id] = append(fs, finding{criterion: criterion, evidence: []string{evidence}})
	}
	spans, err := s.orgs.SecretaryVacancies(ctx, s.db, list)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	for _, o := range list {
		for _, v := range spans[o.ID] {
			if text, hit := vacancyHit(v, first, asOf); hit {
				add(o.ID, CriterionVacant, text)
			}
		}
	}
	records, err := s.life.YearRecords(ctx, year, list)
	if err != nil {
		return nil, err
	}
	below := s.sys.SettingInt(ctx, CfgShareBelow, DefaultShareBelow)
	if below > MaxShareBelow {
		below = DefaultShareBelow
	}
	for _, o := range list {
		r := records[o.ID]
		if q := consecutive(r.GeneralMissed); q > 0 {
			add(o.ID, CriterionLife, fmt.Sprintf("%d年第%d、%d季度均未召开支部党员大会", year, q, q+1))
		}
		if r.Due > 0 && r.Met*100 < below*r.Due {
			add(o.ID, CriterionLife, fmt.Sprintf("%d年组织生活会议完成率%d%%（%d/%d），低于%d%%", year, r.Met*100/r.Due, r.Met, r.Due, below))
		}
	}
	return out, nil
}

// vacancyHit judges a vacancy in the year from first, as of asOf (the
// year's last day, or today): vacant more than 3 months — from 3-29 a span
// is 3 months on 6-29 and more than 3 months from 6-30 — and not ended
// before the year began.
func vacancyHit(v org.Vacancy, first, asOf date.Date) (string, bool) {
	end := v.To
	if end == "" || end.After(asOf) {
		end = asOf
	}
	if v.From.After(asOf) || (v.To != "" && !v.To.After(first)) || !end.After(v.From.AddMonths(vacantMonths)) {
		return "", false
	}
	if v.To == "" || v.To.After(asOf) {
		return fmt.Sprintf("书记自%s起空缺，至%s已超过%d个月", v.From, asOf, vacantMonths), true
	}
	return fmt.Sprintf("书记于%s至%s空缺，超过%d个月", v.From, v.To, vacantMonths), true
}

// consecutive is the first of two consecutive quarters among missed (0: none).
func consecutive(missed []int) int {
	for i := 1; i < len(missed); i++ {
		if missed[i] == missed[i-1]+1 {
			return missed[i-1]
		}
	}
	return 0
}

// insert writes a new candidate of orgID in year with its hits (source)
// and its ADD trail entry.
func (s *Service) insert(ctx context.Context, tx bun.Tx, year int, orgID int64, fs []finding, source string) (int64, error) {
	now := s.now().Truncate(time.Second)
	c := &Case{Year: year, OrgID: orgID, State: StateCandidate, Criteria: codesOf(fs)}
	c.CreatedAt, c.UpdatedAt = now, now
	if _, err := tx.NewInsert().Model(c).Exec(ctx); err != nil {
		return 0, record.WriteError(err, "该党组织本年度已在排查名单中，请刷新后重试", "")
	}
	if err := s.insertHits(ctx, tx, c.ID, fs, source, now); err != nil {
		return 0, err
	}
	after, err := s.view(ctx, tx, c)
	if err != nil {
		return 0, err
	}
	_, err = caseTrail.Save(ctx, tx, plainLabels, record.Save{Origin: audit.OriginUserCreate, Snapshot: c, After: after,
		Write: func(context.Context) (int64, error) { return c.ID, nil }})
	return c.ID, err
}

// insertHits writes the hits fs of case id from source.
func (s *Service) insertHits(ctx context.Context, tx bun.Tx, id int64, fs []finding, source string, now time.Time) error {
	if len(fs) == 0 {
		return nil
	}
	hits := make([]Hit, len(fs))
	for i, f := range fs {
		hits[i] = Hit{CaseID: id, Criterion: f.criterion, Source: source, Evidence: db.Clip(strings.Join(f.evidence, "；"), maxEvidence)}
		hits[i].CreatedAt, hits[i].UpdatedAt = now, now
	}
	if _, err := tx.NewInsert().Model(&hits).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// maxEvidence bounds a hit's evidence (the column's size).
const maxEvidence = 1000

// codesOf are the criteria of fs, sorted and comma-separated.
func codesOf(fs []finding) string {
	codes := make([]string, len(fs))
	for i, f := range fs {
		codes[i] = f.criterion
	}
	slices.Sort(codes)
	return strings.Join(codes, ",")
}

// refresh replaces the data hits of undecided case c by fs (a criterion a
// committee proposed by hand keeps its evidence) and drops a candidate left
// without hits. It tells whether the hits changed and whether the case went.
func (s *Service) refresh(ctx context.Context, tx bun.Tx, c *Case, fs []finding) (changed, removed bool, err error) {
	before, err := s.view(ctx, tx, c)
	if err != nil {
		return false, false, err
	}
	var hand []string
	if err := tx.NewSelect().Model((*Hit)(nil)).Column("criterion").Where("case_id = ?", c.ID).Where("source = ?", SourceHand).
		Scan(ctx, &hand); err != nil {
		return false, false, httpx.Internal(err)
	}
	if _, err := tx.NewDelete().Model((*Hit)(nil)).Where("case_id = ?", c.ID).Where("source = ?", SourceData).Exec(ctx); err != nil {
		return false, false, httpx.Internal(err)
	}
	data := slices.DeleteFunc(slices.Clone(fs), func(f finding) bool { return slices.Contains(hand, f.criterion) })
	now := s.now().Truncate(time.Second)
	if err := s.insertHits(ctx, tx, c.ID, data, SourceData, now); err != nil {
		return false, false, err
	}
	all := data
	for _, h := range hand {
		all = append(all, finding{criterion: h})
	}
	if len(all) == 0 && c.State == StateCandidate {
		res, err := tx.NewDelete().Model(c).WherePK().Where("state = ?", StateCandidate).Where("updated_at = ?", c.UpdatedAt).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("记录已被他人处理，请刷新后重试")); err != nil {
			return false, false, err
		}
		changes := caseTrail.Changes(before, map[string]string{}, plainLabels)
		if err := audit.Record(ctx, tx, TrailModule, c.ID, audit.TypeDelete, audit.OriginUserDelete, changes, c, nil); err != nil {
			return false, false, httpx.Internal(err)
		}
		return true, true, nil
	}
	next := *c
	next.Criteria, next.UpdatedAt = codesOf(all), now
	after, err := s.view(ctx, tx, &next)
	if err != nil {
		return false, false, err
	}
	changed, err = caseTrail.Save(ctx, tx, plainLabels, record.Save{Origin: audit.OriginUserUpdate, Before: before, After: after, Snapshot: &next,
		Write: func(ctx context.Context) (int64, error) {
			res, err := tx.NewUpdate().Model(&next).Column("criteria", "updated_at").WherePK().
				Where("state = ?", c.State).Where("updated_at = ?", c.UpdatedAt).Exec(ctx)
			return c.ID, record.Conditional(res, err, 1, httpx.Conflict("记录已被他人处理，请刷新后重试"))
		}})
	return changed, false, err
}

// ProposeInput is the body of a proposal by hand: a committee names an
// organisation of its subtree, a criterion and its evidence.
type ProposeInput struct {
	Year      int    `json:"year"`
	OrgID     int64  `json:"orgId"`
	Criterion string `json:"criterion"`
	Evidence  string `json:"evidence"`
}

// Propose adds a criterion with its evidence to the year's case of an
// organisation of the caller's scope: a new candidate, or a hit of an
// undecided one (replacing the evidence of that criterion, which screening
// then keeps). A decided case takes no proposal.
func (s *Service) Propose(ctx context.Context, in ProposeInput) (Detail, error) {
	evidence := strings.TrimSpace(in.Evidence)
	var c httpx.Checks
	c.Add(s.checkYear(in.Year, s.today()))
	if in.OrgID <= 0 {
		c.Add(httpx.Invalid("orgId", "请选择党组织"))
	} else {
		o, err := s.orgs.BriefInScope(ctx, in.OrgID)
		switch {
		case err != nil:
			return Detail{}, httpx.Internal(err)
		case o == nil:
			c.Add(httpx.Invalid("orgId", "所选党组织不存在"))
		case !slices.Contains(screenedTypes, o.Type):
			c.Add(httpx.Invalid("orgId", "只能对党总支、党支部提出软弱涣散候选"))
		case !o.Live():
			c.Add(httpx.Invalid("orgId", "党组织“%s”已撤销", o.Name))
		}
	}
	label, err := s.sys.DictLabels(ctx, DictCriterion)
	if err != nil {
		return Detail{}, httpx.Internal(err)
	}
	switch {
	case in.Criterion == "":
		c.Add(httpx.Invalid("criterion", "请选择认定标准"))
	case !label.Has(DictCriterion, in.Criterion) || label.Disabled(DictCriterion, in.Criterion):
		c.Add(httpx.Invalid("criterion", "认定标准取值无效"))
	}
	c.Add(record.Required("evidence", "事实依据", evidence, maxEvidence))
	if err := c.Err(); err != nil {
		return Detail{}, err
	}
	f := []finding{{criterion: in.Criterion, evidence: []string{evidence}}}
	var id int64
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur := new(Case)
		err := tx.NewSelect().Model(cur).Where("c.year = ?", in.Year).Where("c.org_id = ?", in.OrgID).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			id, err = s.insert(ctx, tx, in.Year, in.OrgID, f, SourceHand)
			return err
		} else if err != nil {
			return httpx.Internal(err)
		}
		id = cur.ID
		if cur.State != StateCandidate && cur.State != StateRecommended {
			return httpx.Invalid("orgId", "该党组织%d年度已作出认定结论", in.Year)
		}
		before, err := s.view(ctx, tx, cur)
		if err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*Hit)(nil)).Where("case_id = ?", cur.ID).Where("criterion = ?", in.Criterion).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		now := s.now().Truncate(time.Second)
		if err := s.insertHits(ctx, tx, cur.ID, f, SourceHand, now); err != nil {
			return err
		}
		codes := strings.Split(cur.Criteria, ",")
		if !slices.Contains(codes, in.Criterion) {
			codes = append(codes, in.Criterion)
		}
		codes = slices.DeleteFunc(codes, func(c string) bool { return c == "" })
		slices.Sort(codes)
		next := *cur
		next.Criteria, next.UpdatedAt = strings.Join(codes, ","), now
		after, err := s.view(ctx, tx, &next)
		if err != nil {
			return err
		}
		_, err = caseTrail.Save(ctx, tx, plainLabels, record.Save{Origin: audit.OriginUserUpdate, Before: before, After: after, Snapshot: &next,
			Write: func(ctx context.Context) (int64, error) {
				res, err := tx.NewUpdate().Model(&next).Column("criteria", "updated_at").WherePK().
					Where("state = ?", cur.State).Where("updated_at = ?", cur.UpdatedAt).Exec(ctx)
				return cur.ID, record.Conditional(res, err, 1, httpx.Conflict("记录已被他人处理，请刷新后重试"))
			}})
		return err
	})
	if err != nil {
		return Detail{}, httpx.AsError(err)
	}
	return s.Detail(ctx, id)
}
