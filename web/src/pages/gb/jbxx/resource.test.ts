import { describe, expect, it } from 'vitest'
import { BRIEF_COLUMNS, cadreResource, columnsFor, SUB_TABLES, subUrl } from './resource'

const columns = [
  { key: 'name', dataIndex: 'name' },
  { key: 'gender', dataIndex: 'genderLabel' },
  { key: 'nativePlace', dataIndex: 'nativePlace' },
  { key: 'unitName', dataIndex: 'unitName' },
  { key: 'title', dataIndex: 'titleLabel' },
  { key: 'actions' },
]

describe('干部信息库 display modes', () => {
  it('完整信息 keeps every column', () => {
    expect(columnsFor('full', columns)).toHaveLength(columns.length)
  })
  it('简要信息 keeps the short set and the actions', () => {
    expect(columnsFor('brief', columns).map((c) => c.key)).toEqual(['name', 'gender', 'unitName', 'actions'])
  })
  it('names only columns the list has', () => {
    const shown = cadreResource.fields.map((f) => (f.type === 'dict' ? f.name : (f.display ?? f.name)))
    for (const key of BRIEF_COLUMNS) expect(shown).toContain(key)
  })
})

describe('干部信息 sub-tables', () => {
  it('are the twelve information types 2–13 and the certificates, each at its own path', () => {
    expect(SUB_TABLES.map((t) => t.tab.split(' ')[0])).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '证件'])
    expect(new Set(SUB_TABLES.map((t) => t.path)).size).toBe(SUB_TABLES.length)
    expect(subUrl(7, 'jl')).toBe('/api/gbjbxx/7/jl')
  })
  it('show an open period as 至今', () => {
    const end = SUB_TABLES[0].fields.find((f) => f.name === 'endOn')!
    expect(end.render!(null as never, { id: 1 })).toBe('至今')
    expect(end.render!('2001-07-01' as never, { id: 1 })).toBe('2001-07-01')
  })
})

describe('change requests', () => {
  it('are one item per self-editable field the form changed', async () => {
    const { basicItems } = await import('./requests')
    const before = { nativePlace: '湖北武汉', health: '健康', phone: '138****8000', level: '3' }
    const after = { nativePlace: '湖北黄冈', health: '健康', phone: '138****8000', level: '2' }
    expect(basicItems(before, after, '更正')).toEqual([{ target: 'jbxx', field: 'nativePlace', value: '湖北黄冈', reason: '更正' }])
    expect(basicItems(before, { ...after, phone: '13900139000' }).map((i) => i.field)).toEqual(['nativePlace', 'phone'])
  })
  it('read proposed values and rows as text', async () => {
    const { valueText } = await import('./requests')
    expect(valueText('')).toBe('（空）')
    expect(valueText({ id: 3, startOn: '1990-09-01', endOn: null, text: '武汉大学学习', sort: 0 })).toBe('1990-09-01，武汉大学学习')
  })
})
