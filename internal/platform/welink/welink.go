// Package welink is the server side of the WeLink (华为云 WeLink, the
// messaging app many schools run) sign-in without a password (免登): a
// light app opened inside WeLink gets a one-time authorisation code from
// the app, and this server exchanges it, with the school's application
// credentials, for the WeLink user id. The calls, as WeLink's open
// platform documents them (support.huaweicloud.com/devg-welink):
//   - POST {base}/api/auth/v2/tickets {"client_id","client_secret"} →
//     {"code":"0","access_token","expires_in"}: the application's token,
//     kept until five minutes before it expires;
//   - GET {base}/api/auth/v2/userid?code=… with the header
//     x-wlk-Authorization: token → {"code":"0","userId"}.
//
// Every answer is read with a size limit and a timeout.
package welink

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

const (
	maxAnswer = 16 << 10
	timeout   = 10 * time.Second
	// early is how long before its expiry a token is fetched anew, as
	// WeLink advises.
	early   = 5 * time.Minute
	maxCode = 256
)

// Client is one WeLink application: its platform address and credentials.
type Client struct {
	Base         *url.URL
	ClientID     string
	ClientSecret string
	HTTP         *http.Client // nil: a client with a 10-second timeout
	Now          func() time.Time

	mu      sync.Mutex
	token   string
	expires time.Time
}

// Refused is an answer of WeLink that is not a success: its code and message.
type Refused struct{ Code, Message string }

func (e *Refused) Error() string { return "WeLink refused: " + e.Code + " " + e.Message }

// ValidCode tells whether c can be an authorisation code: printable,
// URL-safe and at most 256 bytes.
func ValidCode(c string) bool {
	if c == "" || len(c) > maxCode {
		return false
	}
	for _, r := range c {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.~", r)) {
			return false
		}
	}
	return true
}

// UserID exchanges an authorisation code for the WeLink user it was given to.
func (c *Client) UserID(ctx context.Context, code string) (string, error) {
	if !ValidCode(code) {
		return "", &Refused{Code: "INVALID_CODE", Message: "malformed code"}
	}
	token, err := c.accessToken(ctx)
	if err != nil {
		return "", err
	}
	var out struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		UserID  string `json:"userId"`
	}
	u := c.endpoint("/api/auth/v2/userid", url.Values{"code": {code}})
	if err := c.call(ctx, http.MethodGet, u, nil, map[string]string{"x-wlk-Authorization": token}, &out); err != nil {
		return "", err
	}
	if out.Code != "0" {
		return "", &Refused{Code: out.Code, Message: out.Message}
	}
	if strings.TrimSpace(out.UserID) == "" {
		return "", errors.New("WeLink: no userId in the answer")
	}
	return strings.TrimSpace(out.UserID), nil
}

// accessToken is the application's token, fetched when there is none or it
// is about to expire.
func (c *Client) accessToken(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if c.token != "" && now.Before(c.expires) {
		return c.token, nil
	}
	body, err := json.Marshal(map[string]string{"client_id": c.ClientID, "client_secret": c.ClientSecret})
	if err != nil {
		return "", err
	}
	var out struct {
		Code        string `json:"code"`
		Message     string `json:"message"`
		AccessToken string `json:"access_token"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if err := c.call(ctx, http.MethodPost, c.endpoint("/api/auth/v2/tickets", nil), body, nil, &out); err != nil {
		return "", err
	}
	if out.Code != "0" || out.AccessToken == "" {
		// Not a Refused: the application's credentials are wrong, not the user's code.
		return "", fmt.Errorf("WeLink access token refused: %s %s", out.Code, out.Message)
	}
	c.token = out.AccessToken
	c.expires = now.Add(time.Duration(out.ExpiresIn)*time.Second - early)
	return c.token, nil
}

func (c *Client) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func (c *Client) endpoint(path string, q url.Values) string {
	u := *c.Base
	u.Path = strings.TrimRight(u.Path, "/") + path
	u.RawQuery = q.Encode()
	return u.String()
}

func (c *Client) call(ctx context.Context, method, target string, body []byte, headers map[string]string, out any) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, target, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	client := c.HTTP
	if client == nil {
		client = &http.Client{Timeout: timeout}
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer+1))
	if err != nil {
		return err
	}
	if len(data) > maxAnswer {
		return errors.New("WeLink: answer too large")
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("WeLink: HTTP %d", res.StatusCode)
	}
	return json.Unmarshal(data, out)
}
