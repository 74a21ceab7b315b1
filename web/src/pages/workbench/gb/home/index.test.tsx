import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/components/chart/EChart', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}))

import { PERM } from '@/api/permissions'
import type { Workbench } from '@/api/generated/gbanalysis'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { MemoryRouter } from 'react-router'
import CadreWorkbenchPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/worklist').reply(200, { total: 0, groups: [] })
})
afterEach(() => mock.restore())

const workbench = (total: number): Workbench => ({
  day: '2026-12-01',
  numbers: { total, school: 1, division: 2, section: total - 3, women: 1, cpc: 4, under40: 1, averageAge: 46.5 },
  dueByType: [{ type: 203, name: '干部试用期到期提醒', count: 1 }],
  due: [{ type: 203, typeName: '干部试用期到期提醒', recordId: 9, cadreId: 4, name: '李敏', unitName: '组织部', post: '副部长', dueOn: '2026-12-20', title: '组织部副部长李敏试用期将于2026-12-20届满', content: '' }],
  dueTotal: 1,
  dimensions: [{ key: 'level', title: '职级', cells: [{ key: '3', label: '正处级', count: 2 }] }],
})

describe('干部工作台', { timeout: 20_000 }, () => {
  it('shows the key numbers, the reminders due and the charts', async () => {
    signIn([PERM.gbWorkbenchNavbar])
    mock.onGet('/api/gb/workbench').reply(200, workbench(6))
    renderWithApp(<MemoryRouter><CadreWorkbenchPage /></MemoryRouter>)
    expect(await screen.findByText('组织部副部长李敏试用期将于2026-12-20届满')).toBeTruthy()
    expect(screen.getByText('到期提醒（1）')).toBeTruthy()
    expect(screen.getByRole('img', { name: '干部按职级统计' })).toBeTruthy()
    expect(await screen.findByText('没有待办事项')).toBeTruthy()
    expect(screen.queryByText('干部驾驶舱')).toBeNull()
  })

  it('links to the cadre cockpit for its holders', async () => {
    signIn([PERM.gbWorkbenchNavbar, PERM.gbjscView])
    mock.onGet('/api/gb/workbench').reply(200, workbench(6))
    renderWithApp(<MemoryRouter><CadreWorkbenchPage /></MemoryRouter>)
    expect((await screen.findByText('干部驾驶舱')).closest('a')?.getAttribute('href')).toBe('/workbench/gbjsc/zhdt')
  })

  it('says why the charts are missing when the scope holds no cadre', async () => {
    signIn([PERM.gbWorkbenchNavbar])
    mock.onGet('/api/gb/workbench').reply(200, { ...workbench(0), due: [], dueTotal: 0, dimensions: [] })
    renderWithApp(<MemoryRouter><CadreWorkbenchPage /></MemoryRouter>)
    expect(await screen.findByText('管理范围内没有现任干部，录入干部信息后这里显示队伍结构')).toBeTruthy()
    expect(screen.getByText('提醒期内没有到期的干部')).toBeTruthy()
  })
})
