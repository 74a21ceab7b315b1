import { afterEach, describe, expect, it, vi } from 'vitest'
import { hasPermission, normalizeRoles } from './permission'
import { startPoll } from './poll'

describe('permissions', () => {
  it('a user without roles gets ROLE_SYSTEM_DEFAULT', () => {
    expect(normalizeRoles([])).toEqual(['ROLE_SYSTEM_DEFAULT'])
    expect(normalizeRoles(undefined)).toEqual(['ROLE_SYSTEM_DEFAULT'])
    expect(normalizeRoles(['user:list'])).toEqual(['user:list'])
  })

  it('admin passes, otherwise one of the listed', () => {
    expect(hasPermission(['admin'], ['dy:home'])).toBe(true)
    expect(hasPermission(['dy:home'], ['dy:home', 'x'])).toBe(true)
    expect(hasPermission(['user:list'], ['dy:home'])).toBe(false)
    expect(hasPermission([], [])).toBe(false)
  })
})

describe('startPoll', () => {
  afterEach(() => vi.useRealTimers())
  it('runs after the first delay, then every interval, until stopped', () => {
    vi.useFakeTimers()
    const fn = vi.fn()
    const stop = startPoll(fn, 10_000, 30_000)
    vi.advanceTimersByTime(9_999)
    expect(fn).toHaveBeenCalledTimes(0)
    vi.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(30_000)
    expect(fn).toHaveBeenCalledTimes(2)
    stop()
    vi.advanceTimersByTime(120_000)
    expect(fn).toHaveBeenCalledTimes(2)
  })
})
