package snapshot

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/stats/annual"
)

// Kinds of snapshot: taken by an officer, or by the year-end job.
const (
	KindManual    = "manual"
	KindScheduled = "scheduled"
)

// StatusDone is a snapshot's status. A snapshot is written in one
// transaction, synchronously (200,000 members take a few seconds: the
// roster is one INSERT … SELECT), so one that exists is complete; the
// column says so to whoever reads the table, and leaves room for a
// background run should the school outgrow a request.
const StatusDone = "done"

// Snapshot is a snapshot's header (table tjfx_snapshot).
type Snapshot struct {
	bun.BaseModel `bun:"table:tjfx_snapshot,alias:sn"`

	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	Date          date.Date `bun:"snap_date" json:"date"`
	Title         string    `bun:"title" json:"title"`
	Kind          string    `bun:"kind" json:"kind"`
	ScheduledYear *int      `bun:"scheduled_year" json:"-"`
	Status        string    `bun:"status" json:"status"`
	Members       int       `bun:"members" json:"members"`
	TookMS        int64     `bun:"took_ms" json:"tookMs"`
	TakenAt       time.Time `bun:"taken_at" json:"takenAt"`
	TakenBy       string    `bun:"taken_by" json:"takenBy"`
}

// tableRow is a table's head as frozen (table tjfx_snapshot_table): the
// columns as counted then, so a later change of a table's declaration
// leaves the snapshot readable as it was.
type tableRow struct {
	bun.BaseModel `bun:"table:tjfx_snapshot_table,alias:stb"`

	SnapshotID int64  `bun:"snapshot_id,pk"`
	TableKey   string `bun:"table_key,pk"`
	Position   int    `bun:"position"`
	Title      string `bun:"title"`
	Unit       string `bun:"unit"`
	Columns    string `bun:"columns"` // []annual.Column as JSON
}

// countRow is a frozen line of a table (table tjfx_snapshot_count): level
// "total" for the whole school (org 0), else LevelSecond or LevelBranch.
type countRow struct {
	bun.BaseModel `bun:"table:tjfx_snapshot_count,alias:sc"`

	ID         int64  `bun:"id,pk,autoincrement"`
	SnapshotID int64  `bun:"snapshot_id"`
	TableKey   string `bun:"table_key"`
	Level      string `bun:"level"`
	Position   int    `bun:"position"`
	OrgID      int64  `bun:"org_id"`
	OrgName    string `bun:"org_name"`
	Counts     string `bun:"counts"` // map[leaf key]count as JSON
}

// LevelTotal is the level of a table's whole-school total.
const LevelTotal = "total"

// TakeInput is a snapshot asked for on demand.
type TakeInput struct {
	Date  string `json:"date"`
	Title string `json:"title"`
}

// Take freezes the statistics and the roster as of the date asked (not
// after today), for the whole school: the department's record, whatever
// parts of it a reader may later see.
func (s *Service) Take(ctx context.Context, in TakeInput) (Snapshot, error) {
	day, ok := date.Parse(in.Date)
	var errs []error
	if in.Date == "" {
		errs = append(errs, httpx.Invalid("date", "请选择快照日期"))
	} else if !ok || day.IsZero() {
		errs = append(errs, httpx.Invalid("date", "快照日期格式错误，应为 YYYY-MM-DD"))
	} else if day.After(s.today()) {
		errs = append(errs, httpx.Invalid("date", "快照日期不能晚于今天"))
	}
	title := strings.TrimSpace(in.Title)
	if title == "" {
		errs = append(errs, httpx.Invalid("title", "请填写快照名称"))
	} else if utf8.RuneCountInString(title) > 100 {
		errs = append(errs, httpx.Invalid("title", "快照名称不能超过100个字"))
	}
	if err := httpx.AllInvalid(errs...); err != nil {
		return Snapshot{}, err
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return Snapshot{}, err
	}
	if !sc.All {
		// The snapshot is the whole school's: only who sees all of it takes one.
		return Snapshot{}, httpx.Forbidden("数据快照冻结全校的统计数据，只有数据范围为全部的用户可以新建")
	}
	return s.take(ctx, Snapshot{Date: day, Title: title, Kind: KindManual, TakenBy: rbac.From(ctx).AccountName()})
}

// take writes the snapshot h in one transaction: its header, every table's
// total and lines, and the roster.
func (s *Service) take(ctx context.Context, h Snapshot) (Snapshot, error) {
	start := time.Now()
	h.Status, h.TakenAt = StatusDone, s.now()
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(&h).Exec(ctx); err != nil {
			return err
		}
		frozen, err := s.annual.CountSchool(ctx, tx, h.Date)
		if err != nil {
			return err
		}
		if err := writeCounts(ctx, tx, h.ID, frozen); err != nil {
			return err
		}
		n, err := writeRoster(ctx, tx, h.ID, h.Date)
		if err != nil {
			return err
		}
		h.Members = n
		h.TookMS = time.Since(start).Milliseconds()
		_, err = tx.NewUpdate().Model(&h).Column("members", "took_ms").WherePK().Exec(ctx)
		return err
	})
	if err != nil {
		if db.IsUniqueViolation(err) {
			return h, errTaken
		}
		return h, httpx.Internal(err)
	}
	return h, nil
}

// errTaken: the year's scheduled snapshot exists (another instance took it).
var errTaken = fmt.Errorf("snapshot: the year's scheduled snapshot exists")

// writeCounts writes the frozen tables of snapshot id.
func writeCounts(ctx context.Context, tx bun.Tx, id int64, frozen []annual.Frozen) error {
	var heads []tableRow
	var rows []countRow
	add := func(f annual.Frozen, level string, i int, l annual.Line) error {
		b, err := json.Marshal(l.Counts)
		if err != nil {
			return err
		}
		rows = append(rows, countRow{SnapshotID: id, TableKey: f.Table, Level: level, Position: i, OrgID: l.OrgID, OrgName: l.Name, Counts: string(b)})
		return nil
	}
	for i, f := range frozen {
		cols, err := json.Marshal(f.Columns)
		if err != nil {
			return err
		}
		heads = append(heads, tableRow{SnapshotID: id, TableKey: f.Table, Position: i, Title: f.Title, Unit: f.Unit, Columns: string(cols)})
		if err := add(f, LevelTotal, 0, f.Total); err != nil {
			return err
		}
		for _, level := range []string{annual.LevelSecond, annual.LevelBranch} {
			for j, l := range f.Lines[level] {
				if err := add(f, level, j, l); err != nil {
					return err
				}
			}
		}
	}
	if len(heads) > 0 {
		if _, err := tx.NewInsert().Model(&heads).Exec(ctx); err != nil {
			return err
		}
	}
	// A few thousand lines at most (one per branch and per 二级党委 per table),
	// inserted in chunks to stay under the stores' parameter limits.
	for start := 0; start < len(rows); start += 500 {
		part := rows[start:min(start+500, len(rows))]
		if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// writeRoster copies the members the tables of day counted into snapshot
// id's roster with one INSERT … SELECT (the organisation's name as it is
// now, at the snapshot), and returns how many.
func writeRoster(ctx context.Context, tx bun.Tx, id int64, day date.Date) (int, error) {
	sel := tx.NewSelect().TableExpr("(?) AS r", annual.Counted(member.SelectRosterAt(tx, annual.EndOf(day)), day)).
		ColumnExpr("?, r.member_id, r.name, r.org_id", id).
		Apply(org.NameJoin("r.org_id")).
		ColumnExpr("r.gender, r.ethnicity, r.education, r.person_category, r.party_status, r.birth_date, r.joined_on")
	res, err := tx.NewRaw(`INSERT INTO tjfx_snapshot_member (snapshot_id, member_id, name, org_id, org_name,
		gender, ethnicity, education, person_category, party_status, birth_date, joined_on) ?`, sel).Exec(ctx)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// RunYearEnd is the year-end job: the snapshot of 31 December of the year
// before today's (China), unless that year's exists. The unique index on
// scheduled_year makes two instances racing take one.
func (s *Service) RunYearEnd(ctx context.Context) error {
	year := s.today().Time().Year() - 1
	exists, err := s.db.NewSelect().Model((*Snapshot)(nil)).Where("scheduled_year = ?", year).Exists(ctx)
	if err != nil || exists {
		return err
	}
	day := date.Of(time.Date(year, 12, 31, 0, 0, 0, 0, time.UTC))
	_, err = s.take(ctx, Snapshot{Date: day, Title: fmt.Sprintf("%d年年末数据快照", year), Kind: KindScheduled,
		ScheduledYear: &year, TakenBy: "定时任务"})
	if err == errTaken {
		return nil
	}
	return err
}
