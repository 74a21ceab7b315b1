package app

import "zhdj/internal/orglife"

// orglifeDTOs declares the JSON of the organisation-life APIs the web reads
// and sends (/api/zzsh): each interface is the Go struct the handler writes
// or decodes.
func orglifeDTOs(f *tsFile) {
	// held_on is a NOT NULL column: never the empty date's null.
	f.iface("A meeting type (orglife.MeetingType): GET /api/zzsh/types and its options.", "MeetingType", orglife.MeetingType{},
		map[string]string{"period": "'' | Period"})
	f.iface("A meeting as stored (orglife.Meeting).", "Meeting", orglife.Meeting{},
		map[string]string{"state": "MeetingState", "heldOn": "string"})
	f.iface("A meeting as the list and the detail show it (orglife.MeetingView).", "MeetingView", orglife.MeetingView{}, nil)
	f.input("The body of POST and PUT /api/zzsh/meetings (orglife.MeetingInput).", "MeetingInput", orglife.MeetingInput{},
		[]string{"orgId", "typeCode", "topic", "startsAt", "endsAt"}, nil)
	f.iface("An attendee as stored (orglife.Attendee).", "Attendee", orglife.Attendee{},
		map[string]string{"status": "Attendance", "joinType": "JoinType", "joinReason": "0 | JoinReason", "leaveState": "0 | LeaveState",
			"signChannel": "'' | 'scan' | 'hand'"})
	f.iface("An attendee as a meeting's list shows it (orglife.AttendeeView).", "AttendeeView", orglife.AttendeeView{}, nil)
	f.input("The body of POST /api/zzsh/meetings/{id}/attendees (orglife.AddAttendees).", "AddAttendees", orglife.AddAttendees{},
		[]string{"memberIds"}, map[string]string{"joinReason": "0 | JoinReason"})
	f.input("The body of POST /api/zzsh/meetings/{id}/guests (orglife.GuestInput).", "GuestInput", orglife.GuestInput{}, []string{"name"}, nil)
	f.iface("How many attendees an addition listed (orglife.Added).", "Added", orglife.Added{}, nil)
	f.input("The body of PUT …/attendees/{aid}/attendance (orglife.AttendanceInput).", "AttendanceInput", orglife.AttendanceInput{},
		[]string{"status"}, map[string]string{"status": "Attendance"})
	f.input("The body of PUT …/attendees/{aid}/leave (orglife.LeaveDecision).", "LeaveDecision", orglife.LeaveDecision{}, []string{"approve"}, nil)
	f.input("The body of POST /api/zzsh/meetings/{id}/cancel (orglife.CancelInput).", "CancelInput", orglife.CancelInput{}, []string{"reason"}, nil)
	f.input("The body of POST /api/zzsh/meetings/{id}/reschedule (orglife.RescheduleInput).", "RescheduleInput", orglife.RescheduleInput{},
		[]string{"startsAt", "endsAt", "reason"}, nil)
	f.input("The body of PUT /api/zzsh/meetings/{id}/minutes (orglife.MinutesInput).", "MinutesInput", orglife.MinutesInput{}, nil, nil)
}
