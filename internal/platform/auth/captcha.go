package auth

import (
	"crypto/rand"
	"image/color"
	"math/big"
	"strings"

	"github.com/mojocn/base64Captcha"
)

// CaptchaAlphabet holds the characters a captcha is made of: digits and
// capital letters without the look-alikes 0/O, 1/I/L (and Q, easily misread as O).
const CaptchaAlphabet = "23456789ABCDEFGHJKMNPRSTUVWXYZ"

// CaptchaLength is the number of characters: 30^4 = 810,000 answers, so a
// blind guess passes about once in 800,000 tries.
const CaptchaLength = 4

// Captcha draws text captchas. The answer is drawn from crypto/rand here
// (the library only paints it) and stored by the caller in the database, so
// every instance can check it.
type Captcha struct{ driver *base64Captcha.DriverString }

// NewCaptcha makes the drawer with the size the login page uses (120×40).
func NewCaptcha() *Captcha {
	bg := &color.RGBA{R: 250, G: 250, B: 250, A: 255}
	d := base64Captcha.NewDriverString(40, 120, 0, base64Captcha.OptionShowHollowLine, CaptchaLength, CaptchaAlphabet, bg, nil, []string{"chromohv.ttf", "Comismsh.ttf", "actionj.ttf"})
	return &Captcha{driver: d}
}

// Generate returns a data: URL of the image and its answer.
func (c *Captcha) Generate() (img, answer string, err error) {
	answer = randomCaptchaText()
	item, err := c.driver.DrawCaptcha(answer)
	if err != nil {
		return "", "", err
	}
	return item.EncodeB64string(), answer, nil
}

func randomCaptchaText() string {
	var b strings.Builder
	max := big.NewInt(int64(len(CaptchaAlphabet)))
	for i := 0; i < CaptchaLength; i++ {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			panic(err)
		}
		b.WriteByte(CaptchaAlphabet[n.Int64()])
	}
	return b.String()
}

// CaptchaMatches compares an answer as typed with the stored one, ignoring
// case and surrounding spaces.
func CaptchaMatches(typed, answer string) bool {
	typed = strings.TrimSpace(typed)
	return typed != "" && answer != "" && strings.EqualFold(typed, answer)
}
