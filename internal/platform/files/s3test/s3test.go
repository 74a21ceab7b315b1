// Package s3test gives a test an S3-compatible bucket of its own: by default
// gofakes3 (an S3 server in the test process, MIT, from the Go module
// proxy), or a real store named by ZHDJ_TEST_S3_ENDPOINT (MinIO: the server
// is neither in Debian's packages nor under a licence we take), whose bucket
// ZHDJ_TEST_S3_BUCKET the test fills under a prefix of its own.
package s3test

import (
	"crypto/rand"
	"encoding/hex"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"zhdj/internal/platform/files"
)

// Bucket returns the settings of an empty bucket (or bucket prefix) that
// lives as long as t.
func Bucket(t testing.TB) files.S3Config {
	t.Helper()
	b := make([]byte, 6)
	rand.Read(b) //nolint:errcheck // never fails
	prefix := "t" + hex.EncodeToString(b) + "/"
	if ep := os.Getenv("ZHDJ_TEST_S3_ENDPOINT"); ep != "" {
		return files.S3Config{Endpoint: ep, Bucket: os.Getenv("ZHDJ_TEST_S3_BUCKET"), Prefix: prefix,
			AccessKey: os.Getenv("ZHDJ_TEST_S3_ACCESS_KEY"), SecretKey: os.Getenv("ZHDJ_TEST_S3_SECRET_KEY"),
			Insecure: os.Getenv("ZHDJ_TEST_S3_INSECURE") == "true"}
	}
	mem := s3mem.New()
	if err := mem.CreateBucket("zhdj"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(mem, gofakes3.WithIntegrityCheck(true)).Server())
	t.Cleanup(srv.Close)
	return files.S3Config{Endpoint: srv.Listener.Addr().String(), Bucket: "zhdj", Prefix: prefix,
		AccessKey: "test", SecretKey: "test-secret", Insecure: true}
}
