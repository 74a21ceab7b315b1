package archive

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/uniq"
	"zhdj/internal/system"
)

// Share is one sharing of an archive file: with whom (a type and its
// targets: account, role or organisation ids) and whether it still holds.
type Share struct {
	bun.BaseModel `bun:"table:archive_share,alias:s"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	OwnerID       int64     `bun:"owner_id" json:"-"`
	AttachmentID  int64     `bun:"attachment_id" json:"fileId"`
	ShareType     string    `bun:"share_type" json:"shareType"`
	State         string    `bun:"state" json:"state"`
	Note          string    `bun:"note" json:"note"`
	CreatedAt     time.Time `bun:"created_at" json:"createTime"`
	UpdatedAt     time.Time `bun:"updated_at" json:"updateTime"`
}

// ShareTarget is one account, role or organisation a share names.
type ShareTarget struct {
	bun.BaseModel `bun:"table:archive_share_target,alias:st"`
	ShareID       int64 `bun:"share_id,pk"`
	TargetID      int64 `bun:"target_id,pk"`
}

// ShareView is a share as the owner's list shows it.
type ShareView struct {
	Share     `bun:",extend"`
	Views     int     `bun:"views,scanonly" json:"views"`
	TargetIDs []int64 `bun:"-" json:"targetIds"`
	// TargetNames name the targets in TargetIDs' order: people, roles or
	// organisations ("（已删除）" for one that is gone).
	TargetNames []string `bun:"-" json:"targetNames"`
	FileName    string   `bun:"-" json:"fileName"`
	TypeLabel   string   `bun:"-" json:"shareTypeLabel"`
}

// ShareInput is the body of POST /api/archives/shares.
type ShareInput struct {
	FileID    int64   `json:"fileId"`
	ShareType string  `json:"shareType"`
	TargetIDs []int64 `json:"targetIds"`
	Note      string  `json:"note"`
}

// ViewLog is one view of a shared file.
type ViewLog struct {
	bun.BaseModel `bun:"table:archive_view_log,alias:v"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	ShareID       int64     `bun:"share_id" json:"shareId"`
	ViewerID      int64     `bun:"viewer_id" json:"viewerId"`
	ViewedAt      time.Time `bun:"viewed_at" json:"viewTime"`
	ViewerName    string    `bun:"-" json:"viewerName"`
}

var errNoShare = func() *httpx.Error { return httpx.NotFound("共享记录不存在") }

var shareListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"fileId":    {Columns: []string{"s.attachment_id"}, Kind: httpx.Int},
		"state":     {Columns: []string{"s.state"}},
		"shareType": {Columns: []string{"s.share_type"}},
	},
	Sorts:       map[string]string{"id": "s.id", "createTime": "s.created_at"},
	Key:         "s.id",
	DefaultSort: "s.id DESC",
}

// ListShares is a page of the caller's own shares, with their view counts.
func (s *Service) ListShares(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[ShareView], error) {
	p := rbac.From(ctx)
	q := s.db.NewSelect().Model((*ShareView)(nil)).ColumnExpr("s.*").
		ColumnExpr("(SELECT COUNT(*) FROM archive_view_log AS v WHERE v.share_id = s.id) AS views").
		Where("s.owner_id = ?", p.UserID)
	page, err := httpx.Paged[ShareView](ctx, q, shareListSpec, lq)
	if err != nil || len(page.Content) == 0 {
		return page, err
	}
	// The page's targets in one query; the file names from the owner's own
	// files (a bounded list: system.DefaultMaxAttachments).
	ids := make([]int64, len(page.Content))
	for i := range page.Content {
		ids[i] = page.Content[i].ID
	}
	var targets []ShareTarget
	if err := s.db.NewSelect().Model(&targets).Where("st.share_id IN (?)", bun.In(ids)).OrderExpr("st.target_id").Scan(ctx); err != nil {
		return page, httpx.Internal(err)
	}
	files, err := s.sys.Attachments(ctx, s.fileSpec(), p.UserID, nil)
	if err != nil {
		return page, err
	}
	names := map[int64]string{}
	for _, f := range files {
		names[f.ID] = f.Name
	}
	targetNames, err := s.targetNames(ctx, page.Content, targets)
	if err != nil {
		return page, err
	}
	for i := range page.Content {
		v := &page.Content[i]
		v.TargetIDs, v.TargetNames = []int64{}, []string{}
		for _, t := range targets {
			if t.ShareID == v.ID {
				v.TargetIDs = append(v.TargetIDs, t.TargetID)
				name := targetNames[v.ShareType][t.TargetID]
				if name == "" {
					name = "（已删除）"
				}
				v.TargetNames = append(v.TargetNames, name)
			}
		}
		v.FileName = names[v.AttachmentID]
		if v.FileName == "" {
			v.FileName = "（文件已删除）"
		}
		v.TypeLabel = ShareTypeNames[v.ShareType]
	}
	return page, nil
}

// CreateShare shares one of the caller's own files.
func (s *Service) CreateShare(ctx context.Context, in ShareInput) (*Share, error) {
	p := rbac.From(ctx)
	var c httpx.Checks
	if in.FileID <= 0 {
		c.Add(httpx.Invalid("fileId", "请选择要共享的档案文件"))
	} else if _, err := s.ownFile(ctx, in.FileID); err != nil {
		c.Add(httpx.Invalid("fileId", "档案文件不存在"))
	}
	if !slices.Contains(ShareTypes, in.ShareType) {
		c.Add(httpx.Invalid("shareType", "请选择共享方式"))
	}
	targets := uniq.Of(in.TargetIDs)
	switch {
	case len(targets) == 0:
		c.Add(httpx.Invalid("targetIds", "请选择共享对象"))
	case len(targets) > MaxTargets:
		c.Add(httpx.Invalid("targetIds", "共享对象不能超过%d个", MaxTargets))
	case slices.ContainsFunc(targets, func(id int64) bool { return id <= 0 }):
		c.Add(httpx.Invalid("targetIds", "共享对象无效"))
	}
	note := strings.TrimSpace(in.Note)
	if len([]rune(note)) > MaxShareNote {
		c.Add(httpx.Invalid("note", "备注不能超过%d个字", MaxShareNote))
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	if err := s.checkTargets(ctx, p.UserID, in.ShareType, targets); err != nil {
		return nil, err
	}
	now := s.now()
	sh := &Share{OwnerID: p.UserID, AttachmentID: in.FileID, ShareType: in.ShareType, State: StateShared, Note: note,
		CreatedAt: now, UpdatedAt: now}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(sh).Returning("id").Exec(ctx); err != nil {
			return err
		}
		rows := make([]ShareTarget, len(targets))
		for i, id := range targets {
			rows[i] = ShareTarget{ShareID: sh.ID, TargetID: id}
		}
		_, err := tx.NewInsert().Model(&rows).Exec(ctx)
		return err
	})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return sh, nil
}

// StopInput is the (empty) body of POST /api/archives/shares/{id}/stop.
type StopInput struct{}

// StopShare ends one of the caller's shares (once: a stopped share is a 409).
func (s *Service) StopShare(ctx context.Context, id int64, _ StopInput) (*Share, error) {
	p := rbac.From(ctx)
	res, err := s.db.NewUpdate().Model((*Share)(nil)).Set("state = ?", StateStopped).Set("updated_at = ?", s.now()).
		Where("id = ?", id).Where("owner_id = ?", p.UserID).Where("state = ?", StateShared).Exec(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	sh := new(Share)
	err = s.db.NewSelect().Model(sh).Where("s.id = ?", id).Where("s.owner_id = ?", p.UserID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoShare()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, httpx.Conflict("该共享已停止")
	}
	return sh, nil
}

var viewListSpec = httpx.ListSpec{Sorts: map[string]string{"viewTime": "v.viewed_at"}, Key: "v.id", DefaultSort: "v.id DESC"}

// ShareViews is a page of who viewed a share of the caller's, newest first.
func (s *Service) ShareViews(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[ViewLog], error) {
	p := rbac.From(ctx)
	n, err := s.db.NewSelect().Model((*Share)(nil)).Where("s.id = ?", id).Where("s.owner_id = ?", p.UserID).Count(ctx)
	if err != nil {
		return httpx.PageResult[ViewLog]{}, httpx.Internal(err)
	}
	if n == 0 {
		return httpx.PageResult[ViewLog]{}, errNoShare()
	}
	q := s.db.NewSelect().Model((*ViewLog)(nil)).Where("v.share_id = ?", id)
	page, err := httpx.Paged[ViewLog](ctx, q, viewListSpec, lq)
	if err != nil || len(page.Content) == 0 {
		return page, err
	}
	ids := make([]int64, len(page.Content))
	for i := range page.Content {
		ids[i] = page.Content[i].ViewerID
	}
	names, err := s.sys.NickNames(ctx, s.db, uniq.Of(ids))
	if err != nil {
		return page, httpx.Internal(err)
	}
	for i := range page.Content {
		page.Content[i].ViewerName = names[page.Content[i].ViewerID]
	}
	return page, nil
}

// handleViewFile is GET /api/archivesShareFile/viewFile?fileId=: the file
// (an archive file's id) for a caller some live share of it names, logged;
// the same 404 for a file that does not exist and one not shared with them.
func (s *Service) handleViewFile(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	fileID, err := strconv.ParseInt(r.URL.Query().Get("fileId"), 10, 64)
	if err != nil || fileID <= 0 {
		return errNoFile
	}
	sh, err := s.shareFor(ctx, fileID)
	if err != nil {
		return err
	}
	log := &ViewLog{ShareID: sh.ID, ViewerID: rbac.From(ctx).UserID, ViewedAt: s.now()}
	if _, err := s.db.NewInsert().Model(log).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	if err := s.sys.ServeAttachmentFor(w, r, s.fileSpec(), sh.OwnerID, fileID, true); err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == http.StatusNotFound {
			return errNoFile
		}
		return err
	}
	return nil
}

// shareFor is the oldest live share of archive file fileID that names the
// caller: their account (CUSTOM), a role they hold (ROLE) or the
// organisation of their account (DZZ); else the 404 of a missing file.
func (s *Service) shareFor(ctx context.Context, fileID int64) (*Share, error) {
	p := rbac.From(ctx)
	roles, err := s.sys.HeldRoles(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	roles = append(roles, 0) // never empty: IN () is not SQL
	org := int64(0)
	if p.OrgID != nil {
		org = *p.OrgID
	}
	sh := new(Share)
	err = s.db.NewSelect().Model(sh).Where("s.attachment_id = ?", fileID).Where("s.state = ?", StateShared).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("s.share_type = ? AND EXISTS (SELECT 1 FROM archive_share_target AS t WHERE t.share_id = s.id AND t.target_id = ?)", ShareCustom, p.UserID).
				WhereOr("s.share_type = ? AND EXISTS (SELECT 1 FROM archive_share_target AS t WHERE t.share_id = s.id AND t.target_id IN (?))", ShareRole, bun.In(roles)).
				WhereOr("s.share_type = ? AND EXISTS (SELECT 1 FROM archive_share_target AS t WHERE t.share_id = s.id AND t.target_id = ?)", ShareBranch, org)
		}).OrderExpr("s.id").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoFile
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return sh, nil
}

// targetNames are the names of a page's targets by share type and id: one
// query per type that the page holds.
func (s *Service) targetNames(ctx context.Context, shares []ShareView, targets []ShareTarget) (map[string]map[int64]string, error) {
	typeOf := map[int64]string{}
	for _, v := range shares {
		typeOf[v.ID] = v.ShareType
	}
	ids := map[string][]int64{}
	for _, t := range targets {
		ids[typeOf[t.ShareID]] = append(ids[typeOf[t.ShareID]], t.TargetID)
	}
	out := map[string]map[int64]string{ShareRole: {}}
	var err error
	if out[ShareCustom], err = s.sys.NickNames(ctx, s.db, ids[ShareCustom]); err != nil {
		return nil, err
	}
	if len(ids[ShareBranch]) > 0 && s.sources.OrgNames != nil {
		if out[ShareBranch], err = s.sources.OrgNames(ctx, ids[ShareBranch]); err != nil {
			return nil, httpx.Internal(err)
		}
	}
	if len(ids[ShareRole]) > 0 {
		roles, err := s.sys.RoleBriefs(ctx, s.db)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		for _, r := range roles {
			out[ShareRole][r.ID] = r.Name
		}
	}
	return out, nil
}

// checkTargets refuses targets of a share that name nobody: an account that
// is not an enabled one (or the owner's own), a role that does not exist, an
// organisation other than the owner's own and those above it.
func (s *Service) checkTargets(ctx context.Context, owner int64, shareType string, targets []int64) error {
	switch shareType {
	case ShareCustom:
		if slices.Contains(targets, owner) {
			return httpx.Invalid("targetIds", "不能共享给自己")
		}
		live, err := s.sys.EnabledAccounts(ctx, s.db, targets)
		if err != nil {
			return httpx.Internal(err)
		}
		if len(live) != len(targets) {
			return httpx.Invalid("targetIds", "所选人员不存在或账号已停用")
		}
	case ShareBranch:
		mine, err := s.orgOptions(ctx)
		if err != nil {
			return err
		}
		for _, id := range targets {
			if !slices.ContainsFunc(mine, func(o OrgOption) bool { return o.ID == id }) {
				return httpx.Invalid("targetIds", "只能共享给本人所在的党组织及其上级党组织")
			}
		}
	case ShareRole:
		roles, err := s.sys.RoleBriefs(ctx, s.db)
		if err != nil {
			return httpx.Internal(err)
		}
		for _, id := range targets {
			if !slices.ContainsFunc(roles, func(r system.RoleBrief) bool { return r.ID == id }) {
				return httpx.Invalid("targetIds", "所选角色不存在")
			}
		}
	}
	return nil
}

// people are the accounts a share with 指定人员 may name, found by their
// exact name or username (system.FindPeople: no browsing of the school).
func (s *Service) people(ctx context.Context, lq httpx.ListQuery) ([]system.PersonBrief, error) {
	text := strings.TrimSpace(lq.Filter("q"))
	if text == "" || len([]rune(text)) > 64 {
		return nil, httpx.Invalid("q", "请输入要查找人员的完整姓名或工号（学号）")
	}
	out, err := s.sys.FindPeople(ctx, s.db, text)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// OrgOption is an organisation a share may name.
type OrgOption struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// orgOptions are the organisations a share may name: the caller's account's
// own and those above it (its branch, the 二级党委, the 党委), whatever the
// caller's scope: a member's scope holds no organisation, and a file of one's
// own archive goes to one's own organisations. None without an organisation.
func (s *Service) orgOptions(ctx context.Context) ([]OrgOption, error) {
	out := []OrgOption{}
	p := rbac.From(ctx)
	if p.OrgID == nil || s.sources.Lineage == nil {
		return out, nil
	}
	chain, err := s.sources.Lineage(ctx, s.db, *p.OrgID)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	for _, o := range chain {
		out = append(out, OrgOption{ID: o.ID, Name: o.Name})
	}
	return out, nil
}

// roleOptions are the roles a share may name.
func (s *Service) roleOptions(ctx context.Context) ([]system.RoleBrief, error) {
	out, err := s.sys.RoleBriefs(ctx, s.db)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}
