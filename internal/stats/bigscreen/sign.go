package bigscreen

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"time"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// The screens' external paths (the hash routes of /bigscreen/index.html)
// the cockpit menus embed.
const (
	PathPartyMap     = "/dv1"
	PathPartyCompare = "/aj/djzhdb"
	PathPartyTrend   = "/aj/djzhtb"
	PathCadreMap     = "/aj/gbzhdt"
	PathCadreCompare = "/aj/gbzhdb"
	PathCadreTrend   = "/aj/gbzhtb"
)

// Kinds of cockpit: what a signature opens, each under its permission.
const (
	KindParty = "dj"
	KindCadre = "gb"
)

// kindOfPath is the cockpit kind of each screen path.
var kindOfPath = map[string]string{
	PathPartyMap: KindParty, PathPartyCompare: KindParty, PathPartyTrend: KindParty,
	PathCadreMap: KindCadre, PathCadreCompare: KindCadre, PathCadreTrend: KindCadre,
}

// permOfKind is the permission a signer must hold (when signing and when
// the screen reads) for each kind.
var permOfKind = map[string]string{KindParty: PermParty, KindCadre: PermCadre}

// futureSkew is how far ahead of the server's clock a timestamp may be
// (the signature is the server's own, so only clock steps between
// instances are tolerated).
const futureSkew = 30 * time.Second

// Signature is GET /api/bigscreen/sign: the fields the screen passes back
// (timestamp in Unix milliseconds; platformCode "<kind>.<account id>";
// sign the hex HMAC-SHA256 over both), with the lifetime for the page.
type Signature struct {
	Timestamp    string `json:"timestamp"`
	PlatformCode string `json:"platformCode"`
	Sign         string `json:"sign"`
	Path         string `json:"path"`
	ExpiresIn    int    `json:"expiresIn"` // seconds
}

// Grant is what a valid signature allows: the kind of cockpit, as the
// signing account, until ExpiresAt.
type Grant struct {
	Kind      string    `json:"kind"`
	ExpiresAt time.Time `json:"expiresAt"`
	userID    int64
}

// Refusals of a signature (401: the screen asks the user to reopen it from
// the system).
var (
	errMissing = &httpx.Error{Status: http.StatusUnauthorized, Message: "缺少大屏签名，请从系统中打开驾驶舱"}
	errForged  = &httpx.Error{Status: http.StatusUnauthorized, Message: "大屏签名无效，请从系统中重新打开驾驶舱"}
	errExpired = &httpx.Error{Status: http.StatusUnauthorized, Message: "大屏签名已过期，请从系统中重新打开驾驶舱"}
	errFuture  = &httpx.Error{Status: http.StatusUnauthorized, Message: "大屏签名时间无效，请检查服务器时间后重新打开"}
	errKind    = &httpx.Error{Status: http.StatusForbidden, Message: "没有权限查看该驾驶舱"}
)

// lifetime is the signature's validity (the setting, within its bounds).
func (s *Service) lifetime(ctx context.Context) time.Duration {
	m := min(max(s.sys.SettingInt(ctx, CfgSignMinutes, DefaultSignMinutes), minSignMinutes), maxSignMinutes)
	return time.Duration(m) * time.Minute
}

// mac is the signature of a timestamp and a platform code.
func (s *Service) mac(timestamp, code string) []byte {
	h := hmac.New(sha256.New, s.signKey)
	h.Write([]byte(timestamp + "\n" + code))
	return h.Sum(nil)
}

// Sign issues a signature for the screen at path, as the caller, who must
// hold the permission of its cockpit kind.
func (s *Service) Sign(ctx context.Context, path string) (Signature, error) {
	kind, ok := kindOfPath[path]
	if !ok {
		return Signature{}, httpx.Invalid("path", "不支持的大屏页面：%s", path)
	}
	p := rbac.From(ctx)
	if !p.Has(permOfKind[kind]) {
		return Signature{}, errKind
	}
	ts := strconv.FormatInt(s.now().UnixMilli(), 10)
	code := kind + "." + strconv.FormatInt(p.UserID, 10)
	return Signature{Timestamp: ts, PlatformCode: code, Sign: hex.EncodeToString(s.mac(ts, code)), Path: path,
		ExpiresIn: int(s.lifetime(ctx) / time.Second)}, nil
}

// Verify checks a signature: its HMAC (constant time), then its age —
// valid from the timestamp until, not including, timestamp + lifetime,
// and refused from further ahead than futureSkew.
func (s *Service) Verify(ctx context.Context, timestamp, code, sign string) (Grant, error) {
	if timestamp == "" || code == "" || sign == "" {
		return Grant{}, errMissing
	}
	got, err := hex.DecodeString(sign)
	if err != nil || !hmac.Equal(got, s.mac(timestamp, code)) {
		return Grant{}, errForged
	}
	// Signed by us: the fields are ours, but read them strictly all the same.
	ms, err := strconv.ParseInt(timestamp, 10, 64)
	kind, id, found := strings.Cut(code, ".")
	userID, idErr := strconv.ParseInt(id, 10, 64)
	if err != nil || !found || idErr != nil || permOfKind[kind] == "" {
		return Grant{}, errForged
	}
	at, now := time.UnixMilli(ms), s.now()
	if at.After(now.Add(futureSkew)) {
		return Grant{}, errFuture
	}
	end := at.Add(s.lifetime(ctx))
	if !now.Before(end) {
		return Grant{}, errExpired
	}
	return Grant{Kind: kind, ExpiresAt: end.UTC(), userID: userID}, nil
}

// signedFields reads the signature from the query string, else from the
// headers (X-Bigscreen-Timestamp, X-Bigscreen-Platform-Code, X-Bigscreen-Sign).
func signedFields(r *http.Request) (timestamp, code, sign string) {
	q := r.URL.Query()
	if q.Get("sign") != "" {
		return q.Get("timestamp"), q.Get("platformCode"), q.Get("sign")
	}
	h := r.Header
	return h.Get("X-Bigscreen-Timestamp"), h.Get("X-Bigscreen-Platform-Code"), h.Get("X-Bigscreen-Sign")
}

// signed verifies r's signature for a cockpit of kind and answers the
// context acting as the signer, whose permission for the kind is checked
// as it is now: a wrong, old or future signature is 401, one of the other
// kind or of a signer who lost the permission 403.
func (s *Service) signed(r *http.Request, kind string) (context.Context, error) {
	ts, code, sign := signedFields(r)
	g, err := s.Verify(r.Context(), ts, code, sign)
	if err != nil {
		return nil, err
	}
	if g.Kind != kind {
		return nil, errKind
	}
	p, err := s.sys.PrincipalOf(r.Context(), g.userID)
	if err != nil {
		return nil, err
	}
	if !p.Has(permOfKind[kind]) {
		return nil, errKind
	}
	return rbac.WithMemo(rbac.With(r.Context(), p)), nil
}
