package system_test

import (
	"testing"

	"zhdj/internal/apptest"
)

// An account is named by its name, or by its username when it has none
// (a share to it read 已删除 before); a missing account has no name.
func TestNickNamesFallBackToTheUsername(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	_, named := e.UserWith("SELF", 0)
	_, unnamed := e.UserWith("SELF", 0)
	if _, err := e.DB.NewUpdate().Table("sys_user").Set("nick_name = ''").Where("id = ?", unnamed).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	var username, nick string
	if err := e.DB.NewSelect().Table("sys_user").Column("username").Where("id = ?", unnamed).Scan(t.Context(), &username); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.NewSelect().Table("sys_user").Column("nick_name").Where("id = ?", named).Scan(t.Context(), &nick); err != nil {
		t.Fatal(err)
	}
	got, err := e.Sys.NickNames(t.Context(), e.DB, []int64{named, unnamed, 987654})
	if err != nil {
		t.Fatal(err)
	}
	if nick == "" || username == "" || got[named] != nick || got[unnamed] != username || len(got) != 2 {
		t.Fatalf("names %v (name %q, username %q)", got, nick, username)
	}
}
