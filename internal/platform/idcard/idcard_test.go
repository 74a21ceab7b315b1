package idcard_test

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
	"time"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/idcard"
)

// vectors are the shared test vectors (testdata/vectors.json), read by these
// tests and by the web's (web/src/utils/validate.test.ts).
type vectors struct {
	Today     string `json:"today"`
	IDNumbers []struct {
		Name, In, Birth, Gender, Canonical string
		Error                              string `json:"error"`
	} `json:"idNumbers"`
	Mobiles []struct {
		In string `json:"in"`
		OK bool   `json:"ok"`
	} `json:"mobiles"`
	Emails []struct {
		In string `json:"in"`
		OK bool   `json:"ok"`
	} `json:"emails"`
}

func readVectors(t *testing.T) vectors {
	t.Helper()
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.IDNumbers) == 0 || len(v.Mobiles) == 0 || len(v.Emails) == 0 {
		t.Fatal("no vectors read")
	}
	return v
}

// GB 11643-1999 公民身份号码 (the vectors say what each case is): valid
// numbers tell their birth date, gender and 18-character form; invalid ones
// are a 400 with the message the form shows.
func TestParseIDNumberGB11643(t *testing.T) {
	t.Parallel()
	v := readVectors(t)
	today, err := time.Parse("2006-01-02", v.Today)
	if err != nil {
		t.Fatal(err)
	}
	today = today.Add(12 * time.Hour)
	for _, c := range v.IDNumbers {
		t.Run(c.Name, func(t *testing.T) {
			got, err := idcard.ParseIDNumber(c.In, today)
			if c.Error != "" {
				var he *httpx.Error
				if !errors.As(err, &he) || he.Status != 400 || he.Message != c.Error {
					t.Fatalf("ParseIDNumber(%q) = %+v, %v; want 400 %q", c.In, got, err, c.Error)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseIDNumber(%q): %v", c.In, err)
			}
			if got.BirthDate.Format("2006-01-02") != c.Birth || got.Gender != c.Gender || got.Canonical != c.Canonical {
				t.Fatalf("ParseIDNumber(%q) = %+v; want birth %s gender %s canonical %s", c.In, got, c.Birth, c.Gender, c.Canonical)
			}
			if idcard.IDCheckChar(got.Canonical) != got.Canonical[17] {
				t.Fatalf("canonical %s is not a valid 18-character number", got.Canonical)
			}
		})
	}
}

func TestMobileAndEmailVectors(t *testing.T) {
	t.Parallel()
	v := readVectors(t)
	for _, c := range v.Mobiles {
		if idcard.IsMobilePhone(c.In) != c.OK {
			t.Errorf("IsMobilePhone(%q) != %v", c.In, c.OK)
		}
	}
	for _, c := range v.Emails {
		if idcard.IsEmail(c.In) != c.OK {
			t.Errorf("IsEmail(%q) != %v", c.In, c.OK)
		}
	}
}

// The check character of every remainder (GB 11643-1999 table 2).
func TestIDCheckCharTable(t *testing.T) {
	t.Parallel()
	// first 17 digits all zero except the last, whose weight is 2: sum = 2d.
	want := map[int]byte{0: '1', 1: '0', 2: 'X', 3: '9', 4: '8', 5: '7', 6: '6', 7: '5', 8: '4', 9: '3', 10: '2'}
	for d := 0; d <= 9; d++ {
		first17 := "0000000000000000" + string(rune('0'+d))
		if got := idcard.IDCheckChar(first17); got != want[(2*d)%11] {
			t.Errorf("digit %d: check %c, want %c", d, got, want[(2*d)%11])
		}
	}
}

func TestLooksLikeIDNumber(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{"11010519491231002x": true, "110105491231002": true, "张三": false, "1101051949": false} {
		if idcard.LooksLikeIDNumber(s) != want {
			t.Errorf("LooksLikeIDNumber(%q) != %v", s, want)
		}
	}
}
