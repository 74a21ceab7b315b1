package fee

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/schema"

	"zhdj/internal/fee/standard"
	"zhdj/internal/imports"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
)

func (s *Service) batchRoutes(rs *httpx.Routes) {
	rs.Get("/api/dfgl/batch", PermList, "查询", httpx.ReadList(s.ListBatches))
	rs.Post("/api/dfgl/batch", PermBatch, "新建批次", httpx.Create(s.CreateBatch))
	rs.Post("/api/dfgl/batch/{id}/start", PermBatch, "启动缴费", httpx.ReadOn(errNoBatch, s.Start))
	rs.Post("/api/dfgl/batch/{id}/settle", PermBatch, "结算", httpx.ReadOn(errNoBatch, s.Settle))
	rs.Get("/api/dfgl/batch/preview", PermBatch, "预览批次", func(w http.ResponseWriter, r *http.Request) error {
		p, err := s.PreviewBatch(r.Context(), r.URL.Query().Get("month"))
		if err != nil {
			return err
		}
		return httpx.OK(w, p)
	})
	rs.Delete("/api/dfgl/batch/{id}", PermBatch, "删除批次", httpx.DoOn(errNoBatch, s.DeleteBatch))
	rs.Get("/api/dfgl/batch/{id}/rollup", PermList, "汇总", httpx.ReadID(errNoBatch, func(r *http.Request, id int64) ([]Rollup, error) {
		return s.Rollup(r.Context(), id, r.URL.Query().Get("level"), r.URL.Query().Get("committeeId"))
	}))
	rs.Get("/api/dfgl/due", PermList, "月度缴费名单", httpx.ReadList(s.ListDues))
	rs.Get("/api/dfgl/due/export", PermExport, "导出月度缴费名单", s.exportDues)
}

func errNoBatch() *httpx.Error { return httpx.NotFound("党费批次不存在") }

// parseMonth is month s (date.ParseMonth) as a year and a month 1..12, or
// the 400 of field.
func parseMonth(field, s string) (year, month int, err error) {
	m, ok := date.ParseMonth(s)
	if !ok {
		return 0, 0, httpx.Invalid(field, "请输入年月（如 2026-01）")
	}
	return m.Year(), m.Num(), nil
}

// currentMonth is the month of now in China.
func (s *Service) currentMonth() string { return date.MonthOf(s.now().In(date.China)).String() }

// BatchInput is the body of a new batch. Reason is why a month before the
// current one is created only now (补建): required for such a month.
type BatchInput struct {
	Month  string `json:"month"`
	Remark string `json:"remark"`
	Reason string `json:"reason"`
}

// maxBatchText bounds a batch's remark and reason (df_batch VARCHAR(200)).
const maxBatchText = 200

// CreateBatch adds the batch of a month (创建). A month has one batch; a
// month after the current one cannot be created yet; a month before it
// needs the reason it is created late (stored and listed with the batch).
func (s *Service) CreateBatch(ctx context.Context, in BatchInput) (*Batch, error) {
	if _, _, err := parseMonth("month", in.Month); err != nil {
		return nil, err
	}
	if in.Month > s.currentMonth() {
		return nil, httpx.Invalid("month", "不能创建%s之后月份的批次", s.currentMonth())
	}
	in.Remark, in.Reason = strings.TrimSpace(in.Remark), strings.TrimSpace(in.Reason)
	if len([]rune(in.Remark)) > maxBatchText {
		return nil, httpx.Invalid("remark", "备注不超过200个字")
	}
	if in.Month < s.currentMonth() && in.Reason == "" {
		return nil, httpx.Invalid("reason", "%s早于本月，请填写补建原因", in.Month)
	}
	if len([]rune(in.Reason)) > maxBatchText {
		return nil, httpx.Invalid("reason", "补建原因不超过200个字")
	}
	now := s.now()
	b := &Batch{Month: in.Month, State: BatchCreated, Remark: in.Remark, Reason: in.Reason, CreatedBy: rbac.From(ctx).AccountName(), CreatedAt: now, UpdatedAt: now}
	if _, err := s.db.NewInsert().Model(b).Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return nil, httpx.Invalid("month", "%s的党费批次已存在", in.Month)
		}
		return nil, httpx.Internal(err)
	}
	return b, nil
}

// ListBatches pages the batches, newest month first (filters: month,
// state), each with the figures of its dues in the caller's scope — a
// branch secretary sees the branch's month, the department the
// university's —, added up for the page's months in one grouped query.
func (s *Service) ListBatches(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[BatchView], error) {
	scope, err := s.orgs.Scoped("d.org_id")(ctx)
	if err != nil {
		return httpx.PageResult[BatchView]{}, err
	}
	q := s.db.NewSelect().Model((*Batch)(nil))
	page, err := httpx.PagedEach(ctx, q, batchSpec, lq, func(v *BatchView) { v.StateLabel = BatchStateLabels[v.State] })
	if err != nil || len(page.Content) == 0 {
		return page, err
	}
	months := make([]string, len(page.Content))
	for i, b := range page.Content {
		months[i] = b.Month
	}
	var sums []struct {
		Month string `bun:"month"`
		Figures
	}
	// A month has one due per member: its members are its dues.
	err = SumFigures(scope(s.db.NewSelect().TableExpr("df_due AS d").Column("d.month").ColumnExpr("COUNT(*) AS members").
		Where("d.month IN (?)", bun.List(months)))).GroupExpr("d.month").Scan(ctx, &sums)
	if err != nil {
		return page, httpx.Internal(err)
	}
	byMonth := make(map[string]Figures, len(sums))
	for _, f := range sums {
		byMonth[f.Month] = f.Figures
	}
	for i := range page.Content {
		v := &page.Content[i]
		v.Scope = byMonth[v.Month]
		v.Scope.SetRate()
		v.Members, v.DueFen = v.Scope.Members, v.Scope.DueFen
	}
	return page, nil
}

// BatchView is a batch in the list with its state's label and the figures
// of its dues in the caller's scope; its Members and DueFen are the
// scope's too (the batch row's are the whole university's, frozen at the
// start, which the list does not show).
type BatchView struct {
	Batch      `bun:",extend"`
	StateLabel string  `bun:"-" json:"stateLabel"`
	Scope      Figures `bun:"-" json:"scope"`
}

var batchSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"month": {Columns: []string{"b.month"}, Match: httpx.Range},
		"state": {Columns: []string{"b.state"}, Match: httpx.In},
	},
	Sorts:       map[string]string{"month": "b.month"},
	DefaultSort: "b.month DESC",
	Key:         "b.id",
}

// transition moves batch id from state from to state to in one conditional
// UPDATE (set: the other columns), or says why it cannot: 404 when there is
// no such batch, 409 naming its state otherwise.
func transition(ctx context.Context, idb bun.IDB, id int64, from, to string, now time.Time, set ...string) (*Batch, error) {
	b := new(Batch)
	q := idb.NewUpdate().Model(b).Set("state = ?", to).Set("updated_at = ?", now).
		Where("id = ?", id).Where("state = ?", from).Returning("*")
	for _, c := range set {
		q = q.Set(c+" = ?", now)
	}
	err := q.Scan(ctx)
	if err == nil {
		return b, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.Internal(err)
	}
	cur, err := record.Find[Batch](ctx, idb, "b", id, errNoBatch)
	if err != nil {
		return nil, err
	}
	return nil, httpx.Conflict("该批次当前为“%s”，不能%s", BatchStateLabels[cur.State], actionOf(to))
}

func actionOf(to string) string {
	if to == BatchOpen {
		return "启动缴费"
	}
	return "结算"
}

// Start opens a batch (创建 → 启动缴费) and freezes the month's due of every
// member in normal status, full or probationary, in their organisation now:
// one df_due row per member the standards give a due, in bulk inserts, in
// the same transaction as the state change (a failure leaves the batch as
// it was); the month's prepayments then pay the dues they cover.
func (s *Service) Start(ctx context.Context, id int64) (*Batch, error) {
	var out *Batch
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		b, err := transition(ctx, tx, id, BatchCreated, BatchOpen, s.now(), "started_at")
		if err != nil {
			return err
		}
		n, sum, err := s.freeze(ctx, tx, b)
		if err != nil {
			return err
		}
		b.Members, b.DueFen = n, sum
		if _, err := tx.NewUpdate().Model(b).Column("members", "due_fen").WherePK().Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		// The month's prepayments (预交) pay the dues just frozen.
		if err := lockPrepay(ctx, tx); err != nil {
			return err
		}
		if err := s.applyCredit(ctx, tx, s.now(), "r.month = ?", b.Month); err != nil {
			return err
		}
		out = b
		return nil
	})
	return out, err
}

// freeze inserts the dues of batch b and returns their count and sum.
func (s *Service) freeze(ctx context.Context, tx bun.Tx, b *Batch) (int, int64, error) {
	year, month, err := parseMonth("month", b.Month)
	if err != nil {
		return 0, 0, err
	}
	members, dues, err := s.monthDues(ctx, tx, year, month)
	if err != nil {
		return 0, 0, err
	}
	orgIDs := make([]int64, len(members))
	for i, m := range members {
		orgIDs[i] = m.OrgID
	}
	placed, err := s.orgs.Placements(ctx, tx, orgIDs)
	if err != nil {
		return 0, 0, httpx.Internal(err)
	}
	now := s.now()
	rows := make([]Due, 0, len(dues))
	sum := int64(0)
	for _, m := range members {
		d, ok := dues[m.ID]
		if !ok {
			continue
		}
		o := placed[m.OrgID]
		rows = append(rows, Due{BatchID: b.ID, Month: b.Month, MemberID: m.ID, MemberName: m.Name, OrgID: m.OrgID,
			OrgPath: o.Path, CommitteeID: o.Committee, Category: d.Category, DueFen: d.Fen,
			Working: db.Clip(d.Working, 200), CreatedAt: now})
		sum += d.Fen
	}
	// In bulk inserts of imports.Chunk dues each.
	err = imports.Chunked(rows, func(part []Due) error {
		_, err := tx.NewInsert().Model(&part).Exec(ctx)
		return err
	})
	if err != nil {
		return 0, 0, httpx.Internal(err)
	}
	return len(rows), sum, nil
}

// monthDues are the members a batch of (year, month) started now would
// charge — every member in normal status, full or probationary — and the
// standards' due of each (a member missing from dues owes nothing then).
// The start freezes them; the preview adds them up.
func (s *Service) monthDues(ctx context.Context, idb bun.IDB, year, month int) ([]member.Facts, map[int64]standard.Due, error) {
	members, err := s.members.Serving(ctx, idb)
	if err != nil {
		return nil, nil, err
	}
	ids := make([]int64, len(members))
	for i, m := range members {
		ids[i] = m.ID
	}
	dues, err := s.dues(ctx, idb, year, month, ids)
	if err != nil {
		return nil, nil, httpx.Internal(fmt.Errorf("monthly dues: %w", err))
	}
	return members, dues, nil
}

// Settle locks a month (启动缴费 → 已结算): its dues and entries are never
// edited afterwards; a correction is a reversal entry.
func (s *Service) Settle(ctx context.Context, id int64) (*Batch, error) {
	return transition(ctx, s.db, id, BatchOpen, BatchSettled, s.now(), "settled_at")
}

// Rollup is one line of a month's roll-up: an organisation (or the whole
// school) with its members' dues and payments.
type Rollup struct {
	OrgID   int64  `bun:"org_id" json:"orgId"`
	OrgName string `bun:"org_name" json:"orgName"`
	Members int    `bun:"members" json:"members"`
	Paid    int    `bun:"paid" json:"paid"` // members whose due is paid (or 0)
	DueFen  int64  `bun:"due_fen" json:"dueFen"`
	PaidFen int64  `bun:"paid_fen" json:"paidFen"`
}

// Rollup sums a batch's dues within the caller's scope by level: "school"
// (one line, the 党委), "committee" (a line per 二级党委; dues outside any
// under the 党委 itself) or "branch" (a line per organisation holding dues,
// of one 二级党委 when committeeId is given).
func (s *Service) Rollup(ctx context.Context, id int64, level, committee string) ([]Rollup, error) {
	b, err := record.Find[Batch](ctx, s.db, "b", id, errNoBatch)
	if err != nil {
		return nil, err
	}
	scope, err := s.orgs.Scoped("d.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	inner := scope(s.db.NewSelect().TableExpr("df_due AS d").
		ColumnExpr("d.org_id, d.committee_id, d.org_path, d.due_fen, d.paid_fen").
		Where("d.month = ?", b.Month))
	var key schema.QueryWithArgs // the line's organisation
	switch level {
	case "school", "":
		key = org.RootOf("x.org_path")
	case "committee":
		key = bun.SafeQuery("COALESCE(x.committee_id, ?)", org.RootOf("x.org_path"))
	case "branch":
		key = bun.SafeQuery("x.org_id")
		if committee != "" {
			cid, err := strconv.ParseInt(committee, 10, 64)
			if err != nil {
				return nil, httpx.Invalid("committeeId", "二级党委编号无效")
			}
			inner = inner.Where("d.committee_id = ?", cid)
		}
	default:
		return nil, httpx.Invalid("level", "汇总层级只能是 school、committee 或 branch")
	}
	sums := s.db.NewSelect().TableExpr("(?) AS x", inner).
		ColumnExpr("? AS org_id", key).
		ColumnExpr("COUNT(*) AS members").
		ColumnExpr("SUM(CASE WHEN x.paid_fen >= x.due_fen THEN 1 ELSE 0 END) AS paid").
		ColumnExpr("SUM(x.due_fen) AS due_fen, SUM(x.paid_fen) AS paid_fen").
		GroupExpr("1")
	// Each line named by its organisation, in the tree's order (by path).
	out := []Rollup{}
	if err := org.NameLeftJoin("r.org_id")(s.db.NewSelect().TableExpr("(?) AS r", sums).ColumnExpr("r.*")).
		OrderExpr("COALESCE(?, ''), r.org_id", bun.Safe(org.PathColumn)).Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}
