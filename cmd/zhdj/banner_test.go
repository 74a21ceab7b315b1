package main

import (
	"strings"
	"testing"
)

// The first start's banner frames the address and the one-time password
// (once) in a box whose right edge lines up, Chinese counted as two columns.
func TestStartBannerFramesThePassword(t *testing.T) {
	t.Parallel()
	out := startBanner("http://localhost:8080/web/", "Xy7#pQ2mK9vLw3", false)
	if strings.Count(out, "Xy7#pQ2mK9vLw3") != 1 || !strings.Contains(out, "http://localhost:8080/web/") || !strings.Contains(out, "admin") {
		t.Fatalf("banner:\n%s", out)
	}
	lines := strings.Split(strings.Trim(out, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "╔═") || !strings.HasPrefix(lines[len(lines)-1], "╚═") {
		t.Fatalf("not framed:\n%s", out)
	}
	for _, l := range lines {
		if displayWidth(l) != displayWidth(lines[0]) {
			t.Errorf("line %q is %d columns, the frame %d", l, displayWidth(l), displayWidth(lines[0]))
		}
	}
	if displayWidth("党员ab（）") != 10 {
		t.Errorf("displayWidth counts wide characters as %d", displayWidth("党员ab（）"))
	}
	// Later starts: the address only; a password from the environment is not shown.
	if later := startBanner("http://localhost:8080/web/", "", true); strings.Contains(later, "one-time") || !strings.Contains(later, "ZHDJ_ADMIN_PASSWORD") {
		t.Fatalf("later banner:\n%s", later)
	}
}
