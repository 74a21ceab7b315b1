package archive

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// UploadLink is one mobile-upload link: made by the desktop for its
// signed-in owner, spent by the first upload through it (used_at set in one
// conditional UPDATE), dead after LinkMinutes.
type UploadLink struct {
	bun.BaseModel `bun:"table:archive_upload_link,alias:l"`
	ID            int64      `bun:"id,pk,autoincrement" json:"id"`
	OwnerID       int64      `bun:"owner_id" json:"-"`
	ExpiresAt     time.Time  `bun:"expires_at" json:"expiresAt"`
	UsedAt        *time.Time `bun:"used_at" json:"usedAt"`
	Channel       string     `bun:"channel" json:"channel"`
	AttachmentID  *int64     `bun:"attachment_id" json:"attachmentId"`
	CreatedAt     time.Time  `bun:"created_at" json:"-"`
}

// NewLink answers the desktop: the link's id (to poll), the token the
// phone's page carries (?t=) and when it dies.
type NewLink struct {
	ID        int64     `json:"id"`
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// LinkInput is the body of POST /api/archives/mobileUpload (nothing yet: the
// file always lands in the caller's own archive).
type LinkInput struct{}

// Link states the desktop polls.
const (
	LinkWaiting = "WAITING" // not used yet, not expired
	LinkDone    = "DONE"    // a file arrived
	LinkExpired = "EXPIRED" // expired unused
)

// LinkState is GET /api/archives/mobileUpload/{id}.
type LinkState struct {
	State    string `json:"state"`
	Channel  string `json:"channel"`
	FileName string `json:"fileName"`
}

// LinkCheck is the phone's GET /api/mobileUpload?t=: whether the link is
// good and until when (nothing about the owner beyond a masked name).
type LinkCheck struct {
	ExpiresAt time.Time `json:"expiresAt"`
	Owner     string    `json:"owner"`
}

var (
	errNoLink = func() *httpx.Error { return httpx.NotFound("上传链接不存在") }
	// Every refusal of a token is a 404 with what the phone's user should
	// do; a forged and a spent link are told apart only by that text.
	errBadToken   = httpx.NotFound("上传链接无效，请在电脑上重新生成二维码")
	errSpent      = httpx.NotFound("上传链接已使用或已过期，请在电脑上重新生成二维码")
	errBadChannel = httpx.Invalid("channel", "上传方式无效")
)

// CreateLink makes a link for the caller's own archive.
func (s *Service) CreateLink(ctx context.Context, _ LinkInput) (*NewLink, error) {
	p := rbac.From(ctx)
	now := s.now()
	l := &UploadLink{OwnerID: p.UserID, ExpiresAt: now.Add(LinkMinutes * time.Minute), CreatedAt: now}
	if _, err := s.db.NewInsert().Model(l).Returning("id").Exec(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	// Whole seconds: the token carries the expiry as a Unix time.
	exp := time.Unix(l.ExpiresAt.Unix(), 0).UTC()
	return &NewLink{ID: l.ID, Token: s.signLink(l.ID, exp), ExpiresAt: exp}, nil
}

// LinkState tells the desktop whether its link brought a file.
func (s *Service) LinkState(ctx context.Context, id int64) (*LinkState, error) {
	p := rbac.From(ctx)
	l := new(UploadLink)
	err := s.db.NewSelect().Model(l).Where("l.id = ?", id).Where("l.owner_id = ?", p.UserID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoLink()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	out := &LinkState{State: LinkWaiting, Channel: l.Channel}
	switch {
	case l.AttachmentID != nil:
		out.State = LinkDone
		if f, err := s.ownFile(ctx, *l.AttachmentID); err == nil {
			out.FileName = f.Name
		}
	case !s.now().Before(l.ExpiresAt):
		out.State = LinkExpired
	}
	return out, nil
}

// signLink is "<id>.<unix expiry>.<mac>".
func (s *Service) signLink(id int64, expires time.Time) string {
	payload := fmt.Sprintf("%d.%d", id, expires.Unix())
	return payload + "." + s.mac(payload)
}

func (s *Service) mac(payload string) string {
	m := hmac.New(sha256.New, s.signKey)
	m.Write([]byte("archive.mobileUpload:" + payload))
	return hex.EncodeToString(m.Sum(nil))
}

// verifyLink answers the link id a token names if its signature is genuine
// and it has not expired (whether it is spent is the database's to say).
func (s *Service) verifyLink(token string) (int64, error) {
	if len(token) > 120 {
		return 0, errBadToken
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 || !hmac.Equal([]byte(s.mac(parts[0]+"."+parts[1])), []byte(parts[2])) {
		return 0, errBadToken
	}
	id, err1 := strconv.ParseInt(parts[0], 10, 64)
	exp, err2 := strconv.ParseInt(parts[1], 10, 64)
	if err1 != nil || err2 != nil || id <= 0 {
		return 0, errBadToken
	}
	if !s.now().Before(time.Unix(exp, 0)) {
		return 0, errSpent
	}
	return id, nil
}

// openLink is the unspent, unexpired link a token names.
func (s *Service) openLink(ctx context.Context, token string) (*UploadLink, error) {
	id, err := s.verifyLink(token)
	if err != nil {
		return nil, err
	}
	l := new(UploadLink)
	err = s.db.NewSelect().Model(l).Where("l.id = ?", id).Where("l.used_at IS NULL").Where("l.expires_at > ?", s.now()).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errSpent
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return l, nil
}

// handleLinkCheck is the phone page's first call: is the link still good.
func (s *Service) handleLinkCheck(w http.ResponseWriter, r *http.Request) error {
	l, err := s.openLink(r.Context(), r.URL.Query().Get("t"))
	if err != nil {
		return err
	}
	owner := ""
	if names, err := s.sys.NickNames(r.Context(), s.db, []int64{l.OwnerID}); err == nil {
		owner = maskName(names[l.OwnerID])
	}
	return httpx.OK(w, LinkCheck{ExpiresAt: l.ExpiresAt, Owner: owner})
}

// handleMobileUpload takes the phone's one file: the link is spent first in
// one conditional UPDATE (of two phones racing, one wins), then the file is
// checked and stored in the owner's archive; a file the store refuses (type,
// size) gives the link back, so the phone can try another one.
func (s *Service) handleMobileUpload(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	q := r.URL.Query()
	channel := q.Get("channel")
	if channel != ChannelPhoto && channel != ChannelUpload {
		return errBadChannel
	}
	id, err := s.verifyLink(q.Get("t"))
	if err != nil {
		return err
	}
	now := s.now()
	res, err := s.db.NewUpdate().Model((*UploadLink)(nil)).Set("used_at = ?", now).Set("channel = ?", channel).
		Where("id = ?", id).Where("used_at IS NULL").Where("expires_at > ?", now).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errSpent
	}
	var ownerID int64
	if err := s.db.NewSelect().Model((*UploadLink)(nil)).Column("owner_id").Where("id = ?", id).Scan(ctx, &ownerID); err != nil {
		return httpx.Internal(err)
	}
	a, err := s.sys.AttachFor(r, s.fileSpec(), ownerID, "", ownerID)
	if err != nil {
		if _, rerr := s.db.NewUpdate().Model((*UploadLink)(nil)).Set("used_at = NULL").Set("channel = ''").
			Where("id = ?", id).Where("attachment_id IS NULL").Exec(context.WithoutCancel(ctx)); rerr != nil {
			return httpx.Internal(rerr)
		}
		return err
	}
	if _, err := s.db.NewUpdate().Model((*UploadLink)(nil)).Set("attachment_id = ?", a.ID).Where("id = ?", id).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return httpx.Created(w, map[string]any{"name": a.Name, "size": a.Size})
}

// maskName keeps the family name: 张三 → 张*, 欧阳小明 → 欧***.
func maskName(name string) string {
	r := []rune(name)
	if len(r) <= 1 {
		return name
	}
	return string(r[0]) + strings.Repeat("*", len(r)-1)
}
