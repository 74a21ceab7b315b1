import { describe, expect, it } from 'vitest'
import { birthDateOfIdNumber, genderOfIdNumber } from './idNumber'

describe('ID number helpers', () => {
  it('read the birth date and gender of valid 18- and 15-character numbers', () => {
    expect(birthDateOfIdNumber('440304199003070018')).toBe('1990-03-07')
    expect(genderOfIdNumber('440304199003070018')).toBe('1')
    expect(birthDateOfIdNumber('110105491231002')).toBe('1949-12-31')
    expect(genderOfIdNumber(' 11010519491231002x ')).toBe('2')
  })

  it('tell nothing of an invalid number (check character, date, shape) or none', () => {
    expect(birthDateOfIdNumber('440304199003070010')).toBeNull()
    expect(birthDateOfIdNumber('11010519900230001X')).toBeNull()
    expect(genderOfIdNumber('11010519900307')).toBeNull()
    expect(birthDateOfIdNumber('')).toBeNull()
    expect(genderOfIdNumber(undefined)).toBeNull()
  })
})
