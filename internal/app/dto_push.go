package app

// pushTS is the top bar's count stream (CountsPath): web/src/api/generated/push.ts.
func pushTS() ([]byte, error) {
	f := newTSFile(header("internal/app/push.go"))
	f.constant("The count stream's path (server-sent events).", "COUNTS_PATH", "string", CountsPath)
	f.constant("The name of the stream's events.", "COUNTS_EVENT", "string", CountsEvent)
	f.iface("The top bar's counts, one event's data (app.Counts).", "Counts", Counts{}, nil)
	return f.bytes()
}
