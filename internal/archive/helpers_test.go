package archive_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/archive"
)

// png is the smallest bytes that sniff as a PNG image.
var png = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00")

// world: a school with two branches; an owner in branch A (their own
// archive), a viewer in branch A, a stranger in branch B (both with the
// archive permissions: everyone keeps an archive), and an account without.
type world struct {
	e                 *apptest.Env
	root, a, b        int64
	owner, viewer     string
	ownerID, viewerID int64
	stranger, noPerm  string
	strangerID        int64
}

var perms = []string{archive.PermMine, archive.PermShare}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	c := e.Campus(t)
	w.root, w.a = c.Root, c.Branch
	w.b = e.Org(t, c.Math, "5", "数学教工党支部")
	w.owner, w.ownerID = e.UserAt(t, "SELF", w.a, perms...)
	w.viewer, w.viewerID = e.UserAt(t, "SELF", w.a, perms...)
	w.stranger, w.strangerID = e.UserAt(t, "SELF", w.b, perms...)
	w.noPerm, _ = e.UserAt(t, "SELF", w.a, "dzz:list")
	return w
}

func (w *world) filesPath(ownerID int64) string {
	return fmt.Sprintf("/api/archives/%d/attachments", ownerID)
}

// upload adds a file to the owner's archive from the desktop.
func (w *world) upload(t testing.TB, name string) int64 {
	t.Helper()
	res := w.e.Upload(w.filesPath(w.ownerID), w.owner, "file", name, png, nil)
	apptest.Expect(t, res, 201)
	return int64(res.Map(t)["id"].(float64))
}
