import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { captureDownloads, exportsOf, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { Stats } from './api'
import TransferStatsPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet(/\/api\/dzz/).reply(200, [])
})
afterEach(() => mock.restore())

const year = new Date().getFullYear()

const stats = (y: number, moved: boolean): Stats => ({
  year: y,
  kinds: [
    { key: 'in', label: '校外转入', count: moved ? 1 : 0 },
    { key: 'out', label: '转出', count: moved ? 2 : 0 },
    { key: 'inside', label: '校内转接', count: moved ? 1 : 0 },
  ],
  in: [
    { key: 'in_outside', label: '校外转入', count: moved ? 1 : 0 },
    { key: 'in_inside', label: '校内转入', count: moved ? 1 : 0 },
  ],
  out: [
    { key: 'out_province', label: '省内转出', count: moved ? 1 : 0 },
    { key: 'out_outside', label: '省外转出', count: moved ? 1 : 0 },
    { key: 'out_inside', label: '校内转出', count: moved ? 1 : 0 },
  ],
  abroad: [{ key: 'abroad', label: '出国（境）暂留', count: moved ? 1 : 0 }],
  totalIn: moved ? 2 : 0,
  totalOut: moved ? 3 : 0,
  totalAbroad: moved ? 1 : 0,
  committees: moved
    ? [
        { orgId: 2, orgName: '计算机学院党委', counts: { in_outside: 1, out_province: 1, out_inside: 1, abroad: 1 }, in: 1, out: 2, abroad: 1 },
        { orgId: 3, orgName: '数学学院党委', counts: { in_inside: 1, out_outside: 1 }, in: 1, out: 1, abroad: 0 },
      ]
    : [],
})

describe('转接统计', { timeout: 20_000 }, () => {
  it('shows the year’s moves by kind, by where from and to, and per committee', async () => {
    signIn([PERM.zzgxStats])
    const asked: unknown[] = []
    mock.onGet('/api/zzgx/stats').reply((c) => {
      asked.push(c.params)
      return [200, stats(year, true)]
    })
    renderWithApp(<TransferStatsPage />)
    expect(await screen.findByText(`${year}年转入`)).toBeTruthy()
    expect(asked).toEqual([{ year }])
    const cs = screen.getByText('计算机学院党委').closest('tr')!
    expect(within(cs).getAllByRole('cell').map((c) => c.textContent)).toEqual(['计算机学院党委', '1', '0', '1', '1', '0', '1', '2', '1'])
    // RULES §6: 出国（境）暂留 is its own column, not in 转出's total.
    expect(screen.getByText(`${year}年出国（境）暂留`)).toBeTruthy()
    expect(screen.getAllByText('省外转出').length).toBeGreaterThanOrEqual(2) // the destinations' card and the committees' column
    // Without zzgx:import there is no import button.
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull()
  })

  it('says when nothing was completed in the year', async () => {
    signIn([PERM.zzgxStats])
    mock.onGet('/api/zzgx/stats').reply(200, stats(year, false))
    renderWithApp(<TransferStatsPage />)
    expect(await screen.findByText(`${year}年没有办结的组织关系转接`)).toBeTruthy()
  })

  it('exports the table of the year and offers the import to who may import', async () => {
    signIn([PERM.zzgxStats, PERM.zzgxImport])
    mock.onGet('/api/zzgx/stats').reply(200, stats(year, true))
    const exported = exportsOf(mock.onGet('/api/zzgx/stats/export'))
    const downloads = captureDownloads()
    try {
      renderWithApp(<TransferStatsPage />)
      await screen.findByText(`${year}年转入`)
      expect(screen.getByRole('button', { name: /导\s*入/ })).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: /导出统计表/ }))
      await waitFor(() => expect(downloads.saved).toEqual([`组织关系转接统计-${year}.xlsx`]))
      expect(exported).toEqual([{ year }])
    } finally {
      downloads.restore()
    }
  })

  it('offers a retry when the tables cannot be read', async () => {
    signIn([PERM.zzgxStats])
    mock.onGet('/api/zzgx/stats').replyOnce(500, { message: '服务器内部错误' })
    mock.onGet('/api/zzgx/stats').reply(200, stats(year, true))
    renderWithApp(<TransferStatsPage />)
    fireEvent.click(await screen.findByRole('button', { name: /重\s*试/ }))
    expect(await screen.findByText(`${year}年转入`)).toBeTruthy()
  })
})
