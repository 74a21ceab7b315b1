import { fireEvent, screen, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, page, signIn } from '@/test/api'
import { MASKED_PERSON } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import MemberDetailPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/dictDetail/map').reply(200, {})
  mock.onGet('/api/dyjbxx/1').reply(200, { ...MASKED_PERSON, id: 1, name: '张三', orgId: 3, orgName: '计算机教工党支部', partyStatus: '2', partyStatusLabel: '预备党员' })
})
afterEach(() => mock.restore())

const show = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/dyjbxx/detail?id=1']}>
      <Routes>
        <Route path="/dyjbxx/detail" element={<MemberDetailPage />} />
      </Routes>
    </MemoryRouter>,
  )

describe('党员详情 · the modules’ tabs', { timeout: 30_000 }, () => {
  it('shows the member’s fees, development record and transfers as short lists linking into each module', async () => {
    signIn(['dy:list', 'df:list', 'fzdy:list', 'zzgx:list'])
    mock.onGet('/api/dfgl/member/1/fees').reply(200, {
      memberName: '张三', paidUpTo: '2026-10', backMonths: 6, online: false, payments: [],
      dues: [{ id: 5, batchId: 5, month: '2026-11', memberId: 1, memberName: '张三', orgId: 3, orgName: '', committeeId: null, category: '', dueFen: 2000, paidFen: 0, working: '', state: 'unpaid', stateLabel: '未缴', payable: true }],
    })
    mock.onGet('/api/fzdy/member/1').reply(200, [{ id: 42, stageName: '预备党员', stepName: '继续教育考察', orgName: '计算机教工党支部', appliedOn: '2023-03-01' }])
    mock.onGet('/api/zzgx').reply((c) => {
      expect(c.params).toMatchObject({ memberId: 1, size: 6 })
      return [200, page([{ id: 8, kind: 'inside', kindLabel: '校内转接', state: 'done', stateLabel: '已完成', toOrgName: '数学教工党支部', createTime: '2026-05-01T00:00:00Z' }], 1)]
    })
    show()
    expect(await screen.findByText('党员详情：张三')).toBeTruthy()
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['基本信息', '附件', '党费', '发展记录', '组织关系转接', '变动轨迹'])
    // 组织生活 has no module yet: no tab, no placeholder.
    expect(screen.queryByRole('tab', { name: /组织生活/ })).toBeNull()

    fireEvent.click(screen.getByRole('tab', { name: '党费' }))
    expect(await screen.findByText('已缴至 2026-10')).toBeTruthy()
    expect(screen.getByText('2026-11')).toBeTruthy()
    expect(screen.getByRole('link', { name: '到缴费管理查看' }).getAttribute('href')).toBe('/dfgl/pay')

    fireEvent.click(screen.getByRole('tab', { name: '发展记录' }))
    const dev = (await screen.findByText('当前步骤：继续教育考察')).closest('li') as HTMLElement
    expect(within(dev).getByRole('link', { name: '查看发展记录' }).getAttribute('href')).toBe('/develop/record?id=42')

    fireEvent.click(screen.getByRole('tab', { name: '组织关系转接' }))
    const tr = (await screen.findByText('校内转接')).closest('li') as HTMLElement
    expect(within(tr).getByText('→ 数学教工党支部')).toBeTruthy()
    expect(within(tr).getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/zzgx/inside?id=8')
  })

  it('shows a module’s tab only to who may read that module', async () => {
    signIn(['dy:list', 'fzdy:list'])
    show()
    expect(await screen.findByText('党员详情：张三')).toBeTruthy()
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['基本信息', '附件', '发展记录', '变动轨迹'])
    expect(mock.history.get.some((c) => c.url?.startsWith('/api/dfgl') || c.url?.startsWith('/api/zzgx'))).toBe(false)
  })
  it('shows the 民主评议 tab: each year’s grade with the votes per grade', async () => {
    signIn(['dy:list', 'mzpy:list'])
    mock.onGet('/api/mzpy/member/1').reply(200, [{ id: 3, year: 2025, orgName: '计算机教工党支部', nExcellent: 5, nQualified: 2, nBasic: 0, nUnqualified: 0,
      grade: 'excellent', gradeName: '优秀', reason: '', followUp: '', followName: '', followNote: '' }])
    show()
    expect(await screen.findByText('党员详情：张三')).toBeTruthy()
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['基本信息', '附件', '民主评议', '变动轨迹'])
    fireEvent.click(screen.getByRole('tab', { name: '民主评议' }))
    const item = (await screen.findByText('2025 年度')).closest('li') as HTMLElement
    expect(within(item).getByText('优秀')).toBeTruthy()
    expect(within(item).getByText('得票：优秀 5、合格 2、基本合格 0、不合格 0')).toBeTruthy()
  })
})
