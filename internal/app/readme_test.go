package app_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/system"
)

// The README's module tables (功能模块 in Chinese, the menus in English)
// name every visible first-level menu the program seeds, each in a row of
// its own whose first cell starts with the menu's title, and that row names
// every visible page below it: a new menu or page without a line in the
// README fails here.
func TestReadmeListsEveryMenu(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	var menus []system.Menu
	if err := e.DB.NewSelect().Model(&menus).Where("type < ?", system.MenuButton).Where("hidden = ?", false).
		OrderExpr("sort, id").Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	pages := map[int64][]string{}
	for _, m := range menus {
		if m.PID != nil {
			pages[*m.PID] = append(pages[*m.PID], m.Title)
		}
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	tables := map[string]string{"功能模块": "| 菜单 | 页面 |", "English": "| Menu | Pages |"}
	for name, header := range tables {
		rows := tableRows(string(readme), header)
		if len(rows) == 0 {
			t.Fatalf("README: the %s table (%q) is missing", name, header)
		}
		for _, m := range menus {
			if m.PID != nil {
				continue
			}
			row, ok := rows[m.Title]
			if !ok {
				t.Errorf("README %s table: no row for the menu %s", name, m.Title)
				continue
			}
			for _, p := range pages[m.ID] {
				if !strings.Contains(row, p) {
					t.Errorf("README %s table: the row of %s does not name its page %s", name, m.Title, p)
				}
			}
		}
	}
}

// tableRows reads the markdown table under header: each row's text by the
// title its first cell starts with (up to a space or a parenthesis).
func tableRows(text, header string) map[string]string {
	i := strings.Index(text, header)
	if i < 0 {
		return nil
	}
	rows := map[string]string{}
	for _, line := range strings.Split(text[i:], "\n")[2:] {
		if !strings.HasPrefix(line, "| ") {
			break
		}
		cells := strings.SplitN(strings.TrimPrefix(line, "| "), " |", 2)
		title, _, _ := strings.Cut(cells[0], " (")
		rows[strings.TrimSpace(title)] = line
	}
	return rows
}
