import { describe, expect, it } from 'vitest'
import { birthDateOfIdNumber, genderOfIdNumber } from './idNumber'

describe('ID number helpers', () => {
  it('reads the birth date of 18- and 15-character numbers', () => {
    expect(birthDateOfIdNumber('11010519900307123X')).toBe('1990-03-07')
    expect(birthDateOfIdNumber('110105900307123')).toBe('1990-03-07')
  })

  it('refuses impossible dates and malformed numbers', () => {
    expect(birthDateOfIdNumber('110105199002301234')).toBeNull()
    expect(birthDateOfIdNumber('11010519900307')).toBeNull()
    expect(birthDateOfIdNumber('')).toBeNull()
    expect(birthDateOfIdNumber('110105299001011234')).toBeNull() // in the future
  })

  it('reads the gender from the sequence digit', () => {
    expect(genderOfIdNumber('110105199003071234')).toBe('1')
    expect(genderOfIdNumber('110105199003071244')).toBe('2')
    expect(genderOfIdNumber('110105900307124')).toBe('2')
  })
})
