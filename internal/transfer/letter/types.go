// Package letter is the letter of introduction (介绍信) of an organisation
// relation transfer (RULES.md §3): stub, letter and receipt numbered per
// year, validity from the settings, the standard print layout and DOCX, the
// receipt's return, reissue of an expired letter. The transfer domain asks
// for a letter inside the transaction of the approval that issues it.
package letter

import (
	"fmt"

	"zhdj/internal/platform/date"
)

// Reach is how far a letter goes; it decides the validity (settings:
// 30 days in the city, 90 nationwide by default, never more than 3 months).
const (
	ReachCity     = "city"     // 市内
	ReachProvince = "province" // 省内
	ReachNation   = "nation"   // 省外 / 全国
)

// Reaches are the reaches in the order a form offers them.
var Reaches = []string{ReachCity, ReachProvince, ReachNation}

// ReachName is a reach's Chinese name (市内, 省内, 省外), "" for an unknown one.
func ReachName(reach string) string { return reaches[reach] }

// ReachOption is a reach as a form offers it: its name with the validity the
// settings give it ("省内（60 天）"), so every option reads alike.
type ReachOption struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Days  int    `json:"days"`
}

// ReachOptions are the reaches with their validity under st.
func ReachOptions(st Settings) []ReachOption {
	out := make([]ReachOption, len(Reaches))
	for i, r := range Reaches {
		days := st.Days(r)
		out[i] = ReachOption{Value: r, Label: fmt.Sprintf("%s（%d 天）", ReachName(r), days), Days: days}
	}
	return out
}

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
