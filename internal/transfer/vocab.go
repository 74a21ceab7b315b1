package transfer

// What the web reads of this module's vocabulary (zhdj gen writes it to
// web/src/api/generated/transfer.ts).

// States are the states in the order the lists offer them: the open ones,
// then the ends.
var States = append(append([]string(nil), OpenStates...), StateDone, StateRejected, StateWithdrawn, StateCancelled)

// SubKinds are the sub-kinds kind requires, in their order (nil: none).
func SubKinds(kind string) []string { return subKinds[kind] }
