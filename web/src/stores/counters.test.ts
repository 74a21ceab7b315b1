import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/api/message', () => ({
  workSummary: vi.fn(() => Promise.resolve({ total: 3, groups: [{ key: 'develop', title: '发展党员', count: 3 }] })),
  remindPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 120 })),
  warningPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 1, totalWarningNum: 7 })),
}))
const ORG_WARNING = { orgId: 3, orgName: '数学教工党支部', rule: 'TERM_DUE', level: 'warning', message: '任期将于2027-01-01届满，请及时换届' }
vi.mock('@/api/home', () => ({
  orgWarningPage: vi.fn(() => Promise.resolve({ content: [ORG_WARNING], totalElements: 12 })),
}))

import * as home from '@/api/home'
import * as api from '@/api/message'
import { PERM } from '@/api/permissions'
import { ORG_WARNINGS_LISTED, POLL, useCountersStore } from './counters'
import { useSessionStore } from './session'

const flush = () => vi.advanceTimersByTimeAsync(0)

describe('counters store', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.mocked(api.workSummary).mockClear()
    vi.mocked(api.remindPage).mockClear()
    vi.mocked(api.warningPage).mockClear()
    vi.mocked(home.orgWarningPage).mockClear()
    useSessionStore.setState({ roles: ['user:list'] })
    useCountersStore.getState().reset()
  })
  afterEach(() => {
    useCountersStore.getState().stopPolling()
    vi.useRealTimers()
  })

  it('reads totalElements / totalWarningNum with page=0,size=1', async () => {
    await useCountersStore.getState().refreshAll()
    expect(useCountersStore.getState()).toMatchObject({ todo: 3, remind: 120, warning: 7 })
    expect(api.workSummary).toHaveBeenCalledWith(true)
    expect(api.warningPage).toHaveBeenCalledWith({ page: 0, size: 1 }, true)
    // Without home:view there are no organisation warnings to ask for.
    expect(home.orgWarningPage).not.toHaveBeenCalled()
  })

  it('预警 adds the organisation warnings of the scope (home:view) and keeps the first ones to list', async () => {
    useSessionStore.setState({ roles: [PERM.homeView] })
    await useCountersStore.getState().refreshWarning()
    expect(useCountersStore.getState()).toMatchObject({ warning: 19, orgWarning: 12, personalWarning: 7, orgWarnings: [ORG_WARNING] })
    expect(home.orgWarningPage).toHaveBeenCalledWith({ page: 0, size: ORG_WARNINGS_LISTED }, true)
    // One side failing keeps its last figures; the other still refreshes.
    vi.mocked(home.orgWarningPage).mockRejectedValueOnce(new Error('down'))
    vi.mocked(api.warningPage).mockResolvedValueOnce({ content: [], totalElements: 0, totalWarningNum: 0 })
    await useCountersStore.getState().refreshWarning()
    expect(useCountersStore.getState()).toMatchObject({ warning: 12, orgWarning: 12, personalWarning: 0 })
  })

  it('polls on the spec schedule and stops', async () => {
    expect(POLL).toEqual({
      todo: { first: 10_000, every: 30_000 },
      remind: { first: 5_000, every: 30_000 },
      warning: { first: 15_000, every: 240_000 },
    })
    useCountersStore.getState().startPolling()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(api.remindPage).toHaveBeenCalledTimes(1)
    expect(api.workSummary).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(api.workSummary).toHaveBeenCalledTimes(1)
    expect(api.warningPage).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(api.workSummary).toHaveBeenCalledTimes(2)
    expect(api.remindPage).toHaveBeenCalledTimes(2)
    expect(api.warningPage).toHaveBeenCalledTimes(1)
    useCountersStore.getState().stopPolling()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(api.workSummary).toHaveBeenCalledTimes(2)
  })

  it('a failed poll keeps the last count', async () => {
    await useCountersStore.getState().refreshTodo()
    vi.mocked(api.workSummary).mockRejectedValueOnce(new Error('down'))
    await useCountersStore.getState().refreshTodo()
    await flush()
    expect(useCountersStore.getState().todo).toBe(3)
  })

  it('reset zeroes the counts and stops polling (logout)', async () => {
    await useCountersStore.getState().refreshAll()
    useCountersStore.getState().startPolling()
    useCountersStore.getState().reset()
    expect(useCountersStore.getState()).toMatchObject({ todo: 0, remind: 0, warning: 0, orgWarning: 0, orgWarnings: [], personalWarning: 0 })
    await vi.advanceTimersByTimeAsync(600_000)
    expect(api.workSummary).toHaveBeenCalledTimes(1)
  })

  it('a sign-out (the session store clearing) empties the counters and stops polling', async () => {
    await useCountersStore.getState().refreshAll()
    useCountersStore.getState().startPolling()
    expect(useCountersStore.getState().todo).toBe(3)
    useSessionStore.getState().clear()
    expect(useCountersStore.getState()).toMatchObject({ todo: 0, remind: 0, warning: 0, orgWarning: 0, orgWarnings: [], personalWarning: 0 })
    await vi.advanceTimersByTimeAsync(600_000)
    expect(api.workSummary).toHaveBeenCalledTimes(1)
  })
})
