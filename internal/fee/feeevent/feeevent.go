// Package feeevent holds the events the fee module (internal/fee) publishes
// for other modules, in a package of their own so that a subscriber
// (internal/points) imports them without importing the fee module (which
// reaches the points module through the home pages). Each is published in
// the transaction that writes it and heard after its commit; the entry and
// due ids let a subscriber take a replay as heard.
package feeevent

// MonthPaid tells that a member's month of dues was paid in full by a pay
// entry (on site, online, or out of a prepayment when the month froze).
type MonthPaid struct {
	EntryID  int64 // the pay entry: entry ids grow, so it orders the due's payments and reversals
	DueID    int64
	MemberID int64
	Month    string // YYYY-MM
	PaidOn   string // YYYY-MM-DD (China): the day the money was handed over
	OnTime   bool   // paid by the end of Month: the fee module's due date (see onTime in internal/fee/events.go)
}

// MonthPaymentReversed tells that the pay entry ReversesID of a due was
// reversed (冲正) by entry EntryID: the month is unpaid again.
type MonthPaymentReversed struct {
	EntryID    int64 // the reversal entry (newer than the entry it reverses)
	ReversesID int64
	DueID      int64
	MemberID   int64
	Month      string
}

// MonthInArrears tells that a member's month ended unpaid: the due was not
// paid in full by the end of its month (the arrears of internal/fee/report
// count the same months). Published once per due, by the job
// fee.monthsInArrears.
type MonthInArrears struct {
	DueID    int64
	MemberID int64
	Month    string
}
