package survey

// MoveReceipts is the move of migration 2026120580 for its test.
var MoveReceipts = moveReceipts
