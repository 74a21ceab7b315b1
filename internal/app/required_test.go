package app_test

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"zhdj/internal/apptest"
)

// requiredFields is testdata/required-fields.json, which the web's test
// (web/src/components/crud/required.test.ts) reads too: the form marks as
// required exactly what the server requires.
type requiredFields struct {
	Resources []struct {
		Key      string   `json:"key"`
		Create   string   `json:"create"`
		Required []string `json:"required"`
	} `json:"resources"`
}

// An empty create names every field the server requires, all at once; they
// are the ones the shared file lists.
func TestRequiredFieldsAsTheWebMarksThem(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/required-fields.json")
	if err != nil {
		t.Fatal(err)
	}
	var spec requiredFields
	if err := json.Unmarshal(raw, &spec); err != nil || len(spec.Resources) == 0 {
		t.Fatalf("%v %d", err, len(spec.Resources))
	}
	e := apptest.New(t)
	for _, r := range spec.Resources {
		res := e.Do("POST", r.Create, e.AdminTK, map[string]any{})
		var body struct {
			Fields []struct{ Field string }
		}
		res.JSON(t, &body)
		var got []string
		for _, f := range body.Fields {
			got = append(got, f.Field)
		}
		want := slices.Clone(r.Required)
		slices.Sort(got)
		slices.Sort(want)
		if res.Status != 400 || !slices.Equal(got, want) {
			t.Errorf("%s: %d, the server requires %v; the shared file says %v", r.Key, res.Status, got, want)
		}
	}
}
