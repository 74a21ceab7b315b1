import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PERM } from '@/api/permissions'
import { ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { bodiesOf, mockApi, signIn } from '@/test/api'
import CalendarPage from './index'

const YEAR_2026 = {
  year: 2026,
  note: '依据《国务院办公厅关于2026年部分节假日安排的通知》预置。',
  days: [
    ...[1, 2, 3, 4, 5, 6, 7].map((d) => ({ date: `2026-10-0${d}`, kind: 'holiday', name: '国庆节' })),
    { date: '2026-10-10', kind: 'workday', name: '国庆节调休上班' },
    { date: '2026-10-31', kind: 'holiday', name: '校庆', provisional: true },
  ],
}

let mock: MockAdapter
const years: unknown[] = []
beforeEach(() => {
  // Only the date: the page opens on the current month (October 2026 here).
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-10-15T08:00:00+08:00'))
  years.length = 0
  mock = mockApi()
  mock.onGet('/api/calendar').reply((c) => {
    years.push(c.params.year)
    return [200, YEAR_2026]
  })
})
afterEach(() => {
  mock.restore()
  vi.useRealTimers()
})

/** The month view's cell of a date. */
const cell = (date: string) => document.querySelector<HTMLElement>(`td[title="${date}"]`)!

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('system/calendar', { timeout: 20_000 }, () => {
  it('shows the month with holidays, 调休 workdays and the year note', async () => {
    signIn([PERM.calendarList])
    renderWithApp(<CalendarPage />)
    expect(await screen.findByText('依据《国务院办公厅关于2026年部分节假日安排的通知》预置。')).toBeTruthy()
    await waitFor(() => expect(within(cell('2026-10-01')).getByText('国庆节')).toBeTruthy())
    expect(within(cell('2026-10-01')).getByText('休')).toBeTruthy()
    expect(within(cell('2026-10-10')).getByText('班')).toBeTruthy()
    expect(within(cell('2026-10-12')).queryByText('休')).toBeNull()
    // A day seeded before its year's notice is marked 暂定.
    expect(within(cell('2026-10-31')).getByText('暂定')).toBeTruthy()
    expect(within(cell('2026-10-01')).queryByText('暂定')).toBeNull()
    expect(years[0]).toBe(2026)
    // Read-only: a click opens nothing and the note cannot be edited.
    fireEvent.click(cell('2026-10-12').querySelector('.ant-picker-cell-inner')!)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByText('编辑说明')).toBeNull()
  })

  it('marks a weekday as a holiday; 调休上班 is for weekends only', async () => {
    signIn([PERM.calendarList, PERM.calendarEdit])
    const sent = bodiesOf(mock.onPut('/api/calendar/day'), 204)
    renderWithApp(<CalendarPage />)
    await waitFor(() => expect(within(cell('2026-10-01')).getByText('国庆节')).toBeTruthy())
    fireEvent.click(cell('2026-10-12').querySelector('.ant-picker-cell-inner')!)
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByText('设置 2026-10-12（周一）')).toBeTruthy()
    expect((dialog.getByLabelText('调休上班') as HTMLInputElement).disabled).toBe(true)
    fireEvent.click(dialog.getByLabelText('节假日'))
    const name = await dialog.findByPlaceholderText('如：国庆节')
    ok()
    expect(await dialog.findByText('请输入节假日名称，如“国庆节”')).toBeTruthy()
    fireEvent.change(name, { target: { value: '校庆' } })
    ok()
    await waitFor(() => expect(sent).toEqual([{ date: '2026-10-12', kind: 'holiday', name: '校庆' }]))
    await waitFor(() => expect(years.length).toBe(2)) // reloaded
  })

  it('returns a 调休 Saturday to the weekday rule', async () => {
    signIn([PERM.calendarList, PERM.calendarEdit])
    const sent = bodiesOf(mock.onPut('/api/calendar/day'), 204)
    renderWithApp(<CalendarPage />)
    await waitFor(() => expect(within(cell('2026-10-10')).getByText('班')).toBeTruthy())
    fireEvent.click(cell('2026-10-10').querySelector('.ant-picker-cell-inner')!)
    const dialog = within(await screen.findByRole('dialog'))
    expect((dialog.getByLabelText('调休上班') as HTMLInputElement).checked).toBe(true)
    expect(dialog.getByDisplayValue('国庆节调休上班')).toBeTruthy()
    fireEvent.click(dialog.getByLabelText('恢复默认（休息日）'))
    ok()
    await waitFor(() => expect(sent).toEqual([{ date: '2026-10-10', kind: '', name: '' }]))
  })

  it('edits the year note', async () => {
    signIn([PERM.calendarList, PERM.calendarEdit])
    const sent = bodiesOf(mock.onPut('/api/calendar/year'), 204)
    renderWithApp(<CalendarPage />)
    fireEvent.click(await screen.findByRole('button', { name: '编辑说明' }))
    const note = await screen.findByDisplayValue('依据《国务院办公厅关于2026年部分节假日安排的通知》预置。')
    fireEvent.change(note, { target: { value: '已核对' } })
    ok()
    await waitFor(() => expect(sent).toEqual([{ year: 2026, note: '已核对' }]))
  })
})
