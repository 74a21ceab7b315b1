package idcard_test

import (
	"errors"
	"testing"
	"time"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/idcard"
)

// GB 11643-1999 公民身份号码: address code (6) + birth date YYYYMMDD (8) +
// sequence (3, odd = male) + check character, ISO 7064 MOD 11-2 with weights
// 2^(17-i) mod 11 and the table 0→1 1→0 2→X 3→9 … 10→2. Numbers issued before
// 1999 have 15 digits with a YYMMDD birth date of the 1900s and no check.
func TestParseIDNumberGB11643(t *testing.T) {
	today := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		name, in          string
		birth, gender     string
		canonical, errMsg string
	}{
		// The worked example of GB 11643-1999 (female, check character X).
		{name: "standard example, X", in: "11010519491231002X", birth: "1949-12-31", gender: idcard.GenderFemale, canonical: "11010519491231002X"},
		{name: "lower-case x and spaces", in: " 11010519491231002x ", birth: "1949-12-31", gender: idcard.GenderFemale, canonical: "11010519491231002X"},
		{name: "male (odd sequence)", in: withCheck("44030419900307001"), birth: "1990-03-07", gender: idcard.GenderMale},
		{name: "leap day", in: withCheck("32010220000229002"), birth: "2000-02-29", gender: idcard.GenderFemale},
		{name: "born today", in: withCheck("31010120261122003"), birth: "2026-11-22", gender: idcard.GenderMale},
		{name: "15-digit old number", in: "110105491231002", birth: "1949-12-31", gender: idcard.GenderFemale, canonical: "11010519491231002X"},
		{name: "15-digit male", in: "440304900307001", birth: "1990-03-07", gender: idcard.GenderMale, canonical: withCheck("44030419900307001")},

		// The second example of the standard is valid there but born 1880: before 1900.
		{name: "born before 1900", in: "440524188001010014", errMsg: "身份证号码中的出生日期无效"},
		{name: "wrong check character", in: "110105194912310021", errMsg: "身份证号码校验位错误"},
		{name: "check digit off by one", in: flipCheck(withCheck("44030419900307001")), errMsg: "身份证号码校验位错误"},
		{name: "no 13th month", in: withCheck("11010519901301001"), errMsg: "身份证号码中的出生日期无效"},
		{name: "no 30 February", in: withCheck("11010519900230001"), errMsg: "身份证号码中的出生日期无效"},
		{name: "no 29 February in 1900", in: withCheck("11010519000229001"), errMsg: "身份证号码中的出生日期无效"},
		{name: "born tomorrow", in: withCheck("11010520261123001"), errMsg: "身份证号码中的出生日期无效"},
		{name: "region 00", in: withCheck("00010519491231002"), errMsg: "身份证号码中的地区码无效"},
		{name: "15-digit bad date", in: "110105491331002", errMsg: "身份证号码中的出生日期无效"},
		{name: "15-digit with X", in: "11010549123100X", errMsg: "15位身份证号码应全部为数字"},
		{name: "X in the middle", in: "1101051949X231002X", errMsg: "身份证号码前17位应为数字，最后一位为数字或X"},
		{name: "letter at the end", in: "11010519491231002Y", errMsg: "身份证号码前17位应为数字，最后一位为数字或X"},
		{name: "17 digits", in: "11010519491231002", errMsg: "身份证号码应为18位（旧号码为15位）"},
		{name: "19 digits", in: "110105194912310021X", errMsg: "身份证号码应为18位（旧号码为15位）"},
		{name: "empty", in: "", errMsg: "身份证号码应为18位（旧号码为15位）"},
		{name: "full-width digits", in: "１１０１０５１９４９１２３１００２X", errMsg: "身份证号码应为18位（旧号码为15位）"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := idcard.ParseIDNumber(c.in, today)
			if c.errMsg != "" {
				var he *httpx.Error
				if !errors.As(err, &he) || he.Status != 400 || he.Message != c.errMsg {
					t.Fatalf("ParseIDNumber(%q) = %+v, %v; want 400 %q", c.in, got, err, c.errMsg)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseIDNumber(%q): %v", c.in, err)
			}
			if got.BirthDate.Format("2006-01-02") != c.birth || got.Gender != c.gender {
				t.Fatalf("ParseIDNumber(%q) = %+v; want birth %s gender %s", c.in, got, c.birth, c.gender)
			}
			if c.canonical != "" && got.Canonical != c.canonical {
				t.Fatalf("canonical %s, want %s", got.Canonical, c.canonical)
			}
			if len(got.Canonical) != 18 || idcard.IDCheckChar(got.Canonical) != got.Canonical[17] {
				t.Fatalf("canonical %s is not a valid 18-character number", got.Canonical)
			}
		})
	}
}

// The check character of every remainder (GB 11643-1999 table 2).
func TestIDCheckCharTable(t *testing.T) {
	// first 17 digits all zero except the last, whose weight is 2: sum = 2d.
	want := map[int]byte{0: '1', 1: '0', 2: 'X', 3: '9', 4: '8', 5: '7', 6: '6', 7: '5', 8: '4', 9: '3', 10: '2'}
	for d := 0; d <= 9; d++ {
		first17 := "0000000000000000" + string(rune('0'+d))
		if got := idcard.IDCheckChar(first17); got != want[(2*d)%11] {
			t.Errorf("digit %d: check %c, want %c", d, got, want[(2*d)%11])
		}
	}
}

func TestLooksLikeIDNumberAndPhone(t *testing.T) {
	for s, want := range map[string]bool{"11010519491231002x": true, "110105491231002": true, "张三": false, "1101051949": false} {
		if idcard.LooksLikeIDNumber(s) != want {
			t.Errorf("LooksLikeIDNumber(%q) != %v", s, want)
		}
	}
	for s, want := range map[string]bool{"13800138000": true, "19912345678": true, "12800138000": false, "1380013800": false, "138001380001": false, "+8613800138000": false} {
		if idcard.IsMobilePhone(s) != want {
			t.Errorf("IsMobilePhone(%q) != %v", s, want)
		}
	}
}

// withCheck appends the MOD 11-2 check character to 17 digits.
func withCheck(first17 string) string { return first17 + string(idcard.IDCheckChar(first17)) }

// flipCheck replaces the check character with another valid-looking one.
func flipCheck(id string) string {
	last := id[17]
	next := byte('0')
	if last == '0' {
		next = '1'
	}
	return id[:17] + string(next)
}
