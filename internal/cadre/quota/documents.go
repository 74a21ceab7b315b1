package quota

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
)

func errNoDocument() *httpx.Error { return httpx.NotFound("任免文件不存在") }

// MaxItems bounds a document's items (a school's largest batch of
// appointments is a few dozen).
const MaxItems = 200

// DocumentInput is the body of a document's create and update: its head
// and all its items (a draft's items are replaced as a whole).
type DocumentInput struct {
	DocNo    string      `json:"docNo"`
	IssuedOn date.Date   `json:"issuedOn"`
	Issuer   string      `json:"issuer"`
	Title    string      `json:"title"`
	Items    []ItemInput `json:"items"`
}

// ItemInput is one item of a document body.
type ItemInput struct {
	Kind       string    `json:"kind"`
	CadreID    int64     `json:"cadreId"`
	PositionID int64     `json:"positionId"`
	OnDate     date.Date `json:"onDate"`
	Promotion  bool      `json:"promotion"`
	OverReason string    `json:"overReason"`
}

var documentSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":   {Columns: []string{"w.doc_no", "w.title"}, Match: httpx.Like},
		"state":    {Columns: []string{"w.state"}, Match: httpx.In},
		"issuedOn": {Columns: []string{"w.issued_on"}, Match: httpx.Range, Kind: httpx.Date},
	},
	Sorts:       map[string]string{"issuedOn": "w.issued_on", "docNo": "w.doc_no", "createTime": "w.created_at"},
	DefaultSort: "w.issued_on DESC, w.id DESC",
	Key:         "w.id",
}

// documentScope is the caller's documents (alias w): with the whole
// school's unit scope all of them; else those naming a post of a unit in
// the caller's scope, and those without items yet (a draft just begun).
func (s *Service) documentScope(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
	sc, err := s.units.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	if sc.All {
		return func(q *bun.SelectQuery) *bun.SelectQuery { return q }, nil
	}
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		mine := sc.Apply(q.NewSelect().TableExpr("gb_rmwj_item AS si").ColumnExpr("1").
			Join("JOIN gb_position AS sp ON sp.id = si.position_id").Where("si.document_id = w.id"), "sp.unit_id")
		return q.Where("(EXISTS (?) OR NOT EXISTS (SELECT 1 FROM gb_rmwj_item AS sn WHERE sn.document_id = w.id))", mine)
	}, nil
}

// Documents is the paged list of documents (with their numbers of items).
func (s *Service) Documents(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Document], error) {
	scope, err := s.documentScope(ctx)
	if err != nil {
		return httpx.PageResult[Document]{}, err
	}
	q := scope(s.db.NewSelect().Model((*Document)(nil)).
		ColumnExpr("w.*").ColumnExpr("(SELECT COUNT(*) FROM gb_rmwj_item AS ic WHERE ic.document_id = w.id) AS item_count"))
	page, err := httpx.Paged[Document](ctx, q, documentSpec, lq)
	if err != nil {
		return page, err
	}
	for i := range page.Content {
		page.Content[i].Items = []Item{}
	}
	return page, nil
}

// Document is one document with its items (the cadres named, the positions
// with their units).
func (s *Service) Document(ctx context.Context, id int64) (Document, error) {
	d, err := record.FindScoped[Document](ctx, s.db, s.documentScope, "w", id, errNoDocument)
	if err != nil {
		return Document{}, err
	}
	if d.Items, err = s.items(ctx, s.db, id); err != nil {
		return Document{}, err
	}
	d.ItemCount = len(d.Items)
	ids := make([]int64, len(d.Items))
	for i, it := range d.Items {
		ids[i] = it.CadreID
	}
	names, err := s.cadres.Names(ctx, ids)
	if err != nil {
		return Document{}, err
	}
	for i := range d.Items {
		d.Items[i].CadreName = names[d.Items[i].CadreID]
	}
	return *d, nil
}

func (s *Service) items(ctx context.Context, idb bun.IDB, docID int64) ([]Item, error) {
	items := []Item{}
	err := idb.NewSelect().Model(&items).ColumnExpr("i.*").ColumnExpr("p.name AS position_name").
		Join("JOIN gb_position AS p ON p.id = i.position_id").Apply(unitName("p.unit_id")).
		Where("i.document_id = ?", docID).OrderExpr("i.sort, i.id").Scan(ctx)
	return items, err
}

// checkDocument checks a body: the head's fields, then each item (the
// first bad one named by its number), the cadres within the caller's scope
// and the positions within the caller's unit scope.
func (s *Service) checkDocument(ctx context.Context, idb bun.IDB, in *DocumentInput) error {
	in.DocNo, in.Issuer, in.Title = strings.TrimSpace(in.DocNo), strings.TrimSpace(in.Issuer), strings.TrimSpace(in.Title)
	var c httpx.Checks
	c.Add(record.Required("docNo", "文号", in.DocNo, 50), record.Required("issuer", "发文机关", in.Issuer, 100),
		record.Required("title", "文件标题", in.Title, 200))
	if in.IssuedOn == "" {
		c.Add(httpx.Invalid("issuedOn", "请选择发文日期"))
	} else if d, err := record.Date("issuedOn", "发文日期", string(in.IssuedOn)); err != nil {
		c.Add(err)
	} else {
		in.IssuedOn = d
	}
	if err := c.Err(); err != nil {
		return err
	}
	if len(in.Items) > MaxItems {
		return httpx.Invalid("items", "一份任免文件最多%d项", MaxItems)
	}
	ids := make([]int64, 0, len(in.Items))
	for i := range in.Items {
		it := &in.Items[i]
		it.OverReason = strings.TrimSpace(it.OverReason)
		n := i + 1
		switch {
		case it.Kind != KindAppoint && it.Kind != KindRemove:
			return httpx.Invalid("items", "第%d项：请选择任命或免去", n)
		case it.CadreID <= 0:
			return httpx.Invalid("items", "第%d项：请选择干部", n)
		case it.PositionID <= 0:
			return httpx.Invalid("items", "第%d项：请选择岗位", n)
		case len([]rune(it.OverReason)) > 200:
			return httpx.Invalid("items", "第%d项：超职数理由不超过200个字", n)
		}
		d, ok := date.Parse(string(it.OnDate))
		if !ok || d == "" {
			return httpx.Invalid("items", "第%d项：请填写正确的%s", n, map[string]string{KindAppoint: "任职日期", KindRemove: "免职日期"}[it.Kind])
		}
		it.OnDate = d
		if it.Kind == KindRemove {
			it.Promotion, it.OverReason = false, ""
		}
		ids = append(ids, it.CadreID)
	}
	names, err := s.cadres.Names(ctx, ids)
	if err != nil {
		return err
	}
	sc, err := s.unitScope("p.unit_id")(ctx)
	if err != nil {
		return err
	}
	for i, it := range in.Items {
		if _, ok := names[it.CadreID]; !ok {
			return httpx.Invalid("items", "第%d项：所选干部不存在", i+1)
		}
		n, err := sc(idb.NewSelect().Table("gb_position").TableExpr("gb_position AS p").Where("p.id = ?", it.PositionID)).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n == 0 {
			return httpx.Invalid("items", "第%d项：所选岗位不存在", i+1)
		}
	}
	return nil
}

func (s *Service) writeItems(ctx context.Context, tx bun.Tx, docID int64, in []ItemInput) error {
	if _, err := tx.NewDelete().Table("gb_rmwj_item").Where("document_id = ?", docID).Exec(ctx); err != nil {
		return err
	}
	if len(in) == 0 {
		return nil
	}
	rows := make([]Item, len(in))
	for i, it := range in {
		rows[i] = Item{DocumentID: docID, Sort: i + 1, Kind: it.Kind, CadreID: it.CadreID, PositionID: it.PositionID,
			OnDate: it.OnDate, Promotion: it.Promotion, OverReason: it.OverReason}
	}
	_, err := tx.NewInsert().Model(&rows).Exec(ctx)
	return err
}

func docNoTaken(err error) error {
	if db.IsUniqueViolation(err) {
		return httpx.Invalid("docNo", "文号已存在")
	}
	return err
}

// CreateDocument saves a new draft.
func (s *Service) CreateDocument(ctx context.Context, in DocumentInput) (Document, error) {
	if err := s.checkDocument(ctx, s.db, &in); err != nil {
		return Document{}, err
	}
	now := s.now()
	d := Document{DocNo: in.DocNo, IssuedOn: in.IssuedOn, Issuer: in.Issuer, Title: in.Title, State: StateDraft, CreatedAt: now, UpdatedAt: now}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(&d).Exec(ctx); err != nil {
			return docNoTaken(err)
		}
		return s.writeItems(ctx, tx, d.ID, in.Items)
	})
	if err != nil {
		return Document{}, err
	}
	return s.Document(ctx, d.ID)
}

// UpdateDocument replaces a draft's head and items; an issued or withdrawn
// document is read-only.
func (s *Service) UpdateDocument(ctx context.Context, id int64, in DocumentInput) (Document, error) {
	cur, err := record.FindScoped[Document](ctx, s.db, s.documentScope, "w", id, errNoDocument)
	if err != nil {
		return Document{}, err
	}
	if cur.State != StateDraft {
		return Document{}, errReadOnly(cur.State)
	}
	if err := s.checkDocument(ctx, s.db, &in); err != nil {
		return Document{}, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*Document)(nil)).Set("doc_no = ?", in.DocNo).Set("issued_on = ?", in.IssuedOn).
			Set("issuer = ?", in.Issuer).Set("title = ?", in.Title).Set("updated_at = ?", s.now()).
			Where("id = ?", id).Where("state = ?", StateDraft).Exec(ctx)
		if err != nil {
			return docNoTaken(err)
		}
		if err := record.Conditional(res, nil, 1, errIssued()); err != nil {
			return err
		}
		return s.writeItems(ctx, tx, id, in.Items)
	})
	if err != nil {
		return Document{}, err
	}
	return s.Document(ctx, id)
}

func errIssued() *httpx.Error { return httpx.Conflict("任免文件已发布，不能修改或删除") }

// DeleteDocuments deletes drafts, all or none (an issued document stays:
// the posts it changed point at it).
func (s *Service) DeleteDocuments(ctx context.Context, ids []int64) error {
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		scope, err := s.documentScope(ctx)
		if err != nil {
			return err
		}
		var states []string
		if err := scope(tx.NewSelect().Model((*Document)(nil)).Column("w.state").Where("w.id IN (?)", bun.In(ids))).Scan(ctx, &states); err != nil {
			return httpx.Internal(err)
		}
		if len(states) != len(ids) {
			return errNoDocument()
		}
		for _, st := range states {
			if st != StateDraft {
				return errReadOnly(st)
			}
		}
		res, err := tx.NewDelete().Table("gb_rmwj").Where("id IN (?)", bun.In(ids)).Where("state = ?", StateDraft).Exec(ctx)
		return record.Conditional(res, err, int64(len(ids)), errIssued())
	})
}

// IssueResult is what issuing answers: the document as issued, with each
// item's probation and over-quota mark.
type IssueResult struct {
	Document Document `json:"document"`
}

// Issue applies every item of a draft in one transaction, in the items'
// order: an appointment takes a place of its unit's quota at the
// position's level (a conditional UPDATE: of two appointments to the last
// free place exactly one passes; beyond the quota only with a reason, and
// marked 超职数) and writes the cadre's post through the cadre base; a
// removal ends the post held and frees its place. Any item that fails rolls
// the whole document back with a message naming the item. After the commit
// the event gb_base_refresh reaches the bus's after-commit subscribers.
func (s *Service) Issue(ctx context.Context, id int64, _ struct{}) (IssueResult, error) {
	cur, err := record.FindScoped[Document](ctx, s.db, s.documentScope, "w", id, errNoDocument)
	if err != nil {
		return IssueResult{}, err
	}
	switch cur.State {
	case StateWithdrawn:
		return IssueResult{}, errWithdrawn()
	case StateIssued:
		return IssueResult{}, errAlreadyIssued()
	}
	by := ""
	if p := rbac.From(ctx); p != nil {
		by = p.AccountName()
	}
	now := s.now()
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return s.issueIn(ctx, tx, cur, by, now)
	})
	if err != nil {
		return IssueResult{}, err
	}
	d, err := s.Document(ctx, id)
	return IssueResult{Document: d}, err
}

// issueIn is the body of Issue inside tx: draft cur becomes issued by
// by at now and its items apply in order (the demo issues its document
// through it inside the demo's transaction).
func (s *Service) issueIn(ctx context.Context, tx bun.Tx, cur *Document, by string, now time.Time) error {
	res, err := tx.NewUpdate().Model((*Document)(nil)).Set("state = ?", StateIssued).Set("issued_at = ?", now).
		Set("issued_by = ?", db.Clip(by, 64)).Set("updated_at = ?", now).Where("id = ?", cur.ID).Where("state = ?", StateDraft).Exec(ctx)
	if err := record.Conditional(res, err, 1, errAlreadyIssued()); err != nil {
		return err
	}
	// The items as they stand once the document is ours: a draft's
	// edit cannot slip in between.
	if cur.Items, err = s.items(ctx, tx, cur.ID); err != nil {
		return httpx.Internal(err)
	}
	if len(cur.Items) == 0 {
		return httpx.Invalid("items", "任免文件没有任免事项，不能发布")
	}
	ids := make([]int64, len(cur.Items))
	for i, it := range cur.Items {
		ids[i] = it.CadreID
	}
	names, err := s.cadres.Names(ctx, ids)
	if err != nil {
		return err
	}
	for i := range cur.Items {
		it := &cur.Items[i]
		it.CadreName = names[it.CadreID]
		if it.CadreName == "" {
			return itemError(i+1, it, "所选干部不存在")
		}
		if err := s.apply(ctx, tx, cur, it, i+1, now); err != nil {
			return err
		}
	}
	return s.bus.Publish(ctx, tx, BaseRefresh{Name: EventBaseRefresh, DocumentID: cur.ID, CadreIDs: ids})
}

func errAlreadyIssued() *httpx.Error { return httpx.Conflict("任免文件已发布") }

// itemError names the item that failed.
func itemError(n int, it *Item, format string, args ...any) *httpx.Error {
	verb := map[string]string{KindAppoint: "任命", KindRemove: "免去"}[it.Kind]
	return httpx.Invalid("items", "第%d项（%s%s为%s%s）：%s", n, verb, it.CadreName, it.UnitName, it.PositionName, fmt.Sprintf(format, args...))
}

func (s *Service) apply(ctx context.Context, tx bun.Tx, d *Document, it *Item, n int, now time.Time) error {
	var p Position
	if err := tx.NewSelect().Model(&p).Where("p.id = ?", it.PositionID).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	if it.Kind == KindRemove {
		return s.remove(ctx, tx, d, it, &p, n)
	}
	return s.appoint(ctx, tx, d, it, &p, n, now)
}

func (s *Service) appoint(ctx context.Context, tx bun.Tx, d *Document, it *Item, p *Position, n int, now time.Time) error {
	// A unit and level without a quota yet has none approved (0): the
	// appointment is then over quota.
	if _, err := tx.NewRaw(`INSERT INTO gb_quota (unit_id, level, approved, occupied, remark, created_at, updated_at)
		VALUES (?, ?, 0, 0, '', ?, ?) ON CONFLICT (unit_id, level) DO NOTHING`, p.UnitID, p.Level, now, now).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	var quotaID int64
	if err := tx.NewSelect().Table("gb_quota").Column("id").Where("unit_id = ?", p.UnitID).Where("level = ?", p.Level).
		Scan(ctx, &quotaID); err != nil {
		return httpx.Internal(err)
	}
	res, err := tx.NewUpdate().Table("gb_quota").Set("occupied = occupied + 1").Where("id = ?", quotaID).
		Where("occupied < approved").Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	over := false
	if k, _ := res.RowsAffected(); k == 0 {
		if it.OverReason == "" {
			var q struct {
				Approved int `bun:"approved"`
				Occupied int `bun:"occupied"`
			}
			if err := tx.NewSelect().Table("gb_quota").Column("approved", "occupied").Where("id = ?", quotaID).Scan(ctx, &q); err != nil {
				return httpx.Internal(err)
			}
			return itemError(n, it, "将超出该单位此职级的核定职数（核定%d名，已配%d名），请填写超职数理由", q.Approved, q.Occupied)
		}
		if _, err := tx.NewUpdate().Table("gb_quota").Set("occupied = occupied + 1").Where("id = ?", quotaID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		over = true
	}
	until := ProbationUntil(it.OnDate, p.Elected, it.Promotion)
	h := Holding{PositionID: p.ID, QuotaID: quotaID, CadreID: it.CadreID, StartOn: it.OnDate, OverQuota: over,
		AppointItemID: it.ID}
	if over {
		h.OverReason = it.OverReason
	}
	if _, err := tx.NewInsert().Model(&h).Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return itemError(n, it, "该干部已在此岗位任职")
		}
		return httpx.Internal(err)
	}
	if _, err := tx.NewUpdate().Table("gb_rmwj_item").Set("probation_until = ?", until).Set("over_quota = ?", over).
		Where("id = ?", it.ID).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	it.ProbationUntil, it.OverQuota = until, over
	return baseRefused(n, it, s.cadres.Appoint(ctx, tx, it.CadreID, Appointment{Post: p.Name, UnitID: p.UnitID, Level: p.Level,
		Attribute: p.Attribute, TeamType: p.TeamType, PositionID: p.ID, Elected: p.Elected, StartOn: it.OnDate, ProbationUntil: until,
		DocNo: d.DocNo}))
}

func (s *Service) remove(ctx context.Context, tx bun.Tx, d *Document, it *Item, p *Position, n int) error {
	var h Holding
	err := tx.NewSelect().Model(&h).Where("h.cadre_id = ?", it.CadreID).Where("h.position_id = ?", p.ID).Where("h.end_on IS NULL").Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return itemError(n, it, "该干部未在此岗位任职")
	}
	if err != nil {
		return httpx.Internal(err)
	}
	if it.OnDate.Before(h.StartOn) {
		return itemError(n, it, "免职日期不能早于任职日期%s", h.StartOn)
	}
	res, err := tx.NewUpdate().Table("gb_holding").Set("end_on = ?", it.OnDate).Set("remove_item_id = ?", it.ID).
		Where("id = ?", h.ID).Where("end_on IS NULL").Exec(ctx)
	if err := record.Conditional(res, err, 1, itemError(n, it, "该干部未在此岗位任职")); err != nil {
		return err
	}
	res, err = tx.NewUpdate().Table("gb_quota").Set("occupied = occupied - 1").Where("id = ?", h.QuotaID).Where("occupied > 0").Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.Internal(fmt.Errorf("quota %d: occupied already 0", h.QuotaID))); err != nil {
		return err
	}
	return baseRefused(n, it, s.cadres.Remove(ctx, tx, it.CadreID, Removal{Post: p.Name, UnitID: p.UnitID, PositionID: p.ID,
		EndOn: it.OnDate, DocNo: d.DocNo}))
}
