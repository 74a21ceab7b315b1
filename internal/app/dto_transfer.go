package app

import (
	"zhdj/internal/transfer"
	"zhdj/internal/transfer/letter"
	"zhdj/internal/transfer/oversight"
)

// transferDTOs declares the JSON of the transfer APIs the web reads
// (/api/zzgx, its letters and its statistics): each interface is the Go
// struct the handler writes.
func transferDTOs(f *tsFile) {
	// A letter's issue and validity dates are set when it is issued (NOT
	// NULL columns): never the empty date's null.
	f.iface("A letter as a transfer shows it (letter.Letter).", "TransferLetter", letter.Letter{},
		map[string]string{"status": "LetterStatus", "validUntil": "string"})
	f.iface("A transfer as stored (transfer.Transfer): what creating one answers.", "TransferRecord", transfer.Transfer{},
		map[string]string{"kind": "Kind", "state": "TransferState", "reach": "'' | Reach", "feesFrom": "'' | 'fee' | 'entered'"})
	f.iface("A transfer as the lists and the detail show it (transfer.View).", "Transfer", transfer.View{}, nil)
	f.iface("A receiving branch of 校内转接 as its picker shows it (transfer.Branch).", "Branch", transfer.Branch{}, nil)
	f.iface("我的组织关系: GET /api/zzgx/mine (transfer.Mine).", "Mine", transfer.Mine{}, map[string]string{"kinds": "Kind[]"})
	f.iface("A letter's reach as a form offers it, with the validity the settings give it (letter.ReachOption).", "ReachOption",
		letter.ReachOption{}, map[string]string{"value": "Reach"})
	f.iface("What a transfer out's form knows before the user types: GET /api/zzgx/outgoing (transfer.Outgoing).", "Outgoing",
		transfer.Outgoing{}, nil)

	f.iface("A letter as the list and the detail show it (letter.View).", "Letter", letter.View{},
		map[string]string{"kind": "Kind", "reach": "Reach", "status": "LetterStatus", "issuedOn": "string", "validUntil": "string"})
	f.iface("The print view's letter: the ID number in full (letter.PrintView).", "LetterPrint", letter.PrintView{}, nil)
	f.iface("The letters' settings: validity in days by reach, the receipt in months (letter.Settings).", "LetterSettings", letter.Settings{}, nil)

	f.iface("One count of a statistics table (oversight.Cell).", "StatsCell", oversight.Cell{}, nil)
	f.iface("One secondary committee's moves by column key (oversight.CommitteeRow).", "CommitteeRow", oversight.CommitteeRow{}, nil)
	f.iface("The yearly tables: GET /api/zzgx/stats (oversight.Stats).", "Stats", oversight.Stats{}, nil)
}
