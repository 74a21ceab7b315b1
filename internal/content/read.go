package content

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/audience"
	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// ReadView is an item as its reader's list shows it: whether the caller
// has read it.
type ReadView struct {
	ItemView `bun:",extend"`
	Read     bool `bun:"is_read,scanonly" json:"read"`
	// OnTop is the list's order key (1 while pinned), shown as Pinned.
	OnTop int `bun:"pinned,scanonly" json:"-"`
}

// readSpec is the reader's list: published items on top while pinned,
// then the newest.
var readSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"kind":   {Columns: []string{"i.kind"}, Match: httpx.In},
		"column": {Columns: []string{"i.column_code"}, Match: httpx.In},
		"blurry": {Columns: []string{"i.title", "i.summary"}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"publishedAt": "i.published_at"},
	DefaultSort: "pinned DESC, i.published_at DESC, i.id DESC",
	Key:         "i.id",
}

// readerOf is the caller as a reader of the published items.
func (s *Service) readerOf(ctx context.Context) (audience.Reader, error) {
	return audience.ReaderOf(ctx, s.orgs, s.sys)
}

// published restricts q (cms_item as i) to the items published to rd.
func published(rd audience.Reader, q *bun.SelectQuery) *bun.SelectQuery {
	q = q.Where("i.state = ?", StatePublished)
	return rd.Where(q.QueryBuilder(), "i.org_id", "i.role_ids").Unwrap().(*bun.SelectQuery)
}

// readQuery selects the items published to rd with their read mark.
func (s *Service) readQuery(rd audience.Reader) *bun.SelectQuery {
	q := s.db.NewSelect().Model((*ReadView)(nil)).ColumnExpr("i.*").
		ColumnExpr("CASE WHEN i.pinned_until >= ? THEN 1 ELSE 0 END AS pinned", s.today()).
		ColumnExpr("(r.item_id IS NOT NULL) AS is_read").
		Join("LEFT JOIN cms_read AS r ON r.item_id = i.id AND r.user_id = ?", rd.UserID)
	return published(rd, org.NameJoin("i.org_id")(q))
}

func (s *Service) allLabels(ctx context.Context) (audit.Labeller, error) {
	l, err := s.sys.DictLabels(ctx, DictNewsColumn, DictArticleColumn)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return l.Label, nil
}

// Readable is a page of the items published to the caller (filter kind:
// NEWS or ARTICLE), pinned ones first, each marked read or not.
func (s *Service) Readable(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[ReadView], error) {
	rd, err := s.readerOf(ctx)
	if err != nil {
		return httpx.PageResult[ReadView]{}, err
	}
	label, err := s.allLabels(ctx)
	if err != nil {
		return httpx.PageResult[ReadView]{}, err
	}
	today := s.today()
	return httpx.PagedEach(ctx, s.readQuery(rd), readSpec, lq, func(v *ReadView) {
		show(&v.ItemView, label, today)
		v.Body = "" // the list shows the summary; opening reads the body
	})
}

// readable is item id when it is published to the caller (404 otherwise).
func (s *Service) readable(ctx context.Context, id int64) (*ReadView, error) {
	rd, err := s.readerOf(ctx)
	if err != nil {
		return nil, err
	}
	v := new(ReadView)
	err = s.readQuery(rd).Where("i.id = ?", id).Scan(ctx, v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoItem()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return v, nil
}

// Open is an item published to the caller, which it marks read by them:
// one receipt a person, however often they open it (a replay inserts
// nothing).
func (s *Service) Open(ctx context.Context, id int64) (ReadView, error) {
	v, err := s.readable(ctx, id)
	if err != nil {
		return ReadView{}, err
	}
	label, err := s.allLabels(ctx)
	if err != nil {
		return ReadView{}, err
	}
	show(&v.ItemView, label, s.today())
	if !v.Read {
		if err := s.markRead(ctx, id); err != nil {
			return ReadView{}, err
		}
		v.Read = true
	}
	return *v, nil
}

// Receipt is one reader of an item (a row of cms_read); the names are
// those the reader had when they first opened it.
type Receipt struct {
	bun.BaseModel `bun:"table:cms_read,alias:r"`
	ItemID        int64     `bun:"item_id,pk" json:"itemId"`
	UserID        int64     `bun:"user_id,pk" json:"userId"`
	ReaderName    string    `bun:"reader_name" json:"readerName"`
	OrgName       string    `bun:"org_name" json:"orgName"`
	ReadAt        time.Time `bun:"read_at" json:"readTime"`
}

func (s *Service) markRead(ctx context.Context, id int64) error {
	p := rbac.From(ctx)
	rc := &Receipt{ItemID: id, UserID: p.UserID, ReadAt: s.now()}
	var err error
	if rc.ReaderName, err = s.nameOf(ctx, p); err != nil {
		return err
	}
	if p.OrgID != nil {
		names, err := s.orgs.Names(ctx, []int64{*p.OrgID})
		if err != nil {
			return httpx.Internal(err)
		}
		rc.OrgName = names[*p.OrgID]
	}
	if _, err := s.db.NewInsert().Model(rc).On("CONFLICT DO NOTHING").Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// Unread is how many published items the caller has not opened yet.
type Unread struct {
	News     int `json:"news"`
	Articles int `json:"articles"`
}

// Unread counts the caller's unread items of each kind, in SQL.
func (s *Service) Unread(ctx context.Context) (Unread, error) {
	rd, err := s.readerOf(ctx)
	if err != nil {
		return Unread{}, err
	}
	var rows []struct {
		Kind string `bun:"kind"`
		N    int    `bun:"n"`
	}
	q := s.db.NewSelect().TableExpr("cms_item AS i").ColumnExpr("i.kind, COUNT(*) AS n").
		Join("LEFT JOIN cms_read AS r ON r.item_id = i.id AND r.user_id = ?", rd.UserID).
		Where("r.item_id IS NULL").GroupExpr("i.kind")
	if err := published(rd, q).Scan(ctx, &rows); err != nil {
		return Unread{}, httpx.Internal(err)
	}
	var out Unread
	for _, r := range rows {
		switch r.Kind {
		case KindNews:
			out.News = r.N
		case KindArticle:
			out.Articles = r.N
		}
	}
	return out, nil
}

var receiptSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"r.reader_name", "r.org_name"}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"readTime": "r.read_at"},
	DefaultSort: "r.read_at DESC, r.user_id",
	Key:         "r.user_id",
}

// receipts selects the readers of item id of kind k in the caller's scope.
func (s *Service) receipts(ctx context.Context, k kind, id int64) (*bun.SelectQuery, *ItemView, error) {
	v, err := s.items[k.code].Find(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	return s.db.NewSelect().Model((*Receipt)(nil)).Where("r.item_id = ?", v.ID), v, nil
}

// Readers is a page of those who read item id (of the caller's scope).
func (s *Service) Readers(ctx context.Context, k kind, id int64, lq httpx.ListQuery) (httpx.PageResult[Receipt], error) {
	q, _, err := s.receipts(ctx, k, id)
	if err != nil {
		return httpx.PageResult[Receipt]{}, err
	}
	return httpx.Paged[Receipt](ctx, q, receiptSpec, lq)
}

func (s *Service) handleReaders(k kind) httpx.HandlerFunc {
	return httpx.ListUnder(errNoItem, func(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[Receipt], error) {
		return s.Readers(ctx, k, id, lq)
	})
}

// handleReadersExport streams the readers of an item as xlsx.
func (s *Service) handleReadersExport(k kind) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := httpx.PathID(r, "id", errNoItem())
		if err != nil {
			return err
		}
		lq, err := httpx.ReadListQuery(r)
		if err != nil {
			return err
		}
		q, v, err := s.receipts(r.Context(), k, id)
		if err != nil {
			return err
		}
		if q, err = receiptSpec.Query(q, lq); err != nil {
			return err
		}
		file := "阅读情况-" + date.Of(s.now()).Compact() + ".xlsx"
		n, err := excel.Export(r.Context(), w, s.db, q, []string{"序号", "标题", "姓名", "所在党组织", "阅读时间"},
			[]float64{8, 40, 14, 30, 20}, file, func(n int, rc *Receipt) []any {
				return []any{n, v.Title, rc.ReaderName, rc.OrgName, stamp(&rc.ReadAt)}
			})
		if err == nil {
			s.sys.LogAccess(r.Context(), r, fmt.Sprintf("导出%s阅读情况（%d条）", k.noun, n))
		}
		return err
	}
}
