package member

// ReplayTrail is the migration's replay of the trail, for the test that
// compares it with the versions kept live.
var ReplayTrail = replayTrail
