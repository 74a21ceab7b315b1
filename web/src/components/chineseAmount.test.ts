import { describe, expect, it } from 'vitest'
import { chineseAmount } from './chineseAmount'

describe('chineseAmount', () => {
  it('writes fen in capitals as a receipt does', () => {
    expect(chineseAmount(0)).toBe('零元整')
    expect(chineseAmount(20)).toBe('贰角整')
    expect(chineseAmount(5)).toBe('伍分')
    expect(chineseAmount(105)).toBe('壹元零伍分')
    expect(chineseAmount(10050)).toBe('壹佰元伍角整')
    expect(chineseAmount(100000)).toBe('壹仟元整')
    expect(chineseAmount(1001000)).toBe('壹万零壹拾元整')
    expect(chineseAmount(1000000)).toBe('壹万元整')
    expect(chineseAmount(100100000)).toBe('壹佰万壹仟元整')
    expect(chineseAmount(100010000)).toBe('壹佰万零壹佰元整')
    expect(chineseAmount(123456789)).toBe('壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分')
    expect(chineseAmount(10000000000)).toBe('壹亿元整')
    expect(chineseAmount(-20)).toBe('负贰角整')
  })
})
