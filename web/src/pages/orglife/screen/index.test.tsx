import { act, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { formatTime } from '@/utils/time'
import MeetingScreenPage, { POLL_MS, QR_MS } from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  // The page's polls are intervals and its QR code's age is the clock: both fake. Timeouts stay real (the
  // answers' delivery and the queries' notifications), so findBy waits for a poll's answer to render.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
  vi.setSystemTime(new Date('2026-12-01T06:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
  mock.restore()
})

/** Moves the clock by ms: the polls due in it start. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

const screenOf = (n: number, over: object = {}) => ({
  topic: '十二月主题党日', orgName: '计算机教工党支部', link: `/web/democratic/meeting/sign?t=7.${n}.sig`, expiresAt: '2026-12-01T06:10:00Z',
  attendeeCount: 30, presentCount: n, lateCount: 1, leaveCount: 2,
  recent: [{ name: '李明', signedAt: '2026-12-01T06:16:00Z', late: true }, { name: '张华', signedAt: '2026-12-01T05:59:00Z', late: false }],
  ...over,
})

const at = (url: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <MeetingScreenPage />
    </MemoryRouter>,
  )
const qrLink = () => screen.getByRole('link', { name: '签到链接' }).getAttribute('href')
/** The figure a statistic of that title shows. */
const figure = (title: string) =>
  [...document.querySelectorAll('.ant-statistic')].find((e) => e.querySelector('.ant-statistic-title')?.textContent === title)
    ?.querySelector('.ant-statistic-content')?.textContent

describe('会议签到大屏', { timeout: 30_000 }, () => {
  it('shows the meeting, the QR code of the sign-in link, the counts and the latest names', async () => {
    mock.onGet('/api/zzsh/meetings/7/screen').reply(200, screenOf(5))
    at('/orglife/screen?id=7')
    expect(await screen.findByText('十二月主题党日')).toBeTruthy()
    expect(screen.getByText('计算机教工党支部')).toBeTruthy()
    expect(qrLink()).toBe(`${window.location.origin}/web/democratic/meeting/sign?t=7.5.sig`)
    expect([figure('应到'), figure('已签到'), figure('迟到'), figure('请假'), figure('未到')]).toEqual(['30', '5', '1', '2', '23'])
    expect(screen.getByText('李明')).toBeTruthy()
    expect(screen.getByText('张华')).toBeTruthy()
    expect(screen.getByText(formatTime('2026-12-01T06:16:00Z', 'HH:mm:ss'))).toBeTruthy()
    expect(screen.getByText('迟到', { selector: '.ant-tag' })).toBeTruthy() // 李明's, not 张华's
  })

  it('polls the counts every 5 s and gives the QR code a fresh link once a minute', async () => {
    let n = 0
    mock.onGet('/api/zzsh/meetings/7/screen').reply(() => [200, screenOf(++n)])
    at('/orglife/screen?id=7')
    await screen.findByRole('link', { name: '签到链接' })
    expect(n).toBe(1)
    expect(qrLink()).toMatch(/t=7\.1\.sig$/)

    await pass(POLL_MS)
    await waitFor(() => expect(figure('已签到')).toBe('2'))
    expect(qrLink()).toMatch(/t=7\.1\.sig$/) // the code stays while it is younger than a minute

    await pass(QR_MS - POLL_MS - 1) // 10 more polls
    await waitFor(() => expect(figure('已签到')).toBe('12'))
    expect(qrLink()).toMatch(/t=7\.1\.sig$/)
    await pass(1) // a minute since the code was made: the 13th poll's link replaces it
    await waitFor(() => expect(qrLink()).toMatch(/t=7\.13\.sig$/))
    expect(n).toBe(13)
  })

  it("shows the server's refusal of a meeting not started", async () => {
    mock.onGet('/api/zzsh/meetings/7/screen').reply(400, { message: '会议未开始签到' })
    at('/orglife/screen?id=7')
    expect(await screen.findByText('会议未开始签到')).toBeTruthy()
  })

  it('a poll refused later keeps the last figures and says why', async () => {
    mock.onGet('/api/zzsh/meetings/7/screen').replyOnce(200, screenOf(9)).onGet('/api/zzsh/meetings/7/screen').reply(400, { message: '会议已结束' })
    at('/orglife/screen?id=7')
    await screen.findByText('十二月主题党日')
    await pass(POLL_MS)
    expect(await screen.findByText('会议已结束')).toBeTruthy()
    expect(figure('已签到')).toBe('9')
  })

  it('without a meeting id there is nothing to show', async () => {
    at('/orglife/screen')
    expect(await screen.findByText('缺少会议编号')).toBeTruthy()
  })
})
