package letter_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/transfer/letter"
)

// world: the campus (root, cs, math), a branch under each college, a third
// college (lang) that neither sends nor receives; users anchored at each
// with every letter permission, a list-only user and one without any.
type world struct {
	e                                  *apptest.Env
	svc                                *letter.Service
	root, cs, math, branch, mathBranch int64
	lang                               int64
	deptTK, csTK, mathTK, langTK       string
	listTK, noTK                       string
	member                             int64
	idNumber                           string
}

var allPerms = []string{letter.PermList, letter.PermPrint, letter.PermEdit, letter.PermConfig}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	c := e.Campus(t)
	w := &world{e: e, svc: e.App.Letters, root: c.Root, cs: c.CS, math: c.Math, branch: c.Branch}
	w.mathBranch = e.Org(t, c.Math, "5", "数学教工党支部")
	w.lang = e.Org(t, c.Root, "2", "外国语学院党委")
	w.deptTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", c.Root, allPerms...)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", c.CS, allPerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", c.Math, allPerms...)
	w.langTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.lang, allPerms...)
	w.listTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", c.CS, letter.PermList)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", c.CS, "dzz:list")
	w.idNumber = apptest.IDNumber("110101", "19900315", 12)
	cipher, err := crypto.LoadOrCreate(e.App.Config.KeyDir()) // the installation's field key, as the member base uses it
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	m := &member.Member{Name: "张三", Gender: "1", Ethnicity: "01", PartyStatus: member.PartyFull, MemberStatus: member.StatusNormal,
		BirthDate: "1990-03-15", IDNumberEnc: cipher.Encrypt(w.idNumber), OrgID: c.Branch, CreatedAt: now, UpdatedAt: now}
	if _, err := e.DB.NewInsert().Model(m).Returning("id").Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	w.member = m.ID
	w.at(t, "2026-03-01")
	return w
}

// at sets the letters' clock to 10:00 in China on day.
func (w *world) at(t *testing.T, day string) {
	t.Helper()
	d := date.MustParse(day).Time()
	w.svc.SetClock(func() time.Time { return time.Date(d.Year(), d.Month(), d.Day(), 2, 0, 0, 0, time.UTC) })
}

// issue issues the letter of transfer (cs branch → math branch) as the
// transfer domain does, inside a transaction.
func (w *world) issue(t *testing.T, transfer int64, reach string) letter.Letter {
	t.Helper()
	l, err := w.tryIssue(transfer, reach)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func (w *world) tryIssue(transfer int64, reach string) (letter.Letter, error) {
	var l letter.Letter
	err := db.InTx(context.Background(), w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		var err error
		l, err = w.svc.IssueTx(ctx, tx, letter.Issue{TransferID: transfer, MemberID: w.member, Kind: "inside", FromOrgID: w.branch,
			ToOrgID: &w.mathBranch, Reach: reach, FeesPaidUpTo: "2026-02", IssuedBy: 1})
		return err
	})
	return l, err
}

// receive is the receiving side's acceptance (校内转接) in a transaction.
func (w *world) receive(transfer int64) error {
	return db.InTx(context.Background(), w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		return w.svc.ReceiveTx(ctx, tx, transfer)
	})
}

func (w *world) detail(t *testing.T, tk string, id int64) letter.View {
	t.Helper()
	return apptest.DoJSON[letter.View](t, w.e, 200, "GET", fmt.Sprintf("%s/%d", letter.API, id), tk, nil)
}

type bunTx = bun.Tx

// status is the HTTP status of a service error (0 for none).
func status(err error) int {
	var he *httpx.Error
	if errors.As(err, &he) {
		return he.Status
	}
	if err != nil {
		return 500
	}
	return 0
}

// documentText is the text of word/document.xml of a .docx.
func documentText(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name == "word/document.xml" {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			x, err := io.ReadAll(rc)
			if err != nil {
				t.Fatal(err)
			}
			return string(x)
		}
	}
	t.Fatal("no word/document.xml")
	return ""
}
