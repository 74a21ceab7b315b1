package member

import "zhdj/internal/platform/date"

// SourceDeveloped is DY_LY 本校发展: a member the school's own development
// admitted (develop's ⑰ 上级党委审批).
const SourceDeveloped = "1"

// Created is published in the transaction that creates a member record one
// at a time — the form, or another domain's create (develop's admission at
// ⑰, a transfer in) —, not by the workbook import. internal/fee charges a
// probationary member the school admitted from the month of the branch
// meeting that admitted them (JoinedOn, ⑮).
type Created struct {
	MemberID    int64
	Name        string
	OrgID       int64
	PartyStatus string
	Source      string
	JoinedOn    date.Date
}
