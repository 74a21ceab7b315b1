// Package apptest starts a whole zhdj (database of the kind ZHDJ_TEST_DB
// names, every route, the real guard) for API tests, and gives them short
// ways to sign in, call routes and make users with chosen permissions.
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/app"
	"zhdj/internal/config"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// AdminPassword is the admin's password in every test environment.
const AdminPassword = "Admin@12345"

// Env is one running server on a fresh database.
type Env struct {
	T       testing.TB
	App     *app.App
	Server  *httptest.Server
	DB      *bun.DB
	Sys     *system.Service
	AdminTK string // a signed-in admin token
}

// New starts a server on a fresh database with the captcha off.
func New(t testing.TB) *Env { return NewWith(t, nil) }

// NewWith is New with a chance to change the configuration first (for
// example to turn the captcha back on).
func NewWith(t testing.TB, change func(*config.Config)) *Env { return start(t, change, nil) }

// NewModules is New with the module list changed by edit before it is
// wired: a test replaces a module's subscriptions with a fake.
func NewModules(t testing.TB, edit func([]module.Module) []module.Module) *Env {
	return start(t, nil, edit)
}

func start(t testing.TB, change func(*config.Config), edit func([]module.Module) []module.Module) *Env {
	t.Helper()
	database := db.NewTest(t, app.Migrations())
	// Tests sign in far more often from 127.0.0.1 than a person could: the
	// sign-in rate limits are raised here (the rate-limit tests lower them
	// again through the settings API).
	if _, err := database.NewUpdate().Table("sys_config").Set("config_value = '100000'").
		Where("config_key IN (?)", bun.In(system.RateLimitSettings())).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	cfg := config.Defaults()
	cfg.DataDir = t.TempDir()
	cfg.PasswordCost = 4 // bcrypt's minimum: tests make many accounts
	cfg.CaptchaOff = true
	if change != nil {
		change(&cfg)
	}
	shared := reuseRSAKey(t, cfg.KeyDir())
	a, err := app.NewWith(cfg, database, edit)
	if err != nil {
		t.Fatal(err)
	}
	if !shared {
		keepRSAKey(cfg.KeyDir())
	}
	if _, err := a.System.EnsureAdmin(context.Background(), AdminPassword); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler)
	t.Cleanup(srv.Close)
	e := &Env{T: t, App: a, Server: srv, DB: database, Sys: a.System}
	if cfg.CaptchaOff {
		e.AdminTK = e.Login("admin", AdminPassword)
	}
	return e
}

// rsaKeyFile is the sign-in key pair's file in the key directory
// (auth.LoadOrCreateKeyPair).
const rsaKeyFile = "rsa_private.pem"

var (
	rsaKeyMu  sync.Mutex
	rsaKeyPEM []byte
)

// reuseRSAKey writes the RSA key pair the first environment of this test
// binary generated into keyDir, so app.NewWith loads it instead of generating
// a 2048-bit key for every test (the slowest step of starting an Env). It
// reports whether it did; the field encryption key stays per environment.
func reuseRSAKey(t testing.TB, keyDir string) bool {
	t.Helper()
	rsaKeyMu.Lock()
	pem := rsaKeyPEM
	rsaKeyMu.Unlock()
	if pem == nil {
		return false
	}
	if _, err := os.Stat(filepath.Join(keyDir, rsaKeyFile)); err == nil {
		return true // the test brought its own key directory
	}
	if err := os.MkdirAll(keyDir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(keyDir, rsaKeyFile), pem, 0o600); err != nil {
		t.Fatal(err)
	}
	return true
}

// keepRSAKey remembers the key pair a started environment generated.
func keepRSAKey(keyDir string) {
	data, err := os.ReadFile(filepath.Join(keyDir, rsaKeyFile))
	if err != nil {
		return
	}
	rsaKeyMu.Lock()
	if rsaKeyPEM == nil {
		rsaKeyPEM = data
	}
	rsaKeyMu.Unlock()
}

// Response is a finished call.
type Response struct {
	Status int
	Body   []byte
	Header http.Header
}

// JSON decodes the body into v (failing the test on bad JSON).
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// Map decodes an object body.
func (r *Response) Map(t testing.TB) map[string]any {
	t.Helper()
	m := map[string]any{}
	r.JSON(t, &m)
	return m
}

// Message is the "message" field of an error body.
func (r *Response) Message() string {
	var b struct{ Message string }
	json.Unmarshal(r.Body, &b) //nolint:errcheck
	return b.Message
}

// Do calls method path with token (may be "") and a JSON body (nil = none,
// a string or []byte is sent as is).
func (e *Env) Do(method, path, token string, body any) *Response {
	e.T.Helper()
	var rdr io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rdr = strings.NewReader(b)
	case []byte:
		rdr = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			e.T.Fatal(err)
		}
		rdr = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, e.Server.URL+path, rdr)
	if err != nil {
		e.T.Fatal(err)
	}
	if rdr != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return e.send(req, token)
}

// Upload posts a multipart form with one file field and extra fields.
func (e *Env) Upload(path, token, field, filename string, content []byte, fields map[string]string) *Response {
	e.T.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		mw.WriteField(k, v) //nolint:errcheck
	}
	fw, err := mw.CreateFormFile(field, filename)
	if err != nil {
		e.T.Fatal(err)
	}
	fw.Write(content) //nolint:errcheck
	mw.Close()
	req, err := http.NewRequest(http.MethodPost, e.Server.URL+path, &buf)
	if err != nil {
		e.T.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return e.send(req, token)
}

// Request sends a prepared request (for raw paths and headers).
func (e *Env) Request(req *http.Request, token string) *Response {
	e.T.Helper()
	return e.send(req, token)
}

func (e *Env) send(req *http.Request, token string) *Response {
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.T.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return &Response{Status: res.StatusCode, Body: body, Header: res.Header}
}

// Encrypt encrypts a password as the browser does.
func (e *Env) Encrypt(plain string) string {
	return e.Sys.EncryptPassword(context.Background(), plain)
}

// Login signs in (captcha off) and returns the token, failing the test otherwise.
func (e *Env) Login(username, password string) string {
	e.T.Helper()
	res := e.Do("POST", "/auth/login", "", map[string]any{"username": username, "password": e.Encrypt(password)})
	if res.Status != http.StatusOK {
		e.T.Fatalf("login %s: %d %s", username, res.Status, res.Body)
	}
	var out struct{ Token string }
	res.JSON(e.T, &out)
	return out.Token
}

// userSeq numbers the users UserWith makes; tests run in parallel.
var userSeq atomic.Int64

// UserWith creates an active user holding exactly perms (through a fresh
// role with those button permissions) in department deptID (0 = the root),
// with the given data scope, signs them in and returns the token and id.
func (e *Env) UserWith(scope string, deptID int64, perms ...string) (token string, userID int64) {
	e.T.Helper()
	ctx := context.Background()
	name := fmt.Sprintf("u%d_%d", userSeq.Add(1), time.Now().UnixNano()%100000)
	id, err := e.Sys.CreateTestUser(ctx, name, "Test@12345", scope, deptID, perms)
	if err != nil {
		e.T.Fatal(err)
	}
	return e.Login(name, "Test@12345"), id
}

// Username is the sign-in name of the user id (UserWith makes one up).
func (e *Env) Username(id int64) string {
	e.T.Helper()
	var name string
	if err := e.DB.NewSelect().Table("sys_user").Column("username").Where("id = ?", id).Scan(context.Background(), &name); err != nil {
		e.T.Fatal(err)
	}
	return name
}

// Expect fails the test unless res has status want.
func Expect(t testing.TB, res *Response, want int) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("status %d, want %d: %s", res.Status, want, res.Body)
	}
}
