package system_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/config"
	"zhdj/internal/platform/files"
	"zhdj/internal/platform/files/s3test"
)

// With the object store chosen by the settings, the file routes behave as
// on disk: the same bytes, ranges, access rule and deletes, and no byte of
// an upload rests on the local disk.
func TestFileRoutesOnObjectStorage(t *testing.T) {
	t.Parallel()
	bucket := s3test.Bucket(t)
	e := apptest.NewWith(t, func(c *config.Config) {
		c.FileStore = config.FileStoreS3
		c.S3 = bucket
	})
	objects := func() int {
		t.Helper()
		s, err := files.NewS3Store(context.Background(), bucket, filepath.Join(t.TempDir(), ".staging"))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		if err := s.Walk(context.Background(), func(string, int64) error { n++; return nil }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	owner, _ := e.UserWith("SELF", 0)
	other, _ := e.UserWith("SELF", 0)
	video := bytes.Repeat([]byte("党课视频0123456789"), 20000) // 460 KB
	copy(video, "\x00\x00\x00\x18ftypmp42")
	f := uploadFile(t, e, owner, "第一讲.mp4", video, map[string]string{"moduleName": "pschool"})
	if objects() != 1 {
		t.Fatalf("%d objects after one upload", objects())
	}
	if _, err := os.Stat(filepath.Join(e.App.Config.DataDir, "files")); !os.IsNotExist(err) {
		t.Fatalf("the local upload directory exists with the object store: %v", err)
	}
	if left, _ := os.ReadDir(filepath.Join(e.App.Config.DataDir, ".staging")); len(left) != 0 {
		t.Fatalf("staging keeps %d files", len(left))
	}

	res := fileGet(e, "download", f.ID, owner)
	apptest.Expect(t, res, http.StatusOK)
	if !bytes.Equal(res.Body, video) {
		t.Fatalf("downloaded %d bytes, uploaded %d", len(res.Body), len(video))
	}
	// Seeking in the middle of a video, and its last bytes.
	for _, r := range [][2]int{{300000, 300099}, {len(video) - 10, len(video) - 1}} {
		req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/file/download?id=%d", e.Server.URL, f.ID), nil)
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", r[0], r[1]))
		res := e.Request(req, owner)
		apptest.Expect(t, res, http.StatusPartialContent)
		if !bytes.Equal(res.Body, video[r[0]:r[1]+1]) ||
			res.Header.Get("Content-Range") != fmt.Sprintf("bytes %d-%d/%d", r[0], r[1], len(video)) {
			t.Fatalf("range %v: %d bytes, %q", r, len(res.Body), res.Header.Get("Content-Range"))
		}
	}
	apptest.Expect(t, fileGet(e, "download", f.ID, other), http.StatusNotFound)
	apptest.Expect(t, fileGet(e, "download", f.ID, ""), http.StatusUnauthorized)

	deleter, _ := e.UserWith("SELF", 0, "file:del")
	apptest.Expect(t, e.Do("DELETE", "/api/file", deleter, []int64{f.ID}), http.StatusNoContent)
	if objects() != 0 {
		t.Fatal("the object outlived its file")
	}
	apptest.Expect(t, fileGet(e, "download", f.ID, owner), http.StatusNotFound)
}
