package quota

import "zhdj/internal/platform/date"

// ProbationUntil is the last day of the probation of an appointment from
// start, nil when there is none. 《党政领导干部选拔任用工作条例》(2019)
// 第五十三条 (第四十二条 of the 2014 text): 提拔担任非选举产生的领导职务
// 的，试用期为一年. So an elected post (选任制) has none, nor has a move to a
// post of the same rank (not a promotion); a promotion to a non-elected post
// is on probation for one year counted from the day the post starts,
// which is the year's first day: it ends the day before the anniversary
// (2026-03-01 → 2027-02-28; 2028-02-29, whose anniversary falls on 1 March
// of a common year → 2029-02-28).
func ProbationUntil(start date.Date, elected, promotion bool) *date.Date {
	if elected || !promotion || start == "" {
		return nil
	}
	until := start.AddYears(1).AddDays(-1)
	return &until
}
