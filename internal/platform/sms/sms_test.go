package sms

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// The gateway gets the placeholders filled, the JSON body and a signature
// it can check with the shared secret; an answer other than 2xx is an error.
func TestHTTPProviderSignsAndFillsTheTemplate(t *testing.T) {
	var got struct {
		query, ts, sig string
		body           []byte
	}
	status := http.StatusOK
	gw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.query, got.ts, got.sig = r.URL.RawQuery, r.Header.Get("X-Zhdj-Timestamp"), r.Header.Get("X-Zhdj-Signature")
		got.body, _ = io.ReadAll(r.Body)
		w.WriteHeader(status)
	}))
	defer gw.Close()
	p := &HTTP{URL: gw.URL + "/send?to={phone}&sign={signature}", Signature: "某大学", Secret: "s3cret",
		Now: func() time.Time { return time.Unix(1796270000, 0) }}
	if err := p.Send(context.Background(), "13800001111", "您的验证码为 123456"); err != nil {
		t.Fatal(err)
	}
	if got.query != "to=13800001111&sign=%E6%9F%90%E5%A4%A7%E5%AD%A6" || got.ts != "1796270000" {
		t.Fatalf("query %q, timestamp %q", got.query, got.ts)
	}
	var body map[string]string
	if err := json.Unmarshal(got.body, &body); err != nil || body["phone"] != "13800001111" || body["content"] != "您的验证码为 123456" || body["signature"] != "某大学" {
		t.Fatalf("body %s: %v", got.body, err)
	}
	if got.sig != Sign("s3cret", got.ts, got.body) || got.sig == Sign("other", got.ts, got.body) {
		t.Fatalf("signature %q", got.sig)
	}
	status = http.StatusBadGateway
	if err := p.Send(context.Background(), "13800001111", "x"); err == nil || !strings.Contains(err.Error(), "502") {
		t.Fatalf("a 502 gateway: %v", err)
	}
}

func TestParseURL(t *testing.T) {
	for _, bad := range []string{"", "ftp://x/y", "http:///nohost", "not a url {phone}"} {
		if ParseURL(bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if err := ParseURL("https://sms.school.edu.cn/api/send?m={phone}&c={content}"); err != nil {
		t.Error(err)
	}
}
