// Package sms sends text messages: the verification codes of the SMS
// sign-in, registration and password reset (internal/signon). A school
// plugs in its gateway by configuration, not code:
//
//   - Log writes the message to the server log, marked as not sent: for
//     development and tests, never for real users.
//   - HTTP posts the message to the school's gateway (or a relay in front of
//     a commercial SMS service): the URL may hold {phone}, {content} and
//     {signature}, filled in query-escaped; the body is JSON {phone,
//     content, signature}; X-Zhdj-Timestamp and X-Zhdj-Signature (hex
//     HMAC-SHA256 of timestamp + "\n" + body under the secret) let the
//     gateway check that the request is ours and fresh. Any 2xx is success.
package sms

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"zhdj/internal/platform/crypto"
)

// Provider sends one message to one mobile phone.
type Provider interface {
	Send(ctx context.Context, phone, content string) error
}

// Log is the development provider.
type Log struct{}

// Send writes the message to the log instead of sending it.
func (Log) Send(_ context.Context, phone, content string) error {
	slog.Warn("短信未发送（开发用短信服务 smsProvider=log）", "phone", crypto.MaskPhone(phone), "content", content)
	return nil
}

const (
	timeout   = 10 * time.Second
	maxAnswer = 4 << 10
)

// HTTP is a gateway reached by HTTP.
type HTTP struct {
	URL       string // the template
	Signature string // the 【签名】 of the message
	Secret    string
	Client    *http.Client // nil: one with a 10 s timeout
	Now       func() time.Time
}

// ParseURL checks a gateway URL template (with its placeholders filled by
// sample values): http or https, with a host.
func ParseURL(template string) error {
	u, err := url.Parse(fill(template, "13800000000", "x", "x"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("短信网关地址须为 http(s):// 开头的完整地址")
	}
	return nil
}

func fill(template, phone, content, signature string) string {
	return strings.NewReplacer("{phone}", url.QueryEscape(phone), "{content}", url.QueryEscape(content),
		"{signature}", url.QueryEscape(signature)).Replace(template)
}

// Send posts the message; an answer other than 2xx is an error naming its status.
func (h *HTTP) Send(ctx context.Context, phone, content string) error {
	if err := ParseURL(h.URL); err != nil {
		return err
	}
	body, err := json.Marshal(map[string]string{"phone": phone, "content": content, "signature": h.Signature})
	if err != nil {
		return err
	}
	now := time.Now
	if h.Now != nil {
		now = h.Now
	}
	ts := strconv.FormatInt(now().Unix(), 10)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, fill(h.URL, phone, content, h.Signature), bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Zhdj-Timestamp", ts)
	req.Header.Set("X-Zhdj-Signature", Sign(h.Secret, ts, body))
	client := h.Client
	if client == nil {
		client = &http.Client{Timeout: timeout}
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	io.Copy(io.Discard, io.LimitReader(res.Body, maxAnswer)) //nolint:errcheck // drained for reuse only
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("SMS gateway answered %s", res.Status)
	}
	return nil
}

// Sign is the request signature a gateway checks: hex HMAC-SHA256 of
// timestamp + "\n" + body under secret.
func Sign(secret, timestamp string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(timestamp))
	m.Write([]byte{'\n'})
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}
