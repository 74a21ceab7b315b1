// Package idcard checks citizen ID numbers (GB 11643-1999), mainland
// mobile numbers and e-mail addresses, for every domain that records people.
// The web ports these checks (web/src/utils/validate.ts); both test against
// testdata/vectors.json, so the browser accepts what the server accepts.
package idcard

import (
	"regexp"
	"strings"
	"time"

	"zhdj/internal/platform/httpx"
)

// Citizen ID numbers (公民身份号码) follow GB 11643-1999: a 6-digit address
// code (GB/T 2260), the 8-digit birth date YYYYMMDD, a 3-digit sequence
// number (odd for men, even for women) and a check character computed with
// ISO 7064:1983 MOD 11-2 (0-9 or X). Numbers issued before 1999 have 15
// digits: address code, birth date YYMMDD of the 1900s, sequence number, no
// check character.

// IDNumber is what a valid ID number tells.
type IDNumber struct {
	Number    string    // as stored: trimmed, X in upper case
	Canonical string    // the 18-character form; a 15-digit number is upgraded
	BirthDate time.Time // midnight UTC
	Gender    string    // DJ_COMM_XB: "1" 男, "2" 女
}

// Genders an ID number tells, as values of the dictionary DJ_COMM_XB.
const (
	GenderMale   = "1"
	GenderFemale = "2"
)

// Messages of the ID number checks, shown to the user as they are.
const (
	msgIDLength = "身份证号码应为18位（旧号码为15位）"
	msgIDChars  = "身份证号码前17位应为数字，最后一位为数字或X"
	msgID15     = "15位身份证号码应全部为数字"
	msgIDRegion = "身份证号码中的地区码无效"
	msgIDBirth  = "身份证号码中的出生日期无效"
	msgIDCheck  = "身份证号码校验位错误"
)

// idWeights are the MOD 11-2 weights 2^(17-i) mod 11 of positions 1..17.
var idWeights = [17]int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}

// idCheckChars maps the weighted sum mod 11 to the check character.
const idCheckChars = "10X98765432"

// IDCheckChar computes the check character of the first 17 digits.
func IDCheckChar(first17 string) byte {
	sum := 0
	for i := 0; i < 17; i++ {
		sum += int(first17[i]-'0') * idWeights[i]
	}
	return idCheckChars[sum%11]
}

var (
	id18Pattern = regexp.MustCompile(`^\d{17}[\dX]$`)
	id15Pattern = regexp.MustCompile(`^\d{15}$`)
)

// ParseIDNumber checks an ID number (18 characters, or an old 15-digit one)
// and returns what it tells; the error is a 400 with a Chinese message.
// today bounds the birth date.
func ParseIDNumber(s string, today time.Time) (IDNumber, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	var birth, canonical string
	switch len(s) {
	case 18:
		if !id18Pattern.MatchString(s) {
			return IDNumber{}, httpx.BadRequest(msgIDChars)
		}
		birth, canonical = s[6:14], s
	case 15:
		if !id15Pattern.MatchString(s) {
			return IDNumber{}, httpx.BadRequest(msgID15)
		}
		birth = "19" + s[6:12]
		first17 := s[:6] + birth + s[12:15]
		canonical = first17 + string(IDCheckChar(first17))
	default:
		return IDNumber{}, httpx.BadRequest(msgIDLength)
	}
	// GB/T 2260 province codes start with 1-9: "00…" (and any 0x) is no region.
	if s[0] == '0' {
		return IDNumber{}, httpx.BadRequest(msgIDRegion)
	}
	born, err := time.Parse("20060102", birth)
	if err != nil || born.Year() < 1900 || born.After(DateOf(today)) {
		return IDNumber{}, httpx.BadRequest(msgIDBirth)
	}
	if len(s) == 18 && IDCheckChar(s) != s[17] {
		return IDNumber{}, httpx.BadRequest(msgIDCheck)
	}
	gender := GenderFemale
	if (canonical[16]-'0')%2 == 1 {
		gender = GenderMale
	}
	return IDNumber{Number: s, Canonical: canonical, BirthDate: born, Gender: gender}, nil
}

// LooksLikeIDNumber tells whether search text has the shape of an ID number
// (so a list search may try the blind index).
func LooksLikeIDNumber(s string) bool {
	s = strings.ToUpper(strings.TrimSpace(s))
	return id18Pattern.MatchString(s) || id15Pattern.MatchString(s)
}

var phonePattern = regexp.MustCompile(`^1[3-9]\d{9}$`)

// IsMobilePhone tells whether s is a mainland mobile number: 11 digits, 1 then 3-9.
func IsMobilePhone(s string) bool { return phonePattern.MatchString(strings.TrimSpace(s)) }

var emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// MaxEmailBytes bounds an e-mail address (the column holds 128).
const MaxEmailBytes = 128

// IsEmail tells whether s (trimmed) looks like an e-mail address: something,
// @, a domain with a dot, no spaces, at most MaxEmailBytes bytes.
func IsEmail(s string) bool {
	s = strings.TrimSpace(s)
	return len(s) <= MaxEmailBytes && emailPattern.MatchString(s)
}

// DateOf is the calendar date of t (midnight UTC), in China's time zone when
// t carries a location, so "today" does not depend on the server's zone.
func DateOf(t time.Time) time.Time {
	t = t.In(ChinaZone)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// ChinaZone is UTC+8 (no daylight saving), without relying on tzdata.
var ChinaZone = time.FixedZone("CST", 8*3600)

// IndexForm is the form an ID number's blind index is made of: the
// 18-character form when it parses (a 15-digit number and its 18-digit
// form find each other), the number as given otherwise.
func IndexForm(number string, today time.Time) string {
	if info, err := ParseIDNumber(number, today); err == nil {
		return info.Canonical
	}
	return number
}
