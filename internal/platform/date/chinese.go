package date

import (
	"strconv"
	"strings"
)

// Chinese is the date as documents write it in figures: 2026年11月29日
// (no leading zeros); "" for the empty date.
func (d Date) Chinese() string {
	t := d.Time()
	if t.IsZero() {
		return ""
	}
	return strconv.Itoa(t.Year()) + "年" + strconv.Itoa(int(t.Month())) + "月" + strconv.Itoa(t.Day()) + "日"
}

// ChineseUpper is the date in Chinese numerals, as the date under a
// letter's, notice's or certificate's seal is written: 二〇二六年十一月二十九日
// (the year digit by digit with 〇, the month and day as numbers: 十,
// 十一, 二十, 三十一). "" for the empty date.
func (d Date) ChineseUpper() string {
	t := d.Time()
	if t.IsZero() {
		return ""
	}
	var b strings.Builder
	for _, c := range strconv.Itoa(t.Year()) {
		b.WriteString(digits[c-'0'])
	}
	return b.String() + "年" + upperNumber(int(t.Month())) + "月" + upperNumber(t.Day()) + "日"
}

// Chinese is the month as documents write it: 2026年3月; "" for no month.
func (m Month) Chinese() string {
	if m.Time().IsZero() {
		return ""
	}
	return strconv.Itoa(m.Year()) + "年" + strconv.Itoa(m.Num()) + "月"
}

var digits = []string{"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// upperNumber writes 1–99 in Chinese numerals: 九, 十, 十一, 二十, 三十一.
func upperNumber(n int) string {
	tens, ones := n/10, n%10
	var s string
	switch tens {
	case 0:
	case 1:
		s = "十"
	default:
		s = digits[tens] + "十"
	}
	if ones != 0 || tens == 0 {
		s += digits[ones]
	}
	return s
}
