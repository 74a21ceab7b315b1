package archive_test

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/archive"
	"zhdj/internal/system"
)

func (w *world) link(t testing.TB, token string) archive.NewLink {
	t.Helper()
	return apptest.DoJSON[archive.NewLink](t, w.e, 200, "POST", "/api/archives/mobileUpload", token, map[string]any{})
}

func phone(w *world, token, channel, name string) *apptest.Response {
	return w.e.Upload("/api/mobileUpload?t="+url.QueryEscape(token)+"&channel="+channel, "", "file", name, png, nil)
}

func TestMobileUploadLandsInTheOwnersArchiveOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	l := w.link(t, w.owner)
	state := func() archive.LinkState {
		return apptest.DoJSON[archive.LinkState](t, w.e, 200, "GET", fmt.Sprintf("/api/archives/mobileUpload/%d", l.ID), w.owner, nil)
	}
	if s := state(); s.State != archive.LinkWaiting {
		t.Fatalf("a new link is %s", s.State)
	}
	// The phone has no session: the check and the upload are public.
	apptest.Expect(t, w.e.Do("GET", "/api/mobileUpload?t="+url.QueryEscape(l.Token), "", nil), 200)
	apptest.Expect(t, phone(w, l.Token, archive.ChannelPhoto, "证书.png"), 201)
	if s := state(); s.State != archive.LinkDone || s.Channel != archive.ChannelPhoto || s.FileName != "证书.png" {
		t.Fatalf("after the upload the desktop sees %+v", s)
	}
	files := apptest.DoJSON[[]system.Attachment](t, w.e, 200, "GET", w.filesPath(w.ownerID), w.owner, nil)
	if len(files) != 1 || files[0].Name != "证书.png" || files[0].UploaderName == "" {
		t.Fatalf("the owner's archive holds %+v", files)
	}
	// Single use: a second upload and a second check through the same link are refused.
	apptest.ExpectMessage(t, phone(w, l.Token, archive.ChannelUpload, "again.png"), 404, "上传链接已使用或已过期，请在电脑上重新生成二维码")
	apptest.Expect(t, w.e.Do("GET", "/api/mobileUpload?t="+url.QueryEscape(l.Token), "", nil), 404)
	if n := len(apptest.DoJSON[[]system.Attachment](t, w.e, 200, "GET", w.filesPath(w.ownerID), w.owner, nil)); n != 1 {
		t.Fatalf("a spent link added a file: %d files", n)
	}
	// Only the owner polls their link.
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/archives/mobileUpload/%d", l.ID), w.viewer, nil), 404)
}

func TestMobileUploadRacingPhonesOneWins(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	l := w.link(t, w.owner)
	statuses := apptest.Concurrently(4, func(i int) int { return phone(w, l.Token, archive.ChannelUpload, "a.png").Status })
	apptest.ExpectOneWins(t, statuses, 201, 404)
}

func TestMobileUploadLinkExpires(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	start := time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)
	now := start
	w.e.App.Archive.SetClock(func() time.Time { return now })
	l := w.link(t, w.owner)
	now = start.Add(archive.LinkMinutes*time.Minute - time.Second)
	apptest.Expect(t, w.e.Do("GET", "/api/mobileUpload?t="+url.QueryEscape(l.Token), "", nil), 200)
	now = start.Add(archive.LinkMinutes * time.Minute)
	apptest.ExpectMessage(t, phone(w, l.Token, archive.ChannelPhoto, "late.png"), 404, "上传链接已使用或已过期，请在电脑上重新生成二维码")
	s := apptest.DoJSON[archive.LinkState](t, w.e, 200, "GET", fmt.Sprintf("/api/archives/mobileUpload/%d", l.ID), w.owner, nil)
	if s.State != archive.LinkExpired {
		t.Fatalf("an expired link is %s", s.State)
	}
}

func TestMobileUploadRefusesTamperedLinksAndGrantsNothingElse(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	l := w.link(t, w.owner)
	other := w.link(t, w.viewer)
	last := l.Token[len(l.Token)-1]
	flip := byte('0')
	if last == '0' {
		flip = '1'
	}
	var id, exp int64
	var mac string
	fmt.Sscanf(l.Token, "%d.%d.%s", &id, &exp, &mac) //nolint:errcheck
	for _, bad := range []string{
		l.Token[:len(l.Token)-1] + string(flip),     // signature changed
		fmt.Sprintf("%d.%d.%s", other.ID, exp, mac), // another link's id under this signature
		fmt.Sprintf("%d.%d.%s", id, exp+3600, mac),  // a later expiry
		"", "x", l.Token + "." + l.Token,
	} {
		apptest.ExpectMessage(t, phone(w, bad, archive.ChannelPhoto, "p.png"), 404, "上传链接无效，请在电脑上重新生成二维码")
	}
	// A bad channel or a refused type changes nothing: the link still works.
	apptest.Expect(t, phone(w, l.Token, "CAMERA", "p.png"), 400)
	res := w.e.Upload("/api/mobileUpload?t="+url.QueryEscape(l.Token)+"&channel=UPLOAD", "", "file", "x.html", []byte("<html>"), nil)
	apptest.Expect(t, res, 400)
	// The token is no session: as a bearer token it opens nothing.
	for _, path := range []string{"/api/archives/mine", w.filesPath(w.ownerID), "/api/archives/shares"} {
		apptest.Expect(t, w.e.Do("GET", path, l.Token, nil), 401)
	}
	apptest.Expect(t, phone(w, l.Token, archive.ChannelUpload, "ok.png"), 201)
}

func TestMobileUploadRoutesGuard(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	apptest.Expect(t, w.e.Do("POST", "/api/archives/mobileUpload", "", map[string]any{}), 401)
	apptest.Expect(t, w.e.Do("POST", "/api/archives/mobileUpload", w.noPerm, map[string]any{}), 403)
	apptest.Expect(t, w.e.Do("GET", "/api/archives/mobileUpload/1", "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", "/api/archives/mobileUpload/1", w.noPerm, nil), 403)
	apptest.Expect(t, w.e.Do("GET", "/api/archives/mobileUpload/999999", w.owner, nil), 404)
}
