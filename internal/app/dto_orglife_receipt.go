package app

import "zhdj/internal/orglife"

// orglifeReceiptTS declares the JSON of the meeting receipt (internal/orglife,
// receipt.go): the member's page (/questionnaire/meeting) and the host's
// 回执 tab.
func orglifeReceiptTS() ([]byte, error) {
	f := newTSFile(header("internal/orglife (receipt.go)"))
	f.union("Satisfaction with a meeting (orglife.Satisfied, Basic, Unsatisfied).", "Satisfaction", orglife.Satisfactions)
	f.constant("The satisfactions' names (orglife.SatisfactionNames), in the form's order.", "SATISFACTION_NAMES",
		"Record<Satisfaction, string>", named(orglife.Satisfactions, orglife.SatisfactionNames))
	f.union("Where the caller's receipt stands (orglife.Receipt…).", "ReceiptStatus",
		[]string{orglife.ReceiptNotYet, orglife.ReceiptOpen, orglife.ReceiptOver, orglife.ReceiptAnswered})
	f.constant("The longest 收获体会 and 意见建议, in characters (orglife.MaxReceiptText).", "MAX_RECEIPT_TEXT", "", orglife.MaxReceiptText)
	f.constant("The receipt page's in-app path (orglife.ReceiptPath), ?id=<meeting>.", "RECEIPT_PATH", "", orglife.ReceiptPath)
	f.iface("A member's answer as stored (orglife.Receipt).", "Receipt", orglife.Receipt{}, map[string]string{"satisfaction": "Satisfaction"})
	f.input("The body of POST /api/zzsh/receipt/{id} (orglife.ReceiptInput).", "ReceiptInput", orglife.ReceiptInput{},
		[]string{"satisfaction"}, map[string]string{"satisfaction": "Satisfaction"})
	f.iface("The caller's receipt of a meeting: GET and POST /api/zzsh/receipt/{id} (orglife.ReceiptForm).", "ReceiptForm",
		orglife.ReceiptForm{}, map[string]string{"status": "ReceiptStatus"})
	f.iface("One answer as the host reads it (orglife.ReceiptRow).", "ReceiptRow", orglife.ReceiptRow{}, nil)
	f.iface("How many answered with one satisfaction (orglife.ReceiptCount).", "ReceiptCount", orglife.ReceiptCount{},
		map[string]string{"satisfaction": "Satisfaction"})
	f.iface("A meeting's receipts for its host: GET /api/zzsh/meetings/{id}/receipts (orglife.ReceiptSummary).", "ReceiptSummary",
		orglife.ReceiptSummary{}, nil)
	return f.bytes()
}
