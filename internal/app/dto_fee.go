package app

import (
	"zhdj/internal/fee"
	feereport "zhdj/internal/fee/report"
	feestandard "zhdj/internal/fee/standard"
)

// feeDTOs declares the JSON of the fee APIs the web reads and sends
// (/api/dfgl, /api/dfbz, /api/dfjs, /api/dfjm): each interface is the Go
// struct the handler writes or decodes. Amounts are integer fen, rates basis
// points (the Go fields say which).
func feeDTOs(f *tsFile) {
	f.union("An entry's kind (fee.Entry…).", "EntryKind", []string{fee.EntryPay, fee.EntryReverse, fee.EntryExtra, fee.EntryUnextra})

	f.iface("What a set of member-month dues add up to (fee.Figures).", "Figures", fee.Figures{}, nil)
	f.iface("A month's batch as stored (fee.Batch): what creating, starting and settling it answer.", "BatchRecord", fee.Batch{},
		map[string]string{"state": "BatchState"})
	f.iface("A month's batch as listed: its members, dueFen and scope are those of its dues in the caller's scope (fee.BatchView).",
		"Batch", fee.BatchView{}, nil)
	f.iface("What creating and starting a month's batch now would do (fee.BatchPreview).", "BatchPreview", fee.BatchPreview{}, nil)
	f.iface("A member's frozen due of a month with what is paid of it (fee.DueView).", "Due", fee.DueView{},
		map[string]string{"state": "DueState"})
	f.iface("A line of a month's roll-up (fee.Rollup).", "Rollup", fee.Rollup{}, nil)
	f.iface("A payment as stored (fee.Payment): what an on-site payment answers.", "PaymentRecord", fee.Payment{},
		map[string]string{"provider": "Provider", "state": "PayState"})
	f.iface("A payment as listed, with its labels and organisation (fee.PaymentView).", "Payment", fee.PaymentView{}, nil)
	f.iface("A value and its Chinese name (fee.Option): the on-site methods, the payment list's filter choices.", "Option", fee.Option{}, nil)
	f.iface("The payment list's filter choices (fee.PaymentFilterOptions).", "PaymentOptions", fee.PaymentFilterOptions{}, nil)
	f.iface("A ledger entry as stored (fee.Entry): what a reversal answers.", "EntryRecord", fee.Entry{},
		map[string]string{"kind": "EntryKind"})
	f.iface("An entry of a payment's detail (fee.EntryView).", "Entry", fee.EntryView{}, nil)
	f.iface("A month paid ahead as stored (fee.Prepay): what a refund answers.", "PrepayRecord", fee.Prepay{},
		map[string]string{"state": "PrepayState"})
	f.iface("A month paid ahead (预交), with its state's label and its payment's number (fee.PrepayView).", "Prepay", fee.PrepayView{}, nil)
	f.iface("A payment with its entries and the months it paid ahead (fee.PaymentDetail).", "PaymentDetail", fee.PaymentDetail{}, nil)
	f.iface("A month a member may pay ahead now, at the standards' amount (fee.AheadMonth).", "AheadMonth", fee.AheadMonth{}, nil)
	f.input("What one online order pays: dues, months and 自愿多交 (fee.OrderInput).", "PayPlan", fee.OrderInput{}, []string{"dueIds"}, nil)
	f.input("The body of an on-site payment (fee.OnsiteInput).", "OnsiteInput", fee.OnsiteInput{}, []string{"dueIds"}, nil)
	f.iface("One of the member's own months (fee.MyDue).", "MyDue", fee.MyDue{}, nil)
	f.iface("One of the member's payments (fee.MyPayment).", "MyPayment", fee.MyPayment{}, nil)
	f.iface("我的党费 and a member's fees (fee.MyFees).", "MyFees", fee.MyFees{}, nil)
	f.iface("A created online order and where the payer goes to pay it (fee.Order).", "Order", fee.Order{}, nil)
	f.iface("What the public /payment page shows of an order (fee.Result).", "PayResult", fee.Result{},
		map[string]string{"state": "PayState", "provider": "Provider"})

	feeStandardDTOs(f)
	feeReportDTOs(f)
}

// feeStandardDTOs are the 党费标准, 基数 and 减免 APIs' (internal/fee/standard).
func feeStandardDTOs(f *tsFile) {
	f.union("A standard's state (standard.State…).", "StandardState", []string{feestandard.StateDraft, feestandard.StateOn, feestandard.StateVoid})
	f.union("A standard's kind (standard.Kind…).", "StandardKind", []string{feestandard.KindRate, feestandard.KindFixed, feestandard.KindExempt})
	f.union("A salary item's kind (standard.Item…).", "ItemKind", []string{feestandard.ItemIncluded, feestandard.ItemExcluded,
		feestandard.ItemDeducted, feestandard.ItemPension, feestandard.ItemMonthPay, feestandard.ItemQuarter, feestandard.ItemStipend})
	f.union("A hardship reduction's kind (standard.Hardship…).", "HardshipKind", []string{feestandard.HardshipReduce, feestandard.HardshipExempt})
	hardship := []string{feestandard.HardshipReview, feestandard.HardshipReturned, feestandard.HardshipApproved,
		feestandard.HardshipRejected, feestandard.HardshipWithdrawn, feestandard.HardshipEnded}
	f.union("A hardship reduction's state (standard.Hardship…).", "HardshipState", hardship)
	f.constant("The hardship states' names (standard.HardshipStateLabels).", "HARDSHIP_STATE_LABELS", "Record<HardshipState, string>",
		named(hardship, feestandard.HardshipStateLabels))

	f.iface("A band of a rate standard (standard.Bracket).", "Bracket", feestandard.Bracket{}, nil)
	f.iface("A fee standard (standard.Standard).", "Standard", feestandard.Standard{},
		map[string]string{"kind": "StandardKind", "state": "StandardState"})
	f.iface("A bracket of a standard as typed (standard.BracketInput).", "BracketInput", feestandard.BracketInput{}, nil)
	f.input("The body of POST/PUT /api/dfbz (standard.StandardInput).", "StandardInput", feestandard.StandardInput{},
		[]string{"name", "category", "kind"}, map[string]string{"kind": "StandardKind"})
	f.iface("A category with its label and whether it needs a base (standard.Category).", "Category", feestandard.Category{}, nil)
	f.iface("An item of a base (standard.Item).", "SalaryItem", feestandard.Item{}, map[string]string{"kind": "ItemKind"})
	f.iface("GET /api/dfbz/meta (standard.Meta).", "Meta", feestandard.Meta{}, map[string]string{"states": "Record<StandardState, string>"})
	f.iface("A base as the list shows it (standard.BaseView).", "Base", feestandard.BaseView{}, nil)
	f.input("The body of POST/PUT /api/dfjs and its preview (standard.BaseInput).", "BaseInput", feestandard.BaseInput{},
		[]string{"year", "fromMonth", "category", "items"}, nil)
	f.iface("The base and the monthly due an input gives (standard.Preview).", "Preview", feestandard.Preview{}, nil)
	f.iface("A member of the scope without a base of the year (standard.MissingView).", "MissingBase", feestandard.MissingView{}, nil)
	f.iface("A hardship proposal as the list shows it (standard.HardshipView).", "Hardship", feestandard.HardshipView{},
		map[string]string{"kind": "HardshipKind", "state": "HardshipState"})
	f.input("The body of POST /api/dfjm (standard.HardshipInput).", "HardshipInput", feestandard.HardshipInput{},
		[]string{"memberId", "kind", "from", "to", "reason"}, map[string]string{"kind": "HardshipKind"})
}

// feeReportDTOs are the reports' (internal/fee/report).
func feeReportDTOs(f *tsFile) {
	f.union("How long a member's arrears run (report.Level…).", "ArrearLevel", []string{feereport.LevelRemind, feereport.LevelWarn})
	f.iface("One organisation's line: its whole subtree's figures (report.OrgRow).", "OrgRow", feereport.OrgRow{}, nil)
	f.iface("GET /api/dfgl/report/orgs (report.OrgReport).", "OrgReport", feereport.OrgReport{}, nil)
	f.iface("A member's figures over the period (report.MemberRow).", "MemberRow", feereport.MemberRow{}, nil)
	f.iface("A member's current run of unpaid months (report.Arrear).", "Arrear", feereport.Arrear{}, map[string]string{"level": "'' | ArrearLevel"})
	f.iface("A member's line of the 党费收缴台账 (report.LedgerRow).", "LedgerRow", feereport.LedgerRow{}, nil)
	f.iface("GET /api/dfgl/report/ledger (report.Ledger).", "Ledger", feereport.Ledger{}, nil)
}
