import { describe, expect, it } from 'vitest'
import { chineseDate } from './chineseDate'

describe('chineseDate', () => {
  it('writes dates the Chinese way, months alone too', () => {
    expect(chineseDate('2025-03-07')).toBe('2025年3月7日')
    expect(chineseDate('2026-11')).toBe('2026年11月')
  })

  it('gives the blank asked for a missing date, and keeps anything else as it is', () => {
    expect(chineseDate('')).toBe('')
    expect(chineseDate(undefined)).toBe('')
    expect(chineseDate(undefined, '\u3000\u3000年\u3000月')).toBe('\u3000\u3000年\u3000月')
    expect(chineseDate('长期')).toBe('长期')
  })
})
