import { fireEvent, screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/components/chart/EChart', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}))

import { PERM } from '@/api/permissions'
import type { Workbench } from '@/api/generated/statsWorkbench'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import PartyWorkbenchPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/worklist').reply(200, { total: 3, groups: [{ key: 'develop', title: '发展党员', count: 3 }] })
})
afterEach(() => mock.restore())

const figures = { members: 0, months: 0, unpaidMonths: 0, dueFen: 0, paidFen: 0, extraFen: 0, outstandingFen: 0, rateBp: 10000, peopleRateBp: 10000 }

const workbench = (scoped: boolean): Workbench => ({
  day: '2026-12-01',
  scoped,
  orgs: scoped ? [{ value: '5', label: '党支部', count: 12 }] : [],
  orgTotal: scoped ? 14 : 0,
  members: scoped ? 321 : 0,
  full: scoped ? 300 : 0,
  probationary: scoped ? 21 : 0,
  pipeline: [
    { value: 'applicant', label: '入党申请人', count: scoped ? 45 : 0 },
    { value: 'activist', label: '入党积极分子', count: 0 },
    { value: 'target', label: '发展对象', count: 0 },
    { value: 'probationary', label: '预备党员', count: 0 },
  ],
  transfers: [{ value: 'out', label: '转出', count: scoped ? 2 : 0 }],
  termDays: 90,
  termsDue: scoped ? 4 : 0,
  termsOverdue: scoped ? 1 : 0,
  probationDays: 30,
  probationsDue: scoped ? 6 : 0,
  life: { month: '2026-12', items: [], missing: 0, gaps: [] },
  feeYear: scoped ? { ...figures, months: 10, dueFen: 1000, paidFen: 875, rateBp: 8750 } : figures,
  feeMonth: figures,
  trend: [{ month: '2026-11', members: scoped ? 7 : 0, probationary: 0 }],
})

function Where() {
  const loc = useLocation()
  return <div data-testid="where">{loc.pathname + loc.search}</div>
}

function renderPage() {
  renderWithApp(
    <MemoryRouter initialEntries={['/workbench/dj/home']}>
      <Routes>
        <Route path="/workbench/dj/home" element={<PartyWorkbenchPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  )
}

describe('党建工作台', { timeout: 20_000 }, () => {
  it('shows the numbers of the scope, each linked to its list, and the cockpit', async () => {
    signIn([PERM.djWorkbenchNavbar])
    mock.onGet('/api/dj/workbench').reply(200, workbench(true))
    renderPage()
    expect(await screen.findByRole('link', { name: '党员 321' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '本年收缴率（按金额） 87.50%' })).toBeTruthy()
    expect(screen.getByRole('img', { name: '近月党员人数' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /党建驾驶舱/ }).getAttribute('href')).toBe('/workbench/djjsc/zhdt')
    expect(screen.getByRole('link', { name: '转出中 2' }).getAttribute('href')).toBe('/zzgx/out')
    expect(await screen.findByRole('link', { name: '待办总数 3' })).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: '90天内换届 4' }))
    expect((await screen.findByTestId('where')).textContent).toBe('/party/hjxj?tab=due')
  })

  it('opens the development list from the applicants number', async () => {
    signIn([PERM.djWorkbenchNavbar])
    mock.onGet('/api/dj/workbench').reply(200, workbench(true))
    renderPage()
    fireEvent.click(await screen.findByRole('link', { name: '入党申请人 45' }))
    expect((await screen.findByTestId('where')).textContent).toBe('/develop/applicant')
  })

  it('says why everything is empty when the scope holds no organisation', async () => {
    signIn([PERM.djWorkbenchNavbar])
    mock.onGet('/api/dj/workbench').reply(200, workbench(false))
    renderPage()
    expect(await screen.findByText('您的数据范围内没有党组织，以下数字均为0；请联系管理员设置账号的所属党组织或数据范围')).toBeTruthy()
    expect(screen.getByText('数据范围内没有进行中的发展党员记录')).toBeTruthy()
    expect(screen.getByText('本年尚未启动收缴')).toBeTruthy()
    expect(screen.getByText('数据范围内没有需按期开展组织生活的党组织')).toBeTruthy()
  })
})
