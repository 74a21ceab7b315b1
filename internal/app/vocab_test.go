package app_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zhdj/internal/app"
)

// The web's copies of the modules' vocabulary are the server's: rendered
// again from this build's declarations, no checked-in file may differ, and
// no file under the generated directory may be one the generator no longer
// writes.
func TestWebVocabularyMatchesServer(t *testing.T) {
	files, err := app.Vocabulary()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join("..", "..")
	want := map[string]bool{}
	for _, f := range files {
		want[filepath.Base(f.Path)] = true
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
		if err != nil {
			t.Errorf("%v: run %s", err, app.GenCommand)
			continue
		}
		if string(got) != string(f.Text) {
			t.Errorf("%s differs from the server's declarations: run %s\n%s", f.Path, app.GenCommand, lineDiff(string(got), string(f.Text)))
		}
	}
	entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(app.GeneratedDir)))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !want[e.Name()] {
			t.Errorf("%s/%s is not generated any more: delete it (and run %s)", app.GeneratedDir, e.Name(), app.GenCommand)
		}
	}
}

// The drift the generated files end: the web's probation bounds are the
// server's (6–24 months), and the defaults are DefaultConfig's.
func TestGeneratedRuleSettings(t *testing.T) {
	files, err := app.Vocabulary()
	if err != nil {
		t.Fatal(err)
	}
	var develop string
	for _, f := range files {
		if strings.HasSuffix(f.Path, "/develop.ts") {
			develop = string(f.Text)
		}
	}
	for _, line := range []string{
		"  { key: 'probationMonths', label: '预备期（月）', min: 6, max: 24 },",
		"  probationMonths: 12,",
		"  { no: 2, key: 'talk', name: '党组织派人谈话', stage: 'applicant', by: 'branch' },",
	} {
		if !strings.Contains(develop, line+"\n") {
			t.Errorf("develop.ts lacks %q:\n%s", line, develop)
		}
	}
}
