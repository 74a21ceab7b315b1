package member

// FeesPaidUpTo asks the party-fee domain up to which month a member has paid
// (党费缴纳至, recorded on every transfer out). The fee domain answers it on
// the event bus; a program without that domain gets no answer (ok = false)
// and the transfer records the month the administrator enters.
type FeesPaidUpTo struct {
	MemberID int64
}

// PaidUpTo answers FeesPaidUpTo: Month is "YYYY-MM", "" when the member has
// never paid a month; LastDue is the latest month the member has a due
// for (frozen), "" when none: paid up to a month before it, the member owes.
type PaidUpTo struct {
	Month   string
	LastDue string
}

// TransfersOut asks the transfer domain which of these members are being
// transferred out of their branch (转出中: a transfer out of the school or
// to another branch under way). No answer: none is.
type TransfersOut struct {
	MemberIDs []int64
}

// Outgoing answers TransfersOut: the members being transferred out, each
// with what the lists show ("转出中").
type Outgoing map[int64]string

// UnpaidRuns asks the party-fee domain for the members whose dues are
// unpaid for at least Months consecutive months up to Through ("YYYY-MM",
// the last month that has ended: the open month never counts), each since
// the first month of the run after their last paid month (党章 第九条: six
// months without paying is 自行脱党). A program without that domain gets no
// answer.
type UnpaidRuns struct {
	Through string
	Months  int
}

// Unpaid answers UnpaidRuns: the first unpaid month ("YYYY-MM") of each
// member's run, by member id.
type Unpaid map[int64]string

// ProbationsKept asks the development domain which of these probationary
// members it keeps the probation of (发展党员: its record knows an
// extension and reminds of the end itself). No answer: none is.
type ProbationsKept struct {
	MemberIDs []int64
}

// Kept answers ProbationsKept: the members whose probation the development
// domain keeps.
type Kept map[int64]bool
