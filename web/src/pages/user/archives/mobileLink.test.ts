import { describe, expect, it } from 'vitest'
import { countdownText, keepPolling, phoneUploadUrl, secondsLeft } from './mobileLink'

describe('手机上传 link', () => {
  it('points the phone at the page that reads ?t=, the token escaped', () => {
    expect(phoneUploadUrl('https://dj.example.edu.cn', '12.1767.ab+c')).toBe('https://dj.example.edu.cn/web/mobileUpload?t=12.1767.ab%2Bc')
  })

  it('counts whole seconds down to the expiry and never below zero', () => {
    const now = Date.parse('2026-12-02T04:00:00Z')
    expect(secondsLeft('2026-12-02T04:10:00Z', now)).toBe(600)
    expect(secondsLeft('2026-12-02T04:00:00.400Z', now)).toBe(1)
    expect(secondsLeft('2026-12-02T03:59:00Z', now)).toBe(0)
  })

  it('says minutes and seconds left, then 已过期', () => {
    expect(countdownText(600)).toBe('10:00 后失效')
    expect(countdownText(65)).toBe('01:05 后失效')
    expect(countdownText(0)).toBe('已过期')
  })

  it('polls while the link waits and has time, not after the file came or the link died', () => {
    expect(keepPolling(undefined, 30)).toBe(true)
    expect(keepPolling({ state: 'WAITING', channel: '', fileName: '' }, 30)).toBe(true)
    expect(keepPolling({ state: 'DONE', channel: 'PHOTO', fileName: 'a.png' }, 30)).toBe(false)
    expect(keepPolling({ state: 'EXPIRED', channel: '', fileName: '' }, 30)).toBe(false)
    expect(keepPolling({ state: 'WAITING', channel: '', fileName: '' }, 0)).toBe(false)
  })
})
