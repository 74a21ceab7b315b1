package cadre

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/zh"
)

// Information-change requests (信息变更申请): the cadre, signed in with the
// account linked to their record (gb_jbxx.user_id), proposes items — one
// basic field, or one sub-table row to add, change or remove — and the
// 干部管理员 accepts (the item is written through the same checks, trailed
// with origin 本人申请变更) or rejects (with a reason) each item.

// Request states.
const (
	RequestPending  = "pending"
	RequestAccepted = "accepted"
	RequestRejected = "rejected"
)

// TargetBasic is a request's target for a basic field; a sub-table's is its path.
const TargetBasic = "jbxx"

// SelfFields are the basic fields a cadre may ask to change (the unit,
// posts, level, category and status are the 干部管理员's, through
// appointments).
var SelfFields = []string{"nativePlace", "birthPlace", "politicalStatus", "partyJoinOn", "workStartOn", "health", "phone",
	"education", "degree", "inserviceEducation", "inserviceDegree", "title", "specialty"}

// Request is one item of a change request (a row of gb_bgsq). Proposed is
// the field's value ({"value": …}) or the row as it would be stored (its
// personal fields encrypted).
type Request struct {
	bun.BaseModel `bun:"table:gb_bgsq,alias:q"`
	ID            int64           `bun:"id,pk,autoincrement" json:"id"`
	CadreID       int64           `bun:"cadre_id" json:"cadreId"`
	RequestedBy   int64           `bun:"requested_by" json:"requestedBy"`
	Target        string          `bun:"target" json:"target"`
	Action        string          `bun:"action" json:"action"` // add, edit, del
	RowID         *int64          `bun:"row_id" json:"rowId"`
	Field         string          `bun:"field" json:"field"`
	Proposed      json.RawMessage `bun:"proposed,type:text" json:"-"`
	Reason        string          `bun:"reason" json:"reason"`
	State         string          `bun:"state" json:"state"`
	ReviewNote    string          `bun:"review_note" json:"reviewNote"`
	ReviewerID    *int64          `bun:"reviewer_id" json:"reviewerId"`
	ReviewedAt    *time.Time      `bun:"reviewed_at" json:"reviewedAt"`
	CreatedAt     time.Time       `bun:"created_at" json:"createTime"`
	UpdatedAt     time.Time       `bun:"updated_at" json:"updateTime"`
}

// RequestView is an item as the pages show it: what it is about in words
// and the proposed value or row in clear.
type RequestView struct {
	Request   `bun:",extend"`
	CadreName string          `bun:"cadre_name,scanonly" json:"cadreName"`
	What      string          `bun:"-" json:"what"` // 籍贯, 简历（新增）…
	Value     json.RawMessage `bun:"-" json:"value"`
}

// RequestInput is what the cadre proposes.
type RequestInput struct {
	Target string          `json:"target"`
	Action string          `json:"action"`
	RowID  *int64          `json:"rowId"`
	Field  string          `json:"field"`
	Value  json.RawMessage `json:"value"` // the field's value, or the row
	Reason string          `json:"reason"`
}

// ReviewInput is a reviewer's rejection reason (optional on acceptance).
type ReviewInput struct {
	Note string `json:"note"`
}

func errNoRequest() *httpx.Error { return httpx.NotFound("变更申请不存在") }

// ownCadre is the cadre record linked to the caller's account, or 404.
func (s *Service) ownCadre(ctx context.Context, idb bun.IDB) (*Row, error) {
	uid := rbac.UserID(ctx)
	r := new(Row)
	err := idb.NewSelect().Model(r).ColumnExpr("g.*").ColumnExpr("d.name AS unit_name").Join("JOIN sys_dept AS d ON d.id = g.unit_id").
		Where("g.user_id = ?", uid).Where("? > 0", uid).OrderExpr("g.id").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.NotFound("您的账号未关联干部档案，请联系干部管理员")
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return r, nil
}

// MyRecord is the caller's own cadre record: the basic information (ID
// number and phone masked) and the rows of every sub-table, by path.
type MyRecord struct {
	Cadre View           `json:"cadre"`
	Rows  map[string]any `json:"rows"`
	// Fields are the basic fields the cadre may ask to change.
	Fields []string `json:"fields"`
}

// My is GET /api/gb/my.
func (s *Service) My(ctx context.Context) (MyRecord, error) {
	c, err := s.ownCadre(ctx, s.db)
	if err != nil {
		return MyRecord{}, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return MyRecord{}, err
	}
	out := MyRecord{Cadre: s.view(c, l.Label, false), Rows: map[string]any{}, Fields: SelfFields}
	for path, sub := range s.subs {
		if out.Rows[path], err = sub.rows(ctx, s.db, c.ID); err != nil {
			return out, err
		}
	}
	return out, nil
}

// Propose is POST /api/gb/my/requests: one item, checked now as it would
// be written (a bad value is a 400 naming its field), kept pending.
func (s *Service) Propose(ctx context.Context, in RequestInput) (RequestView, error) {
	c, err := s.ownCadre(ctx, s.db)
	if err != nil {
		return RequestView{}, err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	if err := record.MaxLen("reason", "申请理由", in.Reason, 500); err != nil {
		return RequestView{}, err
	}
	q := Request{CadreID: c.ID, RequestedBy: rbac.UserID(ctx), Target: in.Target, Action: in.Action, Reason: in.Reason, State: RequestPending}
	if in.Target == TargetBasic {
		if !slices.Contains(SelfFields, in.Field) {
			return RequestView{}, httpx.Invalid("field", "该项信息不能由本人申请变更")
		}
		var v any
		if err := json.Unmarshal(in.Value, &v); err != nil || v == nil {
			return RequestView{}, httpx.Invalid("value", "请填写变更后的内容")
		}
		if _, err := s.withField(ctx, s.db, &c.Cadre, in.Field, in.Value); err != nil {
			return RequestView{}, err
		}
		q.Action, q.Field = "edit", in.Field
		if in.Field == "phone" { // kept encrypted like the record's
			var phone string
			_ = json.Unmarshal(in.Value, &phone)
			in.Value, _ = json.Marshal(s.cipher.Encrypt(strings.TrimSpace(phone)))
		}
		q.Proposed, _ = json.Marshal(map[string]json.RawMessage{"value": in.Value})
	} else {
		sub, ok := s.subs[in.Target]
		if !ok {
			return RequestView{}, httpx.Invalid("target", "变更的信息类别无效")
		}
		if q.Proposed, err = sub.propose(ctx, c.ID, in.Action, in.RowID, in.Value); err != nil {
			return RequestView{}, err
		}
		q.RowID = in.RowID
	}
	now := s.now()
	q.CreatedAt, q.UpdatedAt = now, now
	if _, err := s.db.NewInsert().Model(&q).Exec(ctx); err != nil {
		return RequestView{}, httpx.Internal(err)
	}
	return s.requestView(ctx, q.ID, nil)
}

// withField is cadre c with field set to raw (JSON), checked as an edit.
func (s *Service) withField(ctx context.Context, idb bun.IDB, c *Cadre, field string, raw json.RawMessage) (Cadre, error) {
	m := map[string]json.RawMessage{}
	b, _ := json.Marshal(c)
	if err := json.Unmarshal(b, &m); err != nil {
		return *c, httpx.Internal(err)
	}
	m[field] = raw
	if field == "phone" { // a new phone, or none
		delete(m, "phoneEnc")
	}
	var in Cadre
	b, _ = json.Marshal(m)
	if err := json.Unmarshal(b, &in); err != nil {
		return *c, httpx.Invalid(field, "内容格式不正确")
	}
	return s.check(ctx, idb, in, c)
}

// MyRequests is GET /api/gb/my/requests: the caller's own items, newest first.
func (s *Service) MyRequests(ctx context.Context) ([]RequestView, error) {
	c, err := s.ownCadre(ctx, s.db)
	if err != nil {
		return nil, err
	}
	return s.requestViews(ctx, func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("q.cadre_id = ?", c.ID).Limit(500) })
}

// Withdraw is DELETE /api/gb/my/requests: the caller's own pending items.
func (s *Service) Withdraw(ctx context.Context, ids []int64) error {
	c, err := s.ownCadre(ctx, s.db)
	if err != nil {
		return err
	}
	res, err := s.db.NewDelete().Model((*Request)(nil)).Where("id IN (?)", bun.In(ids)).Where("cadre_id = ?", c.ID).
		Where("state = ?", RequestPending).Exec(ctx)
	return record.Conditional(res, err, int64(len(ids)), httpx.BadRequest("只能撤回本人待审核的变更申请"))
}

var requestSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"state":   {Columns: []string{"q.state"}, Match: httpx.In},
		"cadreId": {Columns: []string{"q.cadre_id"}, Kind: httpx.Int},
		"blurry":  byName,
	},
	Sorts:       map[string]string{"createTime": "q.created_at", "cadreName": zh.Name("g.name")},
	DefaultSort: "q.created_at DESC, q.id DESC",
	Key:         "q.id",
}

// Requests is GET /api/gbjbxx/requests: the items of the caller's cadre
// scope (state=pending for the review list).
func (s *Service) Requests(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[RequestView], error) {
	scope, err := s.Scoped("g.unit_id")(ctx)
	if err != nil {
		return httpx.PageResult[RequestView]{}, err
	}
	q := s.db.NewSelect().Model((*RequestView)(nil)).ColumnExpr("q.*").ColumnExpr("g.name AS cadre_name").Join("JOIN gb_jbxx AS g ON g.id = q.cadre_id")
	var rows []RequestView
	total, err := httpx.PagedInto(ctx, scope(q), requestSpec, lq, &rows)
	if err != nil {
		return httpx.PageResult[RequestView]{}, err
	}
	for i := range rows {
		s.describe(&rows[i])
	}
	return httpx.NewCountedPage(rows, total), nil
}

// Accept is POST /api/gbjbxx/requests/{id}/accept: the pending item of a
// cadre of the scope written (checked again, trailed with origin
// 本人申请变更) and marked accepted, in one transaction; an item reviewed
// meanwhile is refused.
func (s *Service) Accept(ctx context.Context, id int64, in ReviewInput) (RequestView, error) {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		q, c, err := s.pending(ctx, tx, id, in, RequestAccepted)
		if err != nil {
			return err
		}
		ctx = withOrigin(ctx, OriginSelfRequest, nil)
		if q.Target == TargetBasic {
			var p struct{ Value json.RawMessage }
			if err := json.Unmarshal(q.Proposed, &p); err != nil {
				return httpx.Internal(err)
			}
			if q.Field == "phone" { // kept encrypted while pending
				var enc string
				_ = json.Unmarshal(p.Value, &enc)
				p.Value, _ = json.Marshal(s.reveal(enc, "gb_bgsq", q.ID))
			}
			m, err := s.withField(ctx, tx, &c.Cadre, q.Field, p.Value)
			if err != nil {
				return err
			}
			_, err = s.cadres.UpdateIn(ctx, tx, m, c, OriginSelfRequest)
			return err
		}
		sub, ok := s.subs[q.Target]
		if !ok {
			return errNoRequest()
		}
		return sub.apply(ctx, tx, c.ID, q.Action, q.RowID, q.Proposed)
	})
	if err != nil {
		return RequestView{}, err
	}
	return s.requestView(ctx, id, nil)
}

// Reject is POST /api/gbjbxx/requests/{id}/reject: a reason is required.
func (s *Service) Reject(ctx context.Context, id int64, in ReviewInput) (RequestView, error) {
	if err := record.Required("note", "驳回理由", strings.TrimSpace(in.Note), 500); err != nil {
		return RequestView{}, err
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		_, _, err := s.pending(ctx, tx, id, in, RequestRejected)
		return err
	})
	if err != nil {
		return RequestView{}, err
	}
	return s.requestView(ctx, id, nil)
}

// pending marks item id (of a cadre of the scope, still pending) as state
// with the reviewer, atomically, and answers it with its cadre.
func (s *Service) pending(ctx context.Context, tx bun.IDB, id int64, in ReviewInput, state string) (*Request, *Row, error) {
	q := new(Request)
	if err := tx.NewSelect().Model(q).Where("id = ?", id).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, nil, errNoRequest()
	} else if err != nil {
		return nil, nil, httpx.Internal(err)
	}
	c, err := s.findScoped(ctx, tx, q.CadreID)
	if err != nil {
		return nil, nil, errNoRequest()
	}
	now := s.now()
	res, err := tx.NewUpdate().Model((*Request)(nil)).Set("state = ?", state).Set("review_note = ?", strings.TrimSpace(in.Note)).
		Set("reviewer_id = ?", rbac.UserID(ctx)).Set("reviewed_at = ?", now).Set("updated_at = ?", now).
		Where("id = ?", id).Where("state = ?", RequestPending).Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.Conflict("该变更申请已审核")); err != nil {
		return nil, nil, err
	}
	return q, c, nil
}

func (s *Service) requestView(ctx context.Context, id int64, _ any) (RequestView, error) {
	rows, err := s.requestViews(ctx, func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("q.id = ?", id) })
	if err != nil {
		return RequestView{}, err
	}
	if len(rows) == 0 {
		return RequestView{}, errNoRequest()
	}
	return rows[0], nil
}

func (s *Service) requestViews(ctx context.Context, where func(q *bun.SelectQuery) *bun.SelectQuery) ([]RequestView, error) {
	rows := []RequestView{}
	q := s.db.NewSelect().Model(&rows).ColumnExpr("q.*").ColumnExpr("g.name AS cadre_name").Join("JOIN gb_jbxx AS g ON g.id = q.cadre_id").
		OrderExpr("q.created_at DESC, q.id DESC")
	if err := where(q).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range rows {
		s.describe(&rows[i])
	}
	return rows, nil
}

// describe fills what an item is about and its value in clear.
func (s *Service) describe(v *RequestView) {
	if v.Target == TargetBasic {
		v.What = v.Field
		for _, f := range fields {
			if f.Name == v.Field {
				v.What = f.Label
			}
		}
		if v.Field == "phone" {
			v.What = "联系电话"
		}
		var p struct{ Value json.RawMessage }
		_ = json.Unmarshal(v.Proposed, &p)
		v.Value = p.Value
		if v.Field == "phone" {
			var enc string
			_ = json.Unmarshal(p.Value, &enc)
			v.Value, _ = json.Marshal(s.reveal(enc, "gb_bgsq", v.ID))
		}
		return
	}
	action := map[string]string{"add": "新增", "edit": "修改", "del": "删除"}[v.Action]
	if sub, ok := s.subs[v.Target]; ok {
		v.What = sub.noun + "（" + action + "）"
		v.Value = sub.clear(v.Proposed)
	}
}
