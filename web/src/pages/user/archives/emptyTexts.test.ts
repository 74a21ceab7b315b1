import { describe, expect, it } from 'vitest'
import type { ArchiveRecord } from './service'
import { EMPTY, sectionIsEmpty, type Section } from './emptyTexts'

const bare: ArchiveRecord = { member: null, development: null, transfers: null, fees: null, meetings: [], appraisal: null, hours: null, points: null, honours: [] }

describe('个人档案 sections', () => {
  it('are all empty, each saying why, when the modules have nothing of the member', () => {
    for (const s of Object.keys(EMPTY) as Section[]) {
      expect(sectionIsEmpty(bare, s)).toBe(true)
      expect(EMPTY[s]).toMatch(/^(暂无|系统中没有)/)
    }
    expect(EMPTY.meetings).toContain('暂无参加组织生活的记录')
  })

  it('show what the modules answered', () => {
    const r: ArchiveRecord = {
      ...bare,
      development: { linked: true } as ArchiveRecord['development'],
      meetings: [{ id: 1, title: '主题党日', kind: '主题党日', day: '2026-03-02', orgName: '计算机教工党支部' }],
      hours: { total: 3.5, nodes: [], records: [] } as unknown as ArchiveRecord['hours'],
      points: { year: 2026, total: 0, entries: [] },
      honours: [{ id: 3, reason: '获评校级优秀共产党员', earnedOn: '2026-06-28', orgName: '计算机教工党支部' }],
    }
    expect(sectionIsEmpty(r, 'development')).toBe(false)
    expect(sectionIsEmpty(r, 'meetings')).toBe(false)
    expect(sectionIsEmpty(r, 'hours')).toBe(false)
    expect(sectionIsEmpty(r, 'honours')).toBe(false)
    // A year without entries is empty even though the module answered.
    expect(sectionIsEmpty(r, 'points')).toBe(true)
  })

  it('treats a development record that is not linked as none', () => {
    expect(sectionIsEmpty({ ...bare, development: { linked: false } as ArchiveRecord['development'] }, 'development')).toBe(true)
  })
})
