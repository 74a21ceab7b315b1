import { describe, expect, it } from 'vitest'
import { formatTime, isBetween, relativeTime, secondsToHms, toMillis } from './time'

describe('time helpers', () => {
  it('treats 10-digit numbers as seconds', () => {
    expect(toMillis(1700000000)).toBe(1700000000000)
    expect(toMillis('1700000000')).toBe(1700000000000)
    expect(toMillis(1700000000123)).toBe(1700000000123)
  })

  it('relative time thresholds', () => {
    const now = new Date('2026-03-10T12:00:00Z').getTime()
    const ago = (s: number) => now - s * 1000
    expect(relativeTime(ago(10), now)).toBe('刚刚')
    expect(relativeTime(ago(29), now)).toBe('刚刚')
    expect(relativeTime(ago(90), now)).toBe('2分钟前')
    expect(relativeTime(ago(3599), now)).toBe('60分钟前')
    expect(relativeTime(ago(3600 * 5), now)).toBe('5小时前')
    expect(relativeTime(ago(3600 * 30), now)).toBe('1天前')
    expect(relativeTime(ago(3600 * 72), now, 'YYYY-MM-DD')).toBe('2026-03-07')
    // Seconds are accepted too.
    expect(relativeTime(Math.floor(ago(10) / 1000), now)).toBe('刚刚')
  })

  it('formats seconds as hh:mm:ss', () => {
    expect(secondsToHms(0)).toBe('00:00:00')
    expect(secondsToHms(59)).toBe('00:00:59')
    expect(secondsToHms(3661)).toBe('01:01:01')
    expect(secondsToHms(90000)).toBe('25:00:00')
  })

  it('between two dates', () => {
    const now = new Date('2026-03-10T12:00:00Z').getTime()
    expect(isBetween('2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z', now)).toBe(true)
    expect(isBetween('2026-03-11T00:00:00Z', '2026-03-31T00:00:00Z', now)).toBe(false)
    expect(isBetween(now, now, now)).toBe(true)
  })

  it('formats RFC 3339 strings and empties', () => {
    expect(formatTime('2026-03-10T12:00:00Z', 'YYYY')).toBe('2026')
    expect(formatTime(null)).toBe('')
  })
})
