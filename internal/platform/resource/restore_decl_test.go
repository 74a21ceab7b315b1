package resource_test

import (
	"net/http"
	"strings"
	"testing"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
)

// draftBody is a body of its own: the kit cannot put a note snapshot back through it.
type draftBody struct{ Text string }

// A trailed resource whose input is not its record cannot register the
// kit's restore (it would fail every request); it starts once the module
// serves the route itself.
func TestTrailRestoreNeedsTheRecordAsInput(t *testing.T) {
	t.Parallel()
	res := &resource.Viewed[note, noteView, draftBody, noteView]{Noun: "便签",
		Trail: &record.Decl{Module: 98, Noun: "便签", Fields: []record.Field{record.Text("text", "内容")}}}
	register := func(opts ...resource.Option) (msg string) {
		defer func() {
			if r := recover(); r != nil {
				msg = r.(string)
			}
		}()
		var rs httpx.Routes
		res.Routes(rs.In("便签"), "/api/notes", resource.PermsFor("note"), opts...)
		return ""
	}
	if msg := register(); !strings.Contains(msg, "replace RestoreRoute") {
		t.Fatalf("registered the kit's restore for a distinct input: %q", msg)
	}
	own := func(w http.ResponseWriter, r *http.Request) error { return nil }
	if msg := register(resource.Replace(resource.RestoreRoute, "还原变动", own)); msg != "" {
		t.Fatalf("a replaced restore refused: %q", msg)
	}
	if msg := register(resource.Without(resource.RestoreRoute)); msg != "" {
		t.Fatalf("no restore route refused: %q", msg)
	}
}
