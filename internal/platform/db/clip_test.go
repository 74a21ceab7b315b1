package db

import "testing"

func TestClipCountsCharacters(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{{"党费标准", 2, "党费"}, {"党费", 2, "党费"}, {"党费", 5, "党费"}, {"abc", 0, ""}, {"", 3, ""}} {
		if got := Clip(c.in, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
