package standard

// LastFrozenMonth asks the fee collection domain (internal/fee, which
// freezes the dues when a month's batch starts) for the latest month whose
// due is frozen for a member. It answers Month as "YYYY-MM", "" when none
// is; a program without that domain gets no answer and nothing is frozen.
type LastFrozenMonth struct {
	MemberID int64
}

// FrozenMonth answers LastFrozenMonth.
type FrozenMonth struct {
	Month string
}
