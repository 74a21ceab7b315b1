package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"github.com/uptrace/bun"
	"github.com/xuri/excelize/v2"

	"zhdj/internal/app"
	"zhdj/internal/apptest"
	"zhdj/internal/imports"
	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/files/s3test"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/system"
)

// childServeEnv makes the test binary run `zhdj serve` instead of the tests:
// the two-instance test starts two real server processes from it, without
// building the binary again.
const childServeEnv = "ZHDJ_TEST_CHILD_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(childServeEnv) == "1" {
		if err := serve(nil); err != nil {
			fmt.Fprintln(os.Stderr, "zhdj:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	db.TestMain(m) // drops this binary's PostgreSQL template at the end
}

// instance is one `zhdj serve` process of the test.
type instance struct {
	name string
	base string // http://127.0.0.1:PORT
	cmd  *exec.Cmd
	log  *bytes.Buffer
}

var bannerURL = regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/web/`)

// startInstance starts `zhdj serve` on dsn and the shared data directory,
// on a port of its choosing, and returns once it listens (its banner, which
// serve prints after binding). The process is stopped (SIGTERM, as systemd
// would) when the test ends.
func startInstance(t *testing.T, name, dsn, dataDir string, env ...string) *instance {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(append(os.Environ(), env...), childServeEnv+"=1", "ZHDJ_DB="+dsn, "ZHDJ_DATA_DIR="+dataDir,
		"ZHDJ_ADDR=127.0.0.1:0", "ZHDJ_ADMIN_PASSWORD=Cluster@12345", "ZHDJ_CAPTCHA=",
		// The load balancer in front: its X-Forwarded-For names the client,
		// so each check below comes from an address of its own.
		"ZHDJ_TRUSTED_PROXIES=127.0.0.1/32")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	inst := &instance{name: name, cmd: cmd, log: &bytes.Buffer{}}
	cmd.Stderr = inst.log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM) //nolint:errcheck
		cmd.Wait()                          //nolint:errcheck
		if t.Failed() {
			t.Logf("instance %s's log:\n%s", name, inst.log.String())
		}
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := bannerURL.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		close(found)
		io.Copy(io.Discard, out) //nolint:errcheck
	}()
	select {
	case addr, ok := <-found:
		if !ok {
			cmd.Wait() //nolint:errcheck
			t.Fatalf("instance %s ended before listening:\n%s", name, inst.log.String())
		}
		inst.base = "http://" + addr
	case <-time.After(2 * time.Minute):
		t.Fatalf("instance %s did not start within 2 minutes:\n%s", name, inst.log.String())
	}
	return inst
}

// call sends a request to the instance as client address ip (through the
// trusted proxy), with token when given, and decodes the JSON answer into
// out when given.
func (in *instance) call(t *testing.T, method, path, ip, token string, body, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, in.base+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s on %s: %v", method, path, in.name, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil && res.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s on %s: %v: %s", method, path, in.name, err, data)
		}
	}
	return res.StatusCode
}

// get reads a download from the instance.
func (in *instance) get(t *testing.T, path, token string) []byte {
	t.Helper()
	req, err := http.NewRequest("GET", in.base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s on %s: %d %v", path, in.name, res.StatusCode, err)
	}
	return data
}

// upload posts a workbook as the form's file and decodes the answer into out.
func (in *instance) upload(t *testing.T, path, token string, content []byte, out any) int {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", "导入.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(content) //nolint:errcheck
	mw.Close()
	req, err := http.NewRequest("POST", in.base+path, &buf)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusOK || res.StatusCode == http.StatusCreated {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}
	return res.StatusCode
}

// captcha fetches a captcha from the instance and reads its answer where
// every instance keeps it (the test stands in for the person who reads the image).
func (in *instance) captcha(t *testing.T, database *bun.DB, ip string) (uuid, answer string) {
	t.Helper()
	var c struct {
		UUID    string `json:"uuid"`
		Enabled bool   `json:"enabled"`
	}
	if st := in.call(t, "GET", "/auth/code", ip, "", nil, &c); st != http.StatusOK || !c.Enabled {
		t.Fatalf("captcha on %s: %d, enabled %v", in.name, st, c.Enabled)
	}
	if err := database.NewRaw(`SELECT answer FROM sys_captcha WHERE uuid = ?`, c.UUID).Scan(context.Background(), &answer); err != nil {
		t.Fatal(err)
	}
	return c.UUID, answer
}

// login signs admin in on the instance with a captcha issued by from, and
// answers the status and the token.
func (in *instance) login(t *testing.T, database *bun.DB, keys *auth.KeyPair, from *instance, ip, password string) (int, string) {
	t.Helper()
	uuid, answer := from.captcha(t, database, ip)
	var out struct{ Token string }
	st := in.call(t, "POST", "/auth/login", ip, "", map[string]any{"username": "admin",
		"password": keys.Encrypt(password), "uuid": uuid, "code": answer}, &out)
	return st, out.Token
}

// TestTwoInstancesBehaveAsOne starts two `zhdj serve` processes on one
// PostgreSQL database and one data directory (the shared volume of
// docs/deploy.md), as two instances behind a load balancer, and checks what
// a user or an attacker would see differ between them (issue 33).
func TestTwoInstancesBehaveAsOne(t *testing.T) {
	server := os.Getenv(db.TestDSNEnv)
	if server == "" || server == "sqlite" {
		t.Skip("several instances share a PostgreSQL database: run in the PostgreSQL pass")
	}
	t.Parallel()
	ctx := context.Background()
	database := db.NewTest(t, app.Migrations())
	var name string
	if err := database.NewRaw(`SELECT current_database()`).Scan(ctx, &name); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(server)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	dsn := u.String()

	// Two scheduled jobs on every minute, stored before the instances start
	// (each reads the stored schedules then), so both instances tick
	// together: the system's purge, and the reminders' evaluation (whose
	// reminders a unique index also keeps from being written twice).
	scheduled := []string{"system.purgeExpired", "remind.evaluate"}
	for _, job := range scheduled {
		if _, err := database.NewRaw(`INSERT INTO sys_job (name, cron, enabled, updated_at) VALUES (?, '* * * * *', 1, ?)
			ON CONFLICT (name) DO UPDATE SET cron = EXCLUDED.cron, enabled = 1`, job, time.Now().UTC()).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	started := time.Now()

	// Both start at once on one empty data directory and a database without
	// an administrator: they agree on the keys and create one administrator.
	// Their files are kept in one bucket (the S3 server runs in this test's
	// process).
	dataDir := t.TempDir()
	bucket := s3test.Bucket(t)
	s3env := []string{"ZHDJ_FILE_STORE=s3", "ZHDJ_S3_ENDPOINT=" + bucket.Endpoint, "ZHDJ_S3_BUCKET=" + bucket.Bucket,
		"ZHDJ_S3_PREFIX=" + bucket.Prefix, "ZHDJ_S3_ACCESS_KEY=" + bucket.AccessKey, "ZHDJ_S3_SECRET_KEY=" + bucket.SecretKey,
		"ZHDJ_S3_INSECURE=true"}
	var a, b *instance
	startedB := make(chan struct{})
	go func() {
		defer close(startedB)
		b = startInstance(t, "B", dsn, dataDir, s3env...)
	}()
	a = startInstance(t, "A", dsn, dataDir, s3env...)
	<-startedB
	if b == nil || b.base == "" {
		t.FailNow()
	}
	keys, err := auth.LoadOrCreateKeyPair(filepath.Join(dataDir, "keys"))
	if err != nil {
		t.Fatal(err)
	}

	// A captcha issued by A is checked by B; the session made by B is valid
	// on A. (The account's sign-ins are counted too: ten at once, so this
	// test makes exactly ten.)
	uuid, answer := a.captcha(t, database, "198.51.100.1")
	var signedIn struct{ Token string }
	if st := b.call(t, "POST", "/auth/login", "198.51.100.1", "", map[string]any{"username": "admin",
		"password": keys.Encrypt("Cluster@12345"), "uuid": uuid, "code": answer}, &signedIn); st != http.StatusOK || signedIn.Token == "" {
		t.Fatalf("sign-in on B with A's captcha: %d", st)
	}
	token := signedIn.Token
	for _, in := range []*instance{a, b} {
		if st := in.call(t, "GET", "/auth/info", "198.51.100.1", token, nil, nil); st != http.StatusOK {
			t.Fatalf("the session made on B answers %d on %s", st, in.name)
		}
	}
	// A captcha is used once, whichever instance checks it the second time.
	if st := a.call(t, "POST", "/auth/login", "198.51.100.1", "", map[string]any{"username": "admin",
		"password": keys.Encrypt("Cluster@12345"), "uuid": uuid, "code": answer}, nil); st == http.StatusOK {
		t.Fatal("a captcha checked by B was accepted again by A")
	}

	// Lockout: wrong passwords from one address spread over both instances
	// count together (5 lock the pair); the right password from that address
	// is then refused on either, and still accepted from another.
	const guesser = "203.0.113.9"
	for i := range 5 {
		in, from := a, b
		if i%2 == 1 {
			in, from = b, a
		}
		if st, _ := in.login(t, database, keys, from, guesser, "Guess@0000"+fmt.Sprint(i)); st == http.StatusOK {
			t.Fatal("a wrong password signed in")
		}
	}
	for _, in := range []*instance{a, b} {
		if st, _ := in.login(t, database, keys, in, guesser, "Cluster@12345"); st == http.StatusOK {
			t.Fatalf("the pair locked by failures on both instances signs in on %s", in.name)
		}
	}
	if st, _ := a.login(t, database, keys, b, "198.51.100.2", "Cluster@12345"); st != http.StatusOK {
		t.Fatalf("the account is locked for every address: %d", st)
	}

	// Rate limits: one client's captcha budget (30 at once) is one across
	// both instances, not 30 on each.
	allowed, refusedOn := 0, map[string]bool{}
	for i := 0; len(refusedOn) < 2 && i < 80; i++ {
		in := []*instance{a, b}[i%2]
		switch st := in.call(t, "GET", "/auth/code", "192.0.2.77", "", nil, nil); st {
		case http.StatusOK:
			allowed++
		case http.StatusTooManyRequests:
			refusedOn[in.name] = true
		default:
			t.Fatalf("captcha on %s: %d", in.name, st)
		}
	}
	// 30 at once, and one more for each 2 s the loop took.
	if allowed < 30 || allowed > 33 || len(refusedOn) != 2 {
		t.Fatalf("one client got %d captchas from two instances (refused on %v); the budget is 30", allowed, refusedOn)
	}

	// A setting changed through A reaches B within its cache's few seconds.
	var configs []system.Config
	if st := a.call(t, "GET", "/api/sysConfig/listAll", "198.51.100.1", token, nil, &configs); st != http.StatusOK {
		t.Fatalf("settings: %d", st)
	}
	var captchaSetting *system.Config
	for i := range configs {
		if configs[i].Key == system.CfgCaptchaEnabled {
			captchaSetting = &configs[i]
		}
	}
	if captchaSetting == nil {
		t.Fatal("no captchaEnabled setting")
	}
	in := system.ConfigInput{ID: captchaSetting.ID, ConfigKey: captchaSetting.Key, ConfigValue: "false", ConfigName: captchaSetting.Name,
		ConfigGroup: captchaSetting.Group, Remark: captchaSetting.Remark, ValueKind: captchaSetting.Kind, IsPublic: captchaSetting.IsPublic}
	if st := a.call(t, "PUT", "/api/sysConfig", "198.51.100.1", token, in, nil); st >= 300 {
		t.Fatalf("turning the captcha off on A: %d", st)
	}
	changed := time.Now()
	for n := 0; ; n++ {
		var c struct{ Enabled bool }
		// A fresh address each time: the captcha budget is not what is read here.
		if st := b.call(t, "GET", "/auth/code", fmt.Sprintf("192.0.2.%d", 100+n), "", nil, &c); st != http.StatusOK {
			t.Fatalf("captcha on B: %d", st)
		}
		if !c.Enabled {
			break
		}
		if time.Since(changed) > 15*time.Second {
			t.Fatal("B still asks for a captcha 15 s after A turned it off")
		}
		time.Sleep(200 * time.Millisecond) // waiting on B's settings cache (5 s), not timing the machine
	}

	// An import staged on A is read and committed on B, and its account is
	// then found on A.
	tmpl := a.get(t, "/api/users/template", token)
	book, err := excelize.OpenReader(bytes.NewReader(tmpl))
	if err != nil {
		t.Fatal(err)
	}
	header, err := book.GetRows(book.GetSheetList()[0])
	book.Close()
	if err != nil || len(header) == 0 {
		t.Fatalf("the users' template: %v", err)
	}
	var batch imports.Batch
	if st := a.upload(t, "/api/import/user/batches", token, apptest.Workbook(t, [][]string{header[0][1:], // after 序号
		{"cluster1", "集群甲", "男", "13800138011", "", "学校", "党员", "否"}}), &batch); st != http.StatusOK || batch.Total != 1 {
		t.Fatalf("upload on A: %d %+v", st, batch)
	}
	var committed imports.Batch
	if st := b.call(t, "POST", fmt.Sprintf("/api/import/user/batches/%d/commit", batch.ID), "198.51.100.1", token,
		map[string]any{"skipInvalid": false}, &committed); st != http.StatusOK || committed.State != imports.StateImportEnd || committed.NewCount != 1 {
		t.Fatalf("commit on B of A's batch: %d %+v", st, committed)
	}
	var found struct {
		Total int `json:"totalElements"`
	}
	if st := a.call(t, "POST", "/api/users/list", "198.51.100.1", token, map[string]any{"blurry": "cluster1"}, &found); st != http.StatusOK || found.Total != 1 {
		t.Fatalf("the account imported through B, on A: %d, %d found", st, found.Total)
	}

	// A file uploaded on A is downloaded from B: the bucket holds it, the
	// shared directory does not.
	var uploaded struct{ ID int64 }
	workbook := apptest.Workbook(t, [][]string{{"支部", "人数"}, {"第一支部", "12"}})
	if st := a.upload(t, "/api/file/upload", token, workbook, &uploaded); st != http.StatusCreated || uploaded.ID == 0 {
		t.Fatalf("file upload on A: %d", st)
	}
	if got := b.get(t, fmt.Sprintf("/api/file/download?id=%d", uploaded.ID), token); !bytes.Equal(got, workbook) {
		t.Fatalf("B downloads %d bytes of A's %d", len(got), len(workbook))
	}
	if _, err := os.Stat(filepath.Join(dataDir, "files")); !os.IsNotExist(err) {
		t.Fatalf("uploads reached the data directory with the bucket configured: %v", err)
	}

	// Signing out on A ends the session on B too.
	if st := a.call(t, "DELETE", "/auth/logout", "198.51.100.1", token, nil, nil); st >= 300 {
		t.Fatalf("sign-out on A: %d", st)
	}
	if st := b.call(t, "GET", "/auth/info", "198.51.100.1", token, nil, nil); st != http.StatusUnauthorized {
		t.Fatalf("the session signed out on A answers %d on B", st)
	}

	// Each job's first tick after both started ran once, on one of them.
	deadline := started.Truncate(time.Minute).Add(2*time.Minute + 30*time.Second)
	for _, job := range scheduled {
		var runs []struct {
			Instance string    `bun:"instance"`
			Started  time.Time `bun:"started_at"`
		}
		for {
			runs = runs[:0]
			if err := database.NewRaw(`SELECT instance, started_at FROM sys_job_run
				WHERE job_name = ? AND trigger_type = ? AND finished_at IS NOT NULL ORDER BY id`,
				job, jobs.TriggerSchedule).Scan(ctx, &runs); err != nil {
				t.Fatal(err)
			}
			if len(runs) > 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no scheduled run of %s by %s", job, deadline.Format(time.TimeOnly))
			}
			time.Sleep(time.Second) // waiting for the next minute's tick, not timing the machine
		}
		tick, n := runs[0].Started.Truncate(time.Minute), 0
		for _, r := range runs {
			if r.Started.Truncate(time.Minute).Equal(tick) {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("the tick %s of %s ran %d times on two instances: %+v", tick.Format(time.TimeOnly), job, n, runs)
		}
	}
}
