import { describe, expect, it } from 'vitest'
import { isExternal, isValidEmail, isValidIdNumber, isValidLink, isValidMobile, matchesPasswordRule } from './validate'

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

  it.each([
    ['a.b@x.edu.cn', true],
    ['user+tag@mail.com', true],
    ['a@b', false],
    ['@b.cn', false],
    ['a b@c.cn', false],
  ])('email %s → %s', (v, ok) => expect(isValidEmail(v)).toBe(ok))

  it.each([
    ['13812345678', true],
    ['19912345678', true],
    ['12812345678', false],
    ['1381234567', false],
    ['23812345678', false],
    ['138123456789', false],
  ])('mobile %s → %s', (v, ok) => expect(isValidMobile(v)).toBe(ok))

  it.each([
    ['', true],
    [undefined, true],
    ['110101199003078888', true],
    ['11010119900307888X', true],
    ['11010119900307888x', true],
    ['110101900307888', true],
    ['11010119900307888Y', false],
    ['1101011990030788', false],
    ['11010119900307888', false],
  ])('id number %s → %s', (v, ok) => expect(isValidIdNumber(v)).toBe(ok))

  it('password pattern from config', () => {
    const reg = '^(?=.*[A-Za-z])(?=.*\\d).{8,}$'
    expect(matchesPasswordRule('abc12345', reg)).toBe(true)
    expect(matchesPasswordRule('abcdefgh', reg)).toBe(false)
    expect(matchesPasswordRule('anything', '')).toBe(true)
    expect(matchesPasswordRule('anything', '([')).toBe(true)
  })
})
