// Package pushtest reads a server-sent event stream in tests: each event
// or comment as it arrives, waited for on a channel with a deadline.
package pushtest

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Wait bounds every wait for the stream (the machine may be busy; a pass
// takes milliseconds).
const Wait = 15 * time.Second

// Item is one event (Name, Data) or one comment line (Comment).
type Item struct {
	Name, Data, Comment string
}

// Stream is an open response being read.
type Stream struct {
	Res   *http.Response
	items chan Item
	t     testing.TB
}

// Open sends req (its context is cancelled when the test ends) and, on a
// 200, reads the stream in the background. A refusal is returned with a nil
// stream, its body unread.
func Open(t testing.TB, req *http.Request) (*http.Response, *Stream) {
	t.Helper()
	ctx, cancel := context.WithCancel(req.Context())
	t.Cleanup(cancel)
	res, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		t.Cleanup(func() { res.Body.Close() })
		return res, nil
	}
	s := &Stream{Res: res, items: make(chan Item, 64), t: t}
	go s.read()
	return res, s
}

func (s *Stream) read() {
	defer close(s.items)
	defer s.Res.Body.Close()
	r := bufio.NewReader(s.Res.Body)
	var cur Item
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case line == "":
			if cur.Name != "" || cur.Data != "" {
				s.items <- cur
			}
			cur = Item{}
		case strings.HasPrefix(line, ":"):
			s.items <- Item{Comment: strings.TrimSpace(line[1:])}
		case strings.HasPrefix(line, "event:"):
			cur.Name = strings.TrimSpace(line[len("event:"):])
		case strings.HasPrefix(line, "data:"):
			cur.Data += strings.TrimSpace(line[len("data:"):])
		}
	}
}

// Next is the next event, comments skipped; the test fails when the stream
// ends or nothing comes within Wait.
func (s *Stream) Next() Item {
	s.t.Helper()
	deadline := time.After(Wait)
	for {
		select {
		case it, ok := <-s.items:
			if !ok {
				s.t.Fatal("the stream ended before the next event")
			}
			if it.Comment == "" {
				return it
			}
		case <-deadline:
			s.t.Fatalf("no event within %v", Wait)
		}
	}
}

// Comment waits for the next comment line (a heartbeat), events skipped.
func (s *Stream) Comment() string {
	s.t.Helper()
	deadline := time.After(Wait)
	for {
		select {
		case it, ok := <-s.items:
			if !ok {
				s.t.Fatal("the stream ended before a comment")
			}
			if it.Comment != "" {
				return it.Comment
			}
		case <-deadline:
			s.t.Fatalf("no comment within %v", Wait)
		}
	}
}

// Ended waits for the server to end the stream (whatever it sends before).
func (s *Stream) Ended() {
	s.t.Helper()
	deadline := time.After(Wait)
	for {
		select {
		case _, ok := <-s.items:
			if !ok {
				return
			}
		case <-deadline:
			s.t.Fatalf("the stream was still open after %v", Wait)
		}
	}
}
