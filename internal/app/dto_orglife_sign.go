package app

import "zhdj/internal/orglife"

// orglifeSignTS declares the JSON of the sign-in APIs (internal/orglife,
// sign.go) that the public sign-in page and the meeting's screen read: each
// interface is the Go struct the handler writes. The meetings' own API
// declares its types beside these.
func orglifeSignTS() ([]byte, error) {
	f := newTSFile(header("internal/orglife (sign.go)"))
	f.union("How a sign-in marks the attendee (orglife.AttendPresent, orglife.AttendLate).", "SignStatus",
		[]string{orglife.AttendPresent, orglife.AttendLate})
	f.constant("The longest reason of a leave request, in characters (orglife.MaxLeaveReason).", "MAX_LEAVE_REASON", "",
		orglife.MaxLeaveReason)
	f.iface("What the public page shows of the meeting a code names: GET /api/zzsh/sign (orglife.SignMeeting).", "SignMeeting",
		orglife.SignMeeting{}, nil)
	f.iface("A sign-in's answer: POST /api/zzsh/sign (orglife.SignResult).", "SignResult", orglife.SignResult{},
		map[string]string{"status": "SignStatus"})
	f.iface("A leave request's answer: POST /api/zzsh/sign/leave (orglife.LeaveResult).", "LeaveResult", orglife.LeaveResult{}, nil)
	f.iface("A started meeting's attendance so far (orglife.Counts).", "SignCounts", orglife.Counts{}, nil)
	f.iface("One sign-in as the screen names it (orglife.Signed).", "Signed", orglife.Signed{}, nil)
	f.iface("The screen of a started meeting: GET /api/zzsh/meetings/{id}/screen (orglife.Screen).", "Screen", orglife.Screen{}, nil)
	return f.bytes()
}
