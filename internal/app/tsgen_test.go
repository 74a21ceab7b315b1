package app

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"zhdj/internal/platform/date"
)

type tsgenInner struct {
	ID   int64     `json:"id"`
	Made time.Time `json:"made"`
}

type tsgenOuter struct {
	tsgenInner
	On    date.Date       `json:"on"`
	At    *time.Time      `json:"at"`
	Month [12]int64       `json:"month"`
	Raw   json.RawMessage `json:"raw"`
	Note  string          `json:"note,omitempty"`
	State string          `json:"state"`
	Skip  string          `json:"-"`
}

type tsgenOwnJSON struct{}

func (tsgenOwnJSON) MarshalJSON() ([]byte, error) { return []byte(`"x"`), nil }

// An interface is the JSON encoding/json writes: an embedded struct named
// already is extended, a date may be null, a time is text, omitempty is
// optional, an override narrows; a request body is optional but for what it needs.
func TestTSInterfaces(t *testing.T) {
	f := newTSFile("")
	f.iface("Inner.", "Inner", tsgenInner{}, nil)
	f.iface("Outer.", "Outer", tsgenOuter{}, map[string]string{"state": "State"})
	f.input("Body.", "Body", tsgenInner{}, []string{"id"}, nil)
	text, err := f.bytes()
	if err != nil {
		t.Fatal(err)
	}
	want := `
/** Inner. */
export interface Inner {
  id: number
  made: string
}

/** Outer. */
export interface Outer extends Inner {
  on: string | null
  at: string | null
  month: number[]
  raw: unknown
  note?: string
  state: State
}

/** Body. */
export interface Body {
  id: number
  made?: string
}
`
	if string(text) != want {
		t.Errorf("got\n%s\nwant\n%s", text, want)
	}
}

// What the generator cannot type truthfully is an error, not a guess: a
// type writing its own JSON, an override naming no field.
func TestTSInterfaceErrors(t *testing.T) {
	f := newTSFile("")
	f.iface("Own.", "Own", struct {
		V tsgenOwnJSON `json:"v"`
	}{}, nil)
	if _, err := f.bytes(); err == nil || !strings.Contains(err.Error(), "writes its own JSON") {
		t.Errorf("own MarshalJSON: %v", err)
	}
	f = newTSFile("")
	f.iface("Inner.", "Inner", tsgenInner{}, map[string]string{"gone": "string"})
	if _, err := f.bytes(); err == nil || !strings.Contains(err.Error(), "overrides of no field") {
		t.Errorf("override of no field: %v", err)
	}
}
