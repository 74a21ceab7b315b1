package benchkit

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// Sizes are the member counts benchmarked: 20,000 and 200,000, or the list
// in ZHDJ_BENCH_MEMBERS (e.g. "5000" for a quick look).
func Sizes(tb testing.TB) []int {
	raw := os.Getenv("ZHDJ_BENCH_MEMBERS")
	if raw == "" {
		return []int{20_000, 200_000}
	}
	var out []int
	for _, f := range strings.Split(raw, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			tb.Fatalf("ZHDJ_BENCH_MEMBERS=%q", raw)
		}
		out = append(out, n)
	}
	return out
}
