package member

import (
	"time"

	"zhdj/internal/platform/idcard"
)

// The ID number and phone checks live in internal/platform/idcard, shared
// with the people registry; these names keep the member domain's callers.

// IDNumber is what a valid ID number tells.
type IDNumber = idcard.IDNumber

// ParseIDNumber checks an ID number (see idcard.ParseIDNumber).
func ParseIDNumber(s string, today time.Time) (IDNumber, error) {
	return idcard.ParseIDNumber(s, today)
}

// IDCheckChar computes the check character of the first 17 digits.
func IDCheckChar(first17 string) byte { return idcard.IDCheckChar(first17) }

// LooksLikeIDNumber tells whether search text has the shape of an ID number.
func LooksLikeIDNumber(s string) bool { return idcard.LooksLikeIDNumber(s) }

// IsMobilePhone tells whether s is a mainland mobile number.
func IsMobilePhone(s string) bool { return idcard.IsMobilePhone(s) }

// dateOf is the calendar date of t in China (midnight UTC).
func dateOf(t time.Time) time.Time { return idcard.DateOf(t) }

// chinaZone is UTC+8 (idcard.ChinaZone).
var chinaZone = idcard.ChinaZone
