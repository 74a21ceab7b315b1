// Package letter is the letter of introduction (介绍信) of an organisation
// relation transfer (RULES.md §3): stub, letter and receipt numbered per
// year, validity from the settings, the standard print layout and DOCX, the
// receipt's return, reissue of an expired letter. The transfer domain asks
// for a letter inside the transaction of the approval that issues it.
package letter

import "zhdj/internal/platform/date"

// Reach is how far a letter goes; it decides the validity (settings:
// 30 days in the city, 90 nationwide by default, never more than 3 months).
const (
	ReachCity     = "city"     // 市内
	ReachProvince = "province" // 省内
	ReachNation   = "nation"   // 省外 / 全国
)

// Issue asks for the letter of one approved transfer.
type Issue struct {
	TransferID   int64
	MemberID     int64
	Kind         string // the transfer's kind code (transfer.Kind…)
	FromOrgID    int64  // the sending organisation (the member's branch)
	ToOrgID      *int64 // the receiving organisation, when it is in the school
	ToOrgName    string // the receiving organisation's name, for every kind
	Reach        string // Reach…
	FeesPaidUpTo string // "YYYY-MM": 党费缴纳至
	IssuedBy     int64  // the approving user's id
}

// Letter is what the transfer shows of its letter.
type Letter struct {
	ID         int64     `json:"id"`
	TransferID int64     `json:"transferId"`
	Year       int       `json:"year"`
	Number     string    `json:"number"` // the number stub, letter and receipt share
	ValidUntil date.Date `json:"validUntil"`
	Status     string    `json:"status"` // issued | received | expired | voided
}
