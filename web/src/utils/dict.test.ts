import { describe, expect, it, vi } from 'vitest'
import { dictLabel, formOptions, loadDicts, NEED_DICT_NAMES, searchOptions } from './dict'

describe('dictionary loader', () => {
  it('fails without names', async () => {
    const fetcher = vi.fn()
    await expect(loadDicts([], fetcher)).rejects.toThrow(NEED_DICT_NAMES)
    await expect(loadDicts(['  '], fetcher)).rejects.toThrow('need Dict names')
    expect(fetcher).not.toHaveBeenCalled()
  })

  it('loads several names in one call and fills missing ones', async () => {
    const fetcher = vi.fn().mockResolvedValue({ DJ_COMM_XB: [{ label: '男', value: '1' }] })
    const out = await loadDicts(['DJ_COMM_XB', 'DJ_COMM_MZXX'], fetcher)
    expect(fetcher).toHaveBeenCalledWith(['DJ_COMM_XB', 'DJ_COMM_MZXX'])
    expect(out).toEqual({ DJ_COMM_XB: [{ label: '男', value: '1' }], DJ_COMM_MZXX: [] })
    expect(dictLabel(out.DJ_COMM_XB, 1)).toBe('男')
    expect(dictLabel(out.DJ_COMM_XB, '9')).toBe('9')
  })
})

describe('dictionary choices', () => {
  const ethnicities = [
    { label: '汉族', value: '01' },
    { label: '蒙古族', value: '02', disabled: true },
    { label: '回族', value: '03' },
  ]

  it('a form offers the enabled values, and a disabled one only to the record holding it', () => {
    expect(formOptions(ethnicities)).toEqual([
      { label: '汉族', value: '01' },
      { label: '回族', value: '03' },
    ])
    expect(formOptions(ethnicities, '01').map((o) => o.value)).toEqual(['01', '03'])
    expect(formOptions(ethnicities, '02')).toEqual([
      { label: '汉族', value: '01' },
      { label: '蒙古族（已停用）', value: '02' },
      { label: '回族', value: '03' },
    ])
    expect(formOptions(undefined, '02')).toEqual([])
  })

  it('a search offers every value, marking the disabled ones, and the label still reads', () => {
    expect(searchOptions(ethnicities).map((o) => o.label)).toEqual(['汉族', '蒙古族（已停用）', '回族'])
    expect(dictLabel(ethnicities, '02')).toBe('蒙古族')
  })
})
