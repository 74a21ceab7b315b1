package db

// Clip keeps at most n characters (runes, never a split one) of s: a text
// written to a VARCHAR(n) column whatever its length (a due's working, an
// error's message kept in a run's row).
func Clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
