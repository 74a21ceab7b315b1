package letter

// What the web reads of the letters' vocabulary (zhdj gen writes it to
// web/src/api/generated/transfer.ts).

// Statuses are a letter's statuses in the order of its life.
var Statuses = []string{StatusIssued, StatusAccepted, StatusReceived, StatusExpired, StatusVoided}

// StatusLabels name the statuses (the list and the transfer's detail).
func StatusLabels() map[string]string { return statusLabels }
