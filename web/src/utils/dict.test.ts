import { describe, expect, it, vi } from 'vitest'
import { dictLabel, loadDicts, NEED_DICT_NAMES } from './dict'

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
