// Package alert is the cadre reminders (spec §4 "Reminder types" 1–6) on the
// reminder engine (internal/platform/remind): term expiry, age limit,
// probation expiry, temporary post expiry, statutory retirement and
// certificates not returned. Each is a remind.Kind: switchable and with its
// window on the engine's rule; the figures a rule needs beyond its window
// (the term's years, the age limit of each level) are system settings with
// bounds and defaults. They read the cadre base through its Go API (Base),
// never its tables, and are delivered to the 干部管理员.
package alert

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre/retire"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// The cadre reminder types: the spec's types 1–6 (§4 "Reminder types") as
// codes of the reminder engine, 200 + the spec's type. The engine keys a
// rule by its code, and the spec's 1 and 3 are taken by the party side's
// term expiry (org: 党组织任期届满) and probation expiry (member: 预备党员预备期满),
// so the cadre kinds take codes of their own; SpecType answers the spec's.
const (
	specBase        = 200
	TypeTerm        = specBase + 1 // 1 任期到期
	TypeAgeLimit    = specBase + 2 // 2 年龄到限
	TypeProbation   = specBase + 3 // 3 试用期到期
	TypeSecondment  = specBase + 4 // 4 挂职到期
	TypeRetirement  = specBase + 5 // 5 干部退休到期
	TypeCertificate = specBase + 6 // 6 证件未归还
)

// SpecType is the spec's reminder type (1–6) of a cadre reminder code.
func SpecType(code int) int { return code - specBase }

// Names are the reminder types' names (the 智能提醒 and 干部提醒 pages).
var Names = map[int]string{
	TypeTerm:        "干部任期到期提醒",
	TypeAgeLimit:    "干部年龄到限提醒",
	TypeProbation:   "干部试用期到期提醒",
	TypeSecondment:  "干部挂职到期提醒",
	TypeRetirement:  "干部退休到期提醒",
	TypeCertificate: "因私出国（境）证件未归还提醒",
}

// Types lists the types in the spec's order.
var Types = []int{TypeTerm, TypeAgeLimit, TypeProbation, TypeSecondment, TypeRetirement, TypeCertificate}

// Default windows (days before the due date a record is reminded of; the
// rule's window on the engine changes them).
var windows = map[int]int{
	TypeTerm:        90,  // a term's end is prepared (考核, 换届) a quarter ahead
	TypeAgeLimit:    180, // a successor for a post is found half a year ahead
	TypeProbation:   30,  // RULES.md §5: 试用期满考核 in the probation's last month
	TypeSecondment:  30,
	TypeRetirement:  180,
	TypeCertificate: 0, // due back: reminded from the day it is overdue
}

// Row is what a finder reads of a cadre and, for a post or certificate
// reminder, of the row concerned (Base's queries answer these columns).
type Row struct {
	RecordID int64     `bun:"record_id"` // the row the reminder is about (cadre, post or certificate)
	CadreID  int64     `bun:"cadre_id"`
	Name     string    `bun:"name"`
	Gender   string    `bun:"gender"`
	BirthOn  date.Date `bun:"birth_on"`
	Level    string    `bun:"level"`
	UnitName string    `bun:"unit_name"`
	Post     string    `bun:"post"`
	On       date.Date `bun:"on_day"` // the row's date the rule reads (start, probation end, end, due back)
	Kind     string    `bun:"kind"`   // a certificate's kind
}

// Base is what the reminders and the analysis read of the cadre base
// (internal/cadre's Go API). Each query is FROM clauses and conditions
// only: the caller selects the columns it needs of the aliases named.
type Base interface {
	// Serving: the cadres in service (status 现任校领导/处级/科级) AS g.
	Serving(idb bun.IDB) *bun.SelectQuery
	// CurrentPosts: the posts held on today (end_on empty or not before
	// today) AS x, joined with their serving cadre AS g.
	CurrentPosts(idb bun.IDB, today date.Date) *bun.SelectQuery
	// OutCertificates: the certificates kept by the organisation that are
	// out and not returned AS x, joined with their serving cadre AS g.
	OutCertificates(idb bun.IDB) *bun.SelectQuery
	// UnitName is the SQL expression of the name of the unit whose id is
	// column (g.unit_id in those queries).
	UnitName(column string) string
}

// Audience answers the accounts that hear of the cadre reminders (the
// 干部管理员: system.Service.RoleHolders of system.RoleCadreAdmin).
type Audience func(ctx context.Context) ([]int64, error)

// Settings reads a system setting ("" when absent).
type Settings func(ctx context.Context, key string) string

// Reminders builds the six kinds.
type Reminders struct {
	db       *bun.DB
	base     Base
	audience Audience
	setting  Settings
	now      func() time.Time
}

// New wires the reminders.
func New(db *bun.DB, base Base, audience Audience, setting Settings) *Reminders {
	return &Reminders{db: db, base: base, audience: audience, setting: setting, now: func() time.Time { return time.Now().UTC() }}
}

// SetClock replaces the clock (tests).
func (r *Reminders) SetClock(now func() time.Time) { r.now = now }

func (r *Reminders) today() date.Date { return date.Of(r.now().In(date.China)) }

// Kinds are the module's reminder kinds (module.Module.Reminders).
func (r *Reminders) Kinds() []remind.Kind {
	finders := map[int]func(context.Context, date.Date) ([]Due, error){
		TypeTerm: r.terms, TypeAgeLimit: r.ageLimits, TypeProbation: r.probations,
		TypeSecondment: r.secondments, TypeRetirement: r.retirements, TypeCertificate: r.certificates,
	}
	out := make([]remind.Kind, 0, len(Types))
	for _, t := range Types {
		find := finders[t]
		out = append(out, remind.Kind{Type: t, Name: Names[t], Window: windows[t],
			Finder: remind.FinderFunc(func(ctx context.Context, until date.Date) ([]remind.Due, error) {
				return r.deliver(ctx, find, until)
			})})
	}
	return out
}

// Due is one record due, as the 干部提醒 page lists it.
type Due struct {
	Type     int       `json:"type"`
	TypeName string    `json:"typeName"`
	RecordID int64     `json:"recordId"`
	CadreID  int64     `json:"cadreId"`
	Name     string    `json:"name"`
	UnitName string    `json:"unitName"`
	Post     string    `json:"post"`
	DueOn    date.Date `json:"dueOn"`
	Title    string    `json:"title"`
	Content  string    `json:"content"`
}

// Link is where a reminder's cadre opens (the cadre list, on the cadre).
func Link(cadreID int64) string { return fmt.Sprintf("/gb/jbxx?id=%d", cadreID) }

// deliver turns a finder's dues into the engine's, for the 干部管理员.
func (r *Reminders) deliver(ctx context.Context, find func(context.Context, date.Date) ([]Due, error), until date.Date) ([]remind.Due, error) {
	dues, err := find(ctx, until)
	if err != nil || len(dues) == 0 {
		return nil, err
	}
	users, err := r.audience(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]remind.Due, len(dues))
	for i, d := range dues {
		out[i] = remind.Due{RecordID: d.RecordID, DueOn: d.DueOn, UserIDs: users, Title: d.Title, Content: d.Content, Link: Link(d.CadreID)}
	}
	return out, nil
}

// Find lists the records of one type due by until (the 干部提醒 page: the
// rule's window from today).
func (r *Reminders) Find(ctx context.Context, typ int, until date.Date) ([]Due, error) {
	switch typ {
	case TypeTerm:
		return r.terms(ctx, until)
	case TypeAgeLimit:
		return r.ageLimits(ctx, until)
	case TypeProbation:
		return r.probations(ctx, until)
	case TypeSecondment:
		return r.secondments(ctx, until)
	case TypeRetirement:
		return r.retirements(ctx, until)
	case TypeCertificate:
		return r.certificates(ctx, until)
	}
	return nil, fmt.Errorf("alert: no type %d", typ)
}

// scan reads Rows: the cadre's columns, record (the row the reminder is
// about) and on (its date, "" for none).
func (r *Reminders) scan(ctx context.Context, q *bun.SelectQuery, record, on, kind string) ([]Row, error) {
	post := "g.post" // the cadre's 现任职务; a post's reminder names that post
	if record == "x.id" && kind == "" {
		post = "x.post"
	}
	q = q.ColumnExpr(record+" AS record_id").ColumnExpr("g.id AS cadre_id").Column("g.name", "g.gender", "g.birth_on", "g.level").
		ColumnExpr(r.base.UnitName("g.unit_id") + " AS unit_name").ColumnExpr(post + " AS post")
	if on != "" {
		q = q.ColumnExpr(on + " AS on_day")
	}
	if kind != "" {
		q = q.ColumnExpr(kind + " AS kind")
	}
	var rows []Row
	err := q.Scan(ctx, &rows)
	return rows, err
}

func due(typ int, row Row, on date.Date, title, content string) Due {
	return Due{Type: typ, TypeName: Names[typ], RecordID: row.RecordID, CadreID: row.CadreID, Name: row.Name,
		UnitName: row.UnitName, Post: row.Post, DueOn: on, Title: title, Content: content}
}

// who is a cadre as a reminder names them: 某单位某职务某某 (a post that
// already names its unit, as a 任免审批表's does, is not prefixed again).
func who(row Row) string {
	if strings.HasPrefix(row.Post, row.UnitName) {
		return strings.TrimSpace(row.Post + row.Name)
	}
	return strings.TrimSpace(row.UnitName + row.Post + row.Name)
}

// when is how a reminder speaks of a day: 将于 (today or later) or 已于
// (past: a term or a probation overdue and still open).
func (r *Reminders) when(on date.Date) string {
	if on.Before(r.today()) {
		return "已于"
	}
	return "将于"
}

// terms: a post held (任职) whose term of TermYears (setting) since its
// start ends by until; a post still held past its term stays due until it
// is ended or renewed by a new post row (《党政领导干部职务任期暂行规定》第三条: 任期
// 五年, the default of the setting).
func (r *Reminders) terms(ctx context.Context, until date.Date) ([]Due, error) {
	years := r.termYears(ctx)
	rows, err := r.scan(ctx, r.base.CurrentPosts(r.db, r.today()).Where("x.kind = ?", PostKindHeld).
		Where("x.start_on IS NOT NULL").Where("x.start_on <= ?", until.AddYears(-years)).OrderExpr("x.start_on, x.id"), "x.id", "x.start_on", "")
	if err != nil {
		return nil, err
	}
	out := make([]Due, 0, len(rows))
	for _, row := range rows {
		end := row.On.AddYears(years)
		out = append(out, due(TypeTerm, row, end, fmt.Sprintf("%s任期%s%s届满", who(row), r.when(end), end),
			fmt.Sprintf("%s自%s任%s，任期%d年，于%s届满，请及时安排任期考核或调整。", row.Name, row.On, row.Post, years, end)))
	}
	return out, nil
}

// ageLimits: a serving cadre of a level with an age limit (setting per
// level; 0: none) reaching it by until. The limit is reached in the birth
// month (birth_on is day 1 of it), due on its first day.
func (r *Reminders) ageLimits(ctx context.Context, until date.Date) ([]Due, error) {
	var out []Due
	for _, l := range AgeLimitLevels {
		limit := r.ageLimit(ctx, l.Level)
		if limit == 0 {
			continue
		}
		rows, err := r.scan(ctx, r.base.Serving(r.db).Where("g.level = ?", l.Level).Where("g.birth_on IS NOT NULL").
			Where("g.birth_on <= ?", LatestBirthForAge(until, limit)).OrderExpr("g.birth_on, g.id"), "g.id", "", "")
		if err != nil {
			return nil, err
		}
		for _, row := range rows {
			on := firstOfMonth(row.BirthOn).AddYears(limit)
			out = append(out, due(TypeAgeLimit, row, on, fmt.Sprintf("%s%s%s年满%d周岁（%s任职年龄界限）", who(row), r.when(on), on.Month(), limit, l.Label),
				fmt.Sprintf("%s，%s出生，%s，按%s干部%d周岁任职年龄界限，应于%s起考虑退出领导岗位或调整。",
					row.Name, row.BirthOn.Month(), l.Label, l.Label, limit, on)))
		}
	}
	return out, nil
}

// probations: a post held with a probation (non-elected, RULES.md §5: one
// year) ending by until. Before its end it is reminded whatever the
// cadre's 任职状态 (an appointment may not mark it); once ended, only while
// the 任职状态 is still 试用期: the 试用期满考核 sets it to 在任, which closes
// the reminder.
func (r *Reminders) probations(ctx context.Context, until date.Date) ([]Due, error) {
	today := r.today()
	rows, err := r.scan(ctx, r.base.CurrentPosts(r.db, today).Where("x.probation_until IS NOT NULL").
		Where("x.probation_until <= ?", until).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("g.tenure_status = ?", TenureProbation).WhereOr("x.probation_until >= ?", today)
		}).OrderExpr("x.probation_until, x.id"), "x.id", "x.probation_until", "")
	if err != nil {
		return nil, err
	}
	out := make([]Due, 0, len(rows))
	for _, row := range rows {
		out = append(out, due(TypeProbation, row, row.On, fmt.Sprintf("%s试用期%s%s届满", who(row), r.when(row.On), row.On),
			fmt.Sprintf("%s任%s的试用期至%s，请组织试用期满考核。", row.Name, row.Post, row.On)))
	}
	return out, nil
}

// secondments: a temporary post (挂职) whose planned end falls between
// today and until; once ended it is no longer held, which closes it.
func (r *Reminders) secondments(ctx context.Context, until date.Date) ([]Due, error) {
	rows, err := r.scan(ctx, r.base.CurrentPosts(r.db, r.today()).Where("x.kind = ?", PostKindSeconded).
		Where("x.end_on IS NOT NULL").Where("x.end_on <= ?", until).OrderExpr("x.end_on, x.id"), "x.id", "x.end_on", "")
	if err != nil {
		return nil, err
	}
	out := make([]Due, 0, len(rows))
	for _, row := range rows {
		out = append(out, due(TypeSecondment, row, row.On, fmt.Sprintf("%s挂职%s%s期满", who(row), r.when(row.On), row.On),
			fmt.Sprintf("%s挂职%s至%s期满，请做好期满考核和返回安排。", row.Name, row.Post, row.On)))
	}
	return out, nil
}

// retirements: a serving cadre whose statutory retirement (retire.Of: men
// under 附件1, women cadres under 附件2) falls by until. The retirement
// month rises with the birth month, so the rule is a bound on birth_on per
// gender, in SQL.
func (r *Reminders) retirements(ctx context.Context, until date.Date) ([]Due, error) {
	var out []Due
	for _, g := range []struct {
		gender string
		kind   retire.Kind
	}{{GenderMale, retire.Man}, {GenderFemale, retire.WomanCadre}} {
		latest := LatestBirthRetiringBy(until, g.kind)
		rows, err := r.scan(ctx, r.base.Serving(r.db).Where("g.gender = ?", g.gender).Where("g.birth_on IS NOT NULL").
			Where("g.birth_on <= ?", latest).OrderExpr("g.birth_on, g.id"), "g.id", "", "")
		if err != nil {
			return nil, err
		}
		for _, row := range rows {
			ret, ok := retire.Of(row.BirthOn, g.kind)
			if !ok {
				continue
			}
			out = append(out, due(TypeRetirement, row, ret.On, fmt.Sprintf("%s%s%s达到法定退休年龄", who(row), r.when(ret.On), ret.Month),
				fmt.Sprintf("%s，%s出生，法定退休年龄%s（全国人大常委会关于实施渐进式延迟法定退休年龄的决定），%s达到，请提前做好退休和岗位调整安排。",
					row.Name, row.BirthOn.Month(), ret.Age, ret.Month)))
		}
	}
	return out, nil
}

// certificates: a certificate kept by the organisation, out and not
// returned by its due day (the window may remind before it).
func (r *Reminders) certificates(ctx context.Context, until date.Date) ([]Due, error) {
	rows, err := r.scan(ctx, r.base.OutCertificates(r.db).Where("x.due_back_on IS NOT NULL").
		Where("x.due_back_on <= ?", until).OrderExpr("x.due_back_on, x.id"), "x.id", "x.due_back_on", "x.kind")
	if err != nil {
		return nil, err
	}
	out := make([]Due, 0, len(rows))
	for _, row := range rows {
		out = append(out, due(TypeCertificate, row, row.On, fmt.Sprintf("%s的%s应于%s归还", who(row), row.Kind, row.On),
			fmt.Sprintf("%s领用的%s应于%s交回组织统一保管，至今未归还。", row.Name, row.Kind, row.On)))
	}
	return out, nil
}

func firstOfMonth(d date.Date) date.Date {
	if len(d) < 7 {
		return d
	}
	return date.Date(string(d)[:7] + "-01")
}

// LatestBirthForAge is the latest birth day (day 1 of its month) of a person
// who reaches age years by until: born in until's month age years earlier
// or before.
func LatestBirthForAge(until date.Date, age int) date.Date {
	return firstOfMonth(until).AddYears(-age)
}

// LatestBirthRetiringBy is the latest birth month (its day 1) whose
// statutory retirement month of kind is until's month or earlier: the
// bound on birth_on of the retirement rule.
func LatestBirthRetiringBy(until date.Date, kind retire.Kind) date.Date {
	month := firstOfMonth(until)
	// The age is at least the former one (50) and at most 63: start 63
	// years back and step forward while the retirement stays by until.
	b := month.AddYears(-63)
	for {
		next := b.AddMonths(1)
		ret, _ := retire.Of(next, kind)
		if ret.On.After(month) {
			return b
		}
		b = next
	}
}

func atoi(s string, def int) int {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return def
	}
	return n
}

// Within is the reminders over the cadres a restriction keeps (the 干部提醒
// page: the caller's cadre scope on g.unit_id); the engine's runs use the
// whole university's.
func (r *Reminders) Within(restrict func(*bun.SelectQuery) *bun.SelectQuery) *Reminders {
	c := *r
	c.base = restricted{Base: r.base, restrict: restrict}
	return &c
}

type restricted struct {
	Base
	restrict func(*bun.SelectQuery) *bun.SelectQuery
}

func (b restricted) Serving(idb bun.IDB) *bun.SelectQuery { return b.restrict(b.Base.Serving(idb)) }
func (b restricted) CurrentPosts(idb bun.IDB, today date.Date) *bun.SelectQuery {
	return b.restrict(b.Base.CurrentPosts(idb, today))
}
func (b restricted) OutCertificates(idb bun.IDB) *bun.SelectQuery {
	return b.restrict(b.Base.OutCertificates(idb))
}
