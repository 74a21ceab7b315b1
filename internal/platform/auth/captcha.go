package auth

import (
	"image/color"

	"github.com/mojocn/base64Captcha"
)

// Captcha draws arithmetic captchas ("3+5=?"). The answer is stored by the
// caller (in the database, so every instance can check it).
type Captcha struct{ driver *base64Captcha.DriverMath }

// NewCaptcha makes the drawer with the size the login page uses.
func NewCaptcha() *Captcha {
	bg := &color.RGBA{R: 250, G: 250, B: 250, A: 255}
	return &Captcha{driver: base64Captcha.NewDriverMath(40, 120, 2, base64Captcha.OptionShowHollowLine, bg, nil, nil)}
}

// Generate returns a data: URL of the image and its answer.
func (c *Captcha) Generate() (img, answer string, err error) {
	_, question, answer := c.driver.GenerateIdQuestionAnswer()
	item, err := c.driver.DrawCaptcha(question)
	if err != nil {
		return "", "", err
	}
	return item.EncodeB64string(), answer, nil
}
