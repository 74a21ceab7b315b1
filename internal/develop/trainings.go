package develop

import (
	"context"
	"strings"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
)

// maxTrainingHoursPerDay is the most class hours (学时) one day of training
// holds: a training day is counted at 8 学时 at most (a half day 4), as the
// party schools and the cadre-training hour rules count them; more is a
// typing error (one day cannot hold the 24 学时 of three).
const maxTrainingHoursPerDay = 8

// calendarDays is the number of days from start to end, both counted.
func calendarDays(start, end date.Date) int {
	return int(end.Time().Sub(start.Time()).Hours()/24) + 1
}

// trainingsOf are the trainings of a record (hours and days by batch type:
// ⑪ counts the passed DEVELOP ones), seen and written through the record.
func (s *Service) trainingsOf() resource.Child[Record, Training] {
	c := childOf(s, "培训记录", "start_on, id", func(v *Training) (*resource.Base, *int64) { return &v.Base, &v.RecordID },
		func(_ context.Context, _ *Record, in *Training) error {
			var c httpx.Checks
			if in.BatchType < 1 || in.BatchType > 4 {
				c.Add(httpx.Invalid("batchType", "请选择培训班次类型"))
			}
			in.Title, in.CertificateNo = strings.TrimSpace(in.Title), strings.TrimSpace(in.CertificateNo)
			c.Add(record.Required("title", "培训名称", in.Title, 100))
			start, startErr := record.Date("startOn", "开始日期", string(in.StartOn))
			end, endErr := record.Date("endOn", "结束日期", string(in.EndOn))
			c.Add(record.Chosen("startOn", "开始日期", !in.StartOn.IsZero()), startErr,
				record.Chosen("endOn", "结束日期", !in.EndOn.IsZero()), endErr)
			span := 0 // calendar days from start to end, both counted
			if startErr == nil && endErr == nil && !start.IsZero() && !end.IsZero() {
				in.StartOn, in.EndOn = start, end
				if end.Before(start) {
					c.Add(httpx.Invalid("endOn", "结束日期不能早于开始日期"))
				} else {
					span = calendarDays(start, end)
				}
			}
			if in.Hours < 0 || in.Hours > 1000 {
				c.Add(httpx.Invalid("hours", "学时应在 0 到 1000 之间"))
			}
			if in.Days < 0 || in.Days > 366 {
				c.Add(httpx.Invalid("days", "天数应在 0 到 366 之间"))
			}
			// The days and hours fit the dates: no more days than the
			// calendar holds, no more hours than maxTrainingHoursPerDay a day.
			if span > 0 && !c.Failed("days") && !c.Failed("hours") {
				if in.Days > span {
					c.Add(httpx.Invalid("days", "%s 至 %s 共 %d 天，培训天数不能超过 %d 天", start, end, span, span))
				}
				days := span
				if in.Days > 0 && in.Days < span {
					days = in.Days
				}
				if limit := days * maxTrainingHoursPerDay; in.Hours > limit {
					c.Add(httpx.Invalid("hours", "%d 天的培训至多 %d 学时（每天不超过 %d 学时）", days, limit, maxTrainingHoursPerDay))
				}
			}
			c.Add(record.MaxLen("certificateNo", "结业证书编号", in.CertificateNo, 50))
			// A training typed by hand never claims a batch: only the
			// batch's completion writes one (RecordTraining).
			in.SourceBatch = nil
			return c.Err()
		})
	c.Locked = schoolWritten
	return c
}

// schoolWritten refuses changing by hand a training a party-school batch's
// completion wrote (SourceBatch set): the batch keeps it (its attendance,
// its result), and a hand edit would contradict what the batch shows.
func schoolWritten(t *Training) error {
	if t.SourceBatch != nil {
		return httpx.BadRequest("该培训记录由党校培训班结业写入，请在培训班中处理")
	}
	return nil
}
