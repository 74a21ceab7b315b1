import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { isLate, monthsAfter } from './StepFields'

// 发展党员工作细则 第七条: 党组织应当在收到入党申请书后一个月内派人同入党申请人谈话. The form's limit is the server's
// (RuleConfig.talkDue: one calendar month, clamped to the month's end), and a talk on the day itself is in time.
describe('the talk deadline of 第七条 in the step form', () => {
  it.each([
    ['2026-01-31', '2026-02-28', '2026-02-27', '2026-03-01'], // common year
    ['2024-01-31', '2024-02-29', '2024-02-28', '2024-03-01'], // leap year
    ['2028-01-31', '2028-02-29', '2028-02-28', '2028-03-01'], // leap year
    ['2026-03-31', '2026-04-30', '2026-04-29', '2026-05-01'],
  ])('applied on %s: due %s, in time the day before and of, late the day after', (applied, due, before, after) => {
    const limit = monthsAfter(applied, 1)
    expect(limit?.format('YYYY-MM-DD')).toBe(due)
    expect(isLate(limit, dayjs(before))).toBe(false)
    expect(isLate(limit, dayjs(due))).toBe(false)
    expect(isLate(limit, dayjs(after))).toBe(true)
  })

  it('has no limit without an application date', () => {
    expect(monthsAfter('', 1)).toBeNull()
    expect(isLate(null, dayjs('2026-03-01'))).toBe(false)
  })
})
