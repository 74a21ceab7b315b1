package flow

// StatesOf are the states of keys in their order, each named by names (a
// module declares its state keys and their Chinese names once, for its
// vocabulary and its workflows).
func StatesOf(keys []string, names map[string]string) []State {
	out := make([]State, len(keys))
	for i, k := range keys {
		out[i] = State{Key: k, Name: names[k]}
	}
	return out
}
