import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// Charts draw on a canvas the test DOM lacks: show what each is given instead.
vi.mock('@/components/chart/EChart', () => ({
  default: ({ label, option }: { label: string; option: unknown }) => <div role="img" aria-label={label} data-option={JSON.stringify(option)} />,
}))

import { PERM } from '@/api/permissions'
import { captureDownloads, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { MemoryRouter } from 'react-router'
import type { Structure, UnitLine } from './api'
import CadreAnalysisPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet(/\/api\/common\/getDwInfo/).reply(200, { content: [], totalElements: 0 })
})
afterEach(() => mock.restore())

const structure = (total: number): Structure => ({
  total,
  averageAge: 47.3,
  day: '2026-12-01',
  dimensions: [
    { key: 'age', title: '年龄', cells: [{ key: '35', label: '35岁及以下', count: 1 }, { key: '40', label: '36至40岁', count: total - 1 }] },
    { key: 'gender', title: '性别', cells: [{ key: '1', label: '男', count: total - 1 }, { key: '2', label: '女', count: 1 }] },
  ],
})

const unit: UnitLine = { unitId: 3, unitName: '计算机学院', total: 5, school: 0, division: 2, section: 3, women: 1, cpc: 4, under40: 2, graduate: 3 }

describe('干部分析', { timeout: 20_000 }, () => {
  it('shows the structure with a chart per dimension and the per-unit table on its tab', async () => {
    signIn([PERM.gbfxList])
    mock.onGet('/api/gb/fx/structure').reply(200, structure(4))
    mock.onGet('/api/gb/fx/units').reply(200, [unit])
    renderWithApp(<MemoryRouter><CadreAnalysisPage /></MemoryRouter>)
    expect(await screen.findByText('36至40岁')).toBeTruthy()
    const ages = JSON.parse(screen.getByRole('img', { name: '干部按年龄统计' }).getAttribute('data-option')!)
    expect(ages.series[0].data).toEqual([1, 3])
    const genders = JSON.parse(screen.getByRole('img', { name: '干部按性别统计' }).getAttribute('data-option')!)
    expect(genders.series[0].type).toBe('pie')
    const table = document.querySelector('.ant-table') as HTMLElement
    expect(within(table).getAllByText('75.0%')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull()

    fireEvent.click(screen.getByRole('tab', { name: '各单位统计' }))
    expect(await screen.findByText('计算机学院')).toBeTruthy()
  })

  it('says why nothing shows when the scope holds no serving cadre', async () => {
    signIn([PERM.gbfxList])
    mock.onGet('/api/gb/fx/structure').reply(200, structure(0))
    renderWithApp(<MemoryRouter><CadreAnalysisPage /></MemoryRouter>)
    expect(await screen.findByText('管理范围内没有现任干部')).toBeTruthy()
  })

  it('exports the tab shown', async () => {
    signIn([PERM.gbfxList, PERM.gbfxExport])
    mock.onGet('/api/gb/fx/structure').reply(200, structure(2))
    mock.onGet('/api/gb/fx/units').reply(200, [unit])
    mock.onGet('/api/gb/fx/structure/export').reply(200, new Blob(['x']))
    mock.onGet('/api/gb/fx/units/export').reply(200, new Blob(['x']))
    const downloads = captureDownloads()
    try {
      renderWithApp(<MemoryRouter><CadreAnalysisPage /></MemoryRouter>)
      fireEvent.click(await screen.findByRole('button', { name: /导出结构分析/ }))
      await waitFor(() => expect(downloads.saved).toEqual(['干部队伍结构分析.xlsx']))
      fireEvent.click(screen.getByRole('tab', { name: '各单位统计' }))
      fireEvent.click(await screen.findByRole('button', { name: /导出各单位统计/ }))
      await waitFor(() => expect(downloads.saved).toHaveLength(2))
    } finally {
      downloads.restore()
    }
  })
})
