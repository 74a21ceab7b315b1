import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/api/message', () => ({
  todoPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 3 })),
  remindPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 120 })),
  warningPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 1, totalWarningNum: 7 })),
}))

import * as api from '@/api/message'
import { POLL, useCountersStore } from './counters'

const flush = () => vi.advanceTimersByTimeAsync(0)

describe('counters store', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.mocked(api.todoPage).mockClear()
    vi.mocked(api.remindPage).mockClear()
    vi.mocked(api.warningPage).mockClear()
    useCountersStore.getState().reset()
  })
  afterEach(() => {
    useCountersStore.getState().stopPolling()
    vi.useRealTimers()
  })

  it('reads totalElements / totalWarningNum with page=0,size=1', async () => {
    await useCountersStore.getState().refreshAll()
    expect(useCountersStore.getState()).toMatchObject({ todo: 3, remind: 120, warning: 7 })
    expect(api.todoPage).toHaveBeenCalledWith({ page: 0, size: 1 }, true)
    expect(api.warningPage).toHaveBeenCalledWith({ page: 0, size: 1 }, true)
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
    expect(api.todoPage).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(api.todoPage).toHaveBeenCalledTimes(1)
    expect(api.warningPage).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(api.todoPage).toHaveBeenCalledTimes(2)
    expect(api.remindPage).toHaveBeenCalledTimes(2)
    expect(api.warningPage).toHaveBeenCalledTimes(1)
    useCountersStore.getState().stopPolling()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(api.todoPage).toHaveBeenCalledTimes(2)
  })

  it('a failed poll keeps the last count', async () => {
    await useCountersStore.getState().refreshTodo()
    vi.mocked(api.todoPage).mockRejectedValueOnce(new Error('down'))
    await useCountersStore.getState().refreshTodo()
    await flush()
    expect(useCountersStore.getState().todo).toBe(3)
  })

  it('reset zeroes the counts and stops polling (logout)', async () => {
    await useCountersStore.getState().refreshAll()
    useCountersStore.getState().startPolling()
    useCountersStore.getState().reset()
    expect(useCountersStore.getState()).toMatchObject({ todo: 0, remind: 0, warning: 0 })
    await vi.advanceTimersByTimeAsync(600_000)
    expect(api.todoPage).toHaveBeenCalledTimes(1)
  })
})
