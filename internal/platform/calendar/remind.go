package calendar

import (
	"context"
	"fmt"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// ReminderYearMissing is the smart reminder "next year's calendar not yet
// entered" (codes from 100 are the modules' own; 160 is the calendar's).
const ReminderYearMissing = 160

// yearReminderWindow is the reminder's default window: from 1 October, the
// due date 1 January of the next year is 92 days ahead (31 + 30 + 31),
// whatever the year. The 智能提醒 page may change it.
const yearReminderWindow = 92

// Holders answers the accounts holding a permission (system.Service.PermissionHolders).
type Holders func(ctx context.Context, perm string) ([]int64, error)

// YearReminder warns the organisation department in the fourth quarter when
// the next year's calendar is not entered yet: from 1 October (the window
// reaching 1 January of the next year) until a holiday of that year is
// marked by hand — the days seeded before a notice was published
// (provisional) do not count. One reminder per year (record = the year, due
// = its 1 January), delivered once to each holder of calendar:edit; it
// closes when the year is entered.
func (c *Calendar) YearReminder(holders Holders) remind.Kind {
	return remind.Kind{Type: ReminderYearMissing, Name: "下一年度工作日历未录入提醒", Window: yearReminderWindow,
		Finder: remind.FinderFunc(func(ctx context.Context, until date.Date) ([]remind.Due, error) {
			year := until.Time().Year()
			entered, err := c.entered(ctx, year)
			if err != nil || entered {
				return nil, err
			}
			users, err := holders(ctx, PermEdit)
			if err != nil {
				return nil, err
			}
			return []remind.Due{{RecordID: int64(year), DueOn: date.Date(fmt.Sprintf("%d-01-01", year)), UserIDs: users,
				Title: fmt.Sprintf("%d年工作日历尚未录入节假日安排", year),
				Content: fmt.Sprintf("工作日历中还没有%d年的节假日。国务院办公厅关于%d年部分节假日安排的通知发布后，"+
					"请在“工作日历”页面录入%d年的节假日和调休上班日；录入前，按工作日计算的期限（如公示不少于5个工作日）"+
					"在%d年只按周一至周五计算，节假日不会扣除。", year, year, year, year),
				Link: "/system/calendar"}}, nil
		})}
}

// entered tells whether year has a holiday that is not provisional.
func (c *Calendar) entered(ctx context.Context, year int) (bool, error) {
	return c.db.NewSelect().Model((*Day)(nil)).Where("kind = ?", Holiday).Where("provisional = ?", false).
		Where("day >= ?", date.Date(fmt.Sprintf("%d-01-01", year))).
		Where("day <= ?", date.Date(fmt.Sprintf("%d-12-31", year))).Exists(ctx)
}
