// Package uniq removes repeated values from a list, keeping the first of each
// in its place: ids sent twice by a client, names picked twice at random.
package uniq

// Of is xs without repeats, in the order each value first appears. It never
// changes xs and never answers nil (an empty selection encodes as []).
func Of[T comparable](xs []T) []T {
	seen := make(map[T]bool, len(xs))
	out := make([]T, 0, len(xs))
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
