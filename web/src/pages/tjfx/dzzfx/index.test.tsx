import { fireEvent, screen, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/components/chart/EChart', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}))

import type { Analysis, CommitteeRow } from '@/api/generated/statsWorkbench'
import { PERM } from '@/api/permissions'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { MemoryRouter } from 'react-router'
import PartyOrgAnalysisPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const row = (id: number, name: string, members: number): CommitteeRow => ({
  committeeId: id, committeeName: name, branches: 2, under3: 1, from3To6: 1, from7To50: 0, over50: 0, withCommittee: 1,
  committeeMissing: 0, termsDue: 0, termsOverdue: 1, members, full: members - 1, probationary: 1,
})

const analysis = (rows: CommitteeRow[], structure?: CommitteeRow): Analysis => {
  const total = rows.reduce((t, r) => ({ ...t, branches: t.branches + r.branches, members: t.members + r.members }), { ...row(0, '', 0), branches: 0, members: 0 })
  return {
    day: '2026-12-01', committeeId: structure?.committeeId ?? 0, rows, total, structure: structure ?? total,
    dimensions: [{ key: 'age', title: '年龄', items: [{ value: 'age30', label: '30岁及以下', count: 3 }] }],
    joined: [{ year: 2026, count: 2 }],
  }
}

describe('党组织数据分析', { timeout: 20_000 }, () => {
  it('shows each committee with its figures and the charts, and narrows to one committee', async () => {
    signIn([PERM.dzzfxList, PERM.dzzfxExport])
    const cs = row(11, '计算机学院党委', 23)
    const math = row(12, '数学学院党委', 9)
    mock.onGet('/api/dzzfx').reply((cfg) => [200, cfg.params?.committeeId === 12 ? analysis([cs, math], math) : analysis([cs, math])])
    renderWithApp(<MemoryRouter><PartyOrgAnalysisPage /></MemoryRouter>)
    const table = await screen.findByRole('table')
    expect(within(table).getByText('计算机学院党委')).toBeTruthy()
    expect(within(table).getByText('23')).toBeTruthy()
    expect(within(table).getByText('32')).toBeTruthy() // 合计 of the members
    expect(screen.getByRole('img', { name: '党员按年龄统计' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /导出各二级党委统计表/ })).toBeTruthy()
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '二级党委' }))
    fireEvent.click(await screen.findByTitle('数学学院党委'))
    await vi.waitFor(() => expect(mock.history.get.some((r) => r.params?.committeeId === 12)).toBe(true))
  })

  it('says why there is nothing to analyse', async () => {
    signIn([PERM.dzzfxList])
    mock.onGet('/api/dzzfx').reply(200, analysis([]))
    renderWithApp(<MemoryRouter><PartyOrgAnalysisPage /></MemoryRouter>)
    expect(await screen.findByText('数据范围内没有二级党委（或其下没有党组织），无可分析的数据')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull()
  })
})
