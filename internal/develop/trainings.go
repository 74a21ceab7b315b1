package develop

import (
	"context"
	"strings"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
)

// trainingsOf are the trainings of a record (hours and days by batch type:
// ⑪ counts the passed DEVELOP ones), seen and written through the record.
func (s *Service) trainingsOf() childOf[Training] {
	return childOf[Training]{s: s, noun: "培训记录", order: "start_on, id",
		parts: func(v *Training) (*resource.Base, *int64) { return &v.Base, &v.RecordID },
		check: func(_ context.Context, _ *Record, in *Training) error {
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
			if startErr == nil && endErr == nil && !start.IsZero() && !end.IsZero() {
				in.StartOn, in.EndOn = start, end
				if end.Before(start) {
					c.Add(httpx.Invalid("endOn", "结束日期不能早于开始日期"))
				}
			}
			if in.Hours < 0 || in.Hours > 1000 {
				c.Add(httpx.Invalid("hours", "学时应在 0 到 1000 之间"))
			}
			if in.Days < 0 || in.Days > 366 {
				c.Add(httpx.Invalid("days", "天数应在 0 到 366 之间"))
			}
			c.Add(record.MaxLen("certificateNo", "结业证书编号", in.CertificateNo, 50))
			return c.Err()
		}}
}
