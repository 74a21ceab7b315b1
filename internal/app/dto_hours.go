package app

import (
	"zhdj/internal/pschool/course"
	"zhdj/internal/pschool/hours"
)

// hoursTS is the vocabulary and the JSON of 学时统计 (/api/xssb) and the
// member's own report (/api/xssb/my): states, forms, bounds, targets.
func hoursTS() ([]byte, error) {
	f := newTSFile(header("internal/pschool/hours (model.go, offline.go, report.go, mine.go)"))
	f.decl("/** An offline record's state (hours.State…): 0 待审核, 1 已通过, 2 已退回. */\nexport type State = %s", numbers(hours.States))
	f.constant("The states by role.", "STATE", "", tsObj{{"pending", hours.StatePending}, {"approved", hours.StateApproved}, {"returned", hours.StateReturned}})
	f.constant("The states' names (hours.StateNames).", "STATE_NAMES", "Record<State, string>", numbered(hours.States, hours.StateNames))
	f.decl("/** A form of offline study (hours.Form…). */\nexport type Form = %s", numbers(hours.Forms))
	f.constant("The forms in the form's order.", "FORMS", "readonly Form[]", hours.Forms)
	f.constant("The forms' names (hours.FormNames).", "FORM_NAMES", "Record<Form, string>", numbered(hours.Forms, hours.FormNames))
	f.constant("RULES.md §4: the yearly class hours of a member and of a secretary or committee member.", "TARGETS", "",
		tsObj{{"member", hours.MemberTarget}, {"leader", hours.LeaderTarget}})
	f.constant("The bounds (hours.Max…): 学时 of a record from minTenths to maxTenths tenths of an hour a day (one decimal).", "LIMITS", "",
		tsObj{{"minTenths", hours.MinTenths}, {"maxTenths", hours.MaxTenths}, {"title", hours.MaxTitle},
			{"note", hours.MaxNote}, {"reason", hours.MaxReason}, {"membersAtOnce", hours.MaxMembersOne}})
	f.iface("An offline record as the API shows it (hours.OfflineView).", "Offline", hours.OfflineView{},
		map[string]string{"state": "State", "form": "Form"})
	f.input("A session entered for several members (hours.OfflineInput).", "OfflineInput", hours.OfflineInput{},
		[]string{"memberIds", "studiedOn", "title", "form", "hours"}, map[string]string{"form": "Form"})
	f.iface("What a session created (hours.Created).", "Created", hours.Created{}, nil)
	f.iface("A member's hours (hours.Figures).", "Figures", hours.Figures{}, nil)
	f.iface("A member's year (hours.MemberRow, GET /api/xssb/members).", "MemberRow", hours.MemberRow{}, map[string]string{"hours": "Figures"})
	f.iface("An organisation's year (hours.GroupRow, GET /api/xssb/branches and /committees).", "GroupRow", hours.GroupRow{}, nil)
	f.iface("A node credited (course.CreditedNode).", "CreditedNode", course.CreditedNode{}, nil)
	f.iface("The caller's own year (hours.My, GET /api/xssb/my).", "My", hours.My{},
		map[string]string{"nodes": "CreditedNode[]", "records": "Offline[]"})
	return f.bytes()
}
