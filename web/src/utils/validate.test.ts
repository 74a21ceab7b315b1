import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  emailRule,
  idCheckChar,
  idNumberRule,
  isExternal,
  isValidEmail,
  isValidIdNumber,
  isValidLink,
  isValidMobile,
  matchesPasswordRule,
  mobileRule,
  parseIdNumber,
} from './validate'

describe('validators', () => {
  it.each([
    ['https://example.edu.cn/a?b=1', true],
    ['http://x.cn', true],
    ['mailto:a@b.cn', true],
    ['tel:010-12345678', true],
    ['ftp://x.cn', false],
    ['javascript:alert(1)', false],
    ['www.x.cn', false],
  ])('link %s → %s', (v, ok) => expect(isValidLink(v)).toBe(ok))

  it('external paths', () => {
    expect(isExternal('https://a.cn')).toBe(true)
    expect(isExternal('/system/user')).toBe(false)
  })

  // The server's own test vectors (internal/platform/idcard/testdata/vectors.json): the same cases, the
  // same answers and messages, so the form refuses exactly what the server refuses.
  const vectors = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../internal/platform/idcard/testdata/vectors.json'), 'utf8')) as {
    today: string
    idNumbers: { name: string; in: string; birth?: string; gender?: string; canonical?: string; error?: string }[]
    mobiles: { in: string; ok: boolean }[]
    emails: { in: string; ok: boolean }[]
  }
  const today = new Date(`${vectors.today}T12:00:00Z`)

  it('reads the shared vectors', () => {
    expect(vectors.idNumbers.length).toBeGreaterThan(20)
    expect(vectors.mobiles.length).toBeGreaterThan(5)
    expect(vectors.emails.length).toBeGreaterThan(5)
  })

  it.each(vectors.idNumbers)('id number: $name', (c) => {
    const got = parseIdNumber(c.in, today)
    if (c.error) expect(got).toEqual({ ok: false, message: c.error })
    else expect(got).toEqual({ ok: true, info: { number: c.in.trim().toUpperCase(), canonical: c.canonical, birthDate: c.birth, gender: c.gender } })
  })

  it.each(vectors.mobiles)('mobile $in → $ok', (c) => expect(isValidMobile(c.in)).toBe(c.ok))
  it.each(vectors.emails)('email $in → $ok', (c) => expect(isValidEmail(c.in)).toBe(c.ok))

  it('check characters of GB 11643 table 2', () => {
    // all zero but the last digit d (weight 2): the remainder is 2d mod 11.
    const want = '10X98765432'
    for (let d = 0; d <= 9; d++) expect(idCheckChar(`0000000000000000${d}`)).toBe(want[(2 * d) % 11])
  })

  it('optional fields: empty passes; the rules answer with the server\'s messages', async () => {
    expect(isValidIdNumber('')).toBe(true)
    expect(isValidIdNumber(undefined)).toBe(true)
    await expect(idNumberRule.validator(null, '110105194912310021')).rejects.toThrow('身份证号码校验位错误')
    await expect(idNumberRule.validator(null, '')).resolves.toBeUndefined()
    await expect(mobileRule.validator(null, '12345678901')).rejects.toThrow('请输入正确的手机号码')
    await expect(emailRule.validator(null, 'a@b')).rejects.toThrow('请输入正确的邮箱地址')
  })

  it('password pattern from config', () => {
    const reg = '^(?=.*[A-Za-z])(?=.*\\d).{8,}$'
    expect(matchesPasswordRule('abc12345', reg)).toBe(true)
    expect(matchesPasswordRule('abcdefgh', reg)).toBe(false)
    expect(matchesPasswordRule('anything', '')).toBe(true)
    expect(matchesPasswordRule('anything', '([')).toBe(true)
  })
})
