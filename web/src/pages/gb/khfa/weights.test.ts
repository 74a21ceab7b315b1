import { describe, expect, it } from 'vitest'
import { LEVEL_PRESETS, type Definition } from '@/api/generated/cadreAssess'
import { definitionOut, definitionPath, sharePercent, shareText } from './definitionForm'
import { decimalText, definitionErrors, levelsError, sumError, thresholdsError, units, weightError, weightSum } from './weights'

const def = (over: Partial<Definition> = {}): Definition => ({
  indicators: [
    { key: 'de', name: '德', weight: '0.3', judge: 'level' },
    { key: 'neng', name: '能', weight: '0.7', children: [{ key: 'n1', name: '业务', weight: '0.35', judge: 'score' }, { key: 'n2', name: '创新', weight: '0.65', judge: 'level' }] },
  ],
  groups: [{ key: 'g1', name: '校领导', weight: '0.4' }, { key: 'g2', name: '教职工代表', weight: '0.6' }],
  levels: LEVEL_PRESETS.grade.map((l) => ({ ...l })),
  thresholds: ['90', '70', '60'],
  excellentShare: '0.2',
  invalid: { uniform: true, incomplete: true },
  ...over,
})

describe('the scheme editor\'s weights', () => {
  it('sums decimals exactly where floats do not (0.1 + 0.2, ten times 0.1)', () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(weightSum(['0.1', '0.2'])).toBe(units('0.3'))
    expect(weightSum(Array(10).fill('0.1'))).toBe(10000)
    expect(weightSum(['0.3333', '0.3333', '0.3334'])).toBe(10000)
    expect(decimalText(weightSum(['0.25', '0.5'])!)).toBe('0.75')
    expect(decimalText(10000)).toBe('1')
    // An invalid weight leaves the sum unknown (its own field says why), never a wrong number.
    expect(weightSum(['0.5', 'abc'])).toBeNull()
    expect(weightSum(['0.5', '0.12345'])).toBeNull()
  })

  it('refuses a weight outside (0, 1] or with more than four decimals, in Chinese', () => {
    expect(weightError('')).toBe('请输入权重')
    expect(weightError('0')).toBe('权重应大于 0 且不超过 1')
    expect(weightError('1.0001')).toBe('权重应大于 0 且不超过 1')
    expect(weightError('0.12345')).toBe('权重应为最多 4 位小数的小数，如 0.25')
    expect(weightError('-0.1')).toBe('权重应为最多 4 位小数的小数，如 0.25')
    expect(weightError('1')).toBeNull()
    expect(weightError('0.0001')).toBeNull()
  })

  it('says what a level sums to when not exactly 1', () => {
    expect(sumError(['0.3', '0.3'], '一级指标')).toBe('一级指标权重合计应为 1，当前为 0.6')
    expect(sumError(['0.3', '0.7'], '一级指标')).toBeNull()
  })

  it('checks the whole definition as the server does: each level of the tree, the groups, the levels, the thresholds', () => {
    expect(definitionErrors(def())).toEqual([])
    const bad = def({
      indicators: [{ key: 'de', name: '德', weight: '0.3', judge: 'level' }, { key: 'neng', name: '能', weight: '0.6', children: [{ key: 'n1', name: '业务', weight: '0.5', judge: 'score' }] }],
      groups: [{ key: 'g1', name: '校领导', weight: '1.0' }, { key: 'g2', name: '教职工代表', weight: '0.1' }],
      thresholds: ['90', '90', '60'],
    })
    expect(definitionErrors(bad)).toEqual([
      '一级指标权重合计应为 1，当前为 0.9',
      '「能」的二级指标权重合计应为 1，当前为 0.5',
      '评价主体权重合计应为 1，当前为 1.1',
      '分数线应从优秀到基本称职依次降低',
    ])
    expect(levelsError([{ score: 95 }, { score: 95 }])).toBe('等次分值应从高到低依次降低')
    expect(thresholdsError(['90', '70', '60'])).toBeNull()
  })

  it('sends the 优秀 share as a decimal string and the judge on leaves only', () => {
    expect(shareText(20)).toBe('0.2')
    expect(shareText(12.5)).toBe('0.125')
    expect(sharePercent('0.2')).toBe(20)
    const d = def()
    d.indicators[1].judge = 'level' // left over from before the children were added
    const out = definitionOut({ name: 'x', year: 2026, cadreGroup: '其他', definition: d, sharePercent: 15 })
    expect(out.excellentShare).toBe('0.15')
    expect(out.indicators[1]).not.toHaveProperty('judge')
    expect(out.indicators[1].children?.[0]).toMatchObject({ key: 'n1', weight: '0.35', judge: 'score' })
  })

  it('maps the server\'s field of a definition error to the form\'s name path', () => {
    expect(definitionPath('indicators[1].children[0].weight')).toEqual(['definition', 'indicators', 1, 'children', 0, 'weight'])
    expect(definitionPath('definition.groups[2].weight')).toEqual(['definition', 'groups', 2, 'weight'])
    expect(definitionPath('thresholds[1]')).toEqual(['definition', 'thresholds', 1])
    expect(definitionPath('excellentShare')).toEqual(['sharePercent'])
    expect(definitionPath('name')).toBeNull()
  })
})
