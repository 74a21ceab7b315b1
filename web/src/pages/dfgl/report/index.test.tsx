import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { captureDownloads, exportsOf, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { rate, yuan, type Arrear, type Ledger, type OrgReport } from './api'
import FeeReportPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet(/\/api\/dzz/).reply(200, [])
})
afterEach(() => mock.restore())

const year = new Date().getFullYear()
const fig = (due: number, paid: number, members = 1) => ({
  members, months: members, unpaidMonths: due > paid ? 1 : 0, dueFen: due, paidFen: paid, extraFen: 0, outstandingFen: due - paid,
  rateBp: due ? Math.floor((paid * 10000) / due) : 10000,
  peopleRateBp: due > paid ? 0 : 10000,
})
const university: OrgReport = {
  year, month: 0, orgId: 1, orgName: '学校党委',
  rows: [
    { orgId: 2, orgName: '计算机学院党委', orgType: '2', own: false, hasChildren: true, ...fig(405000, 145000, 3) },
    { orgId: 3, orgName: '数学学院党委', orgType: '2', own: false, hasChildren: true, ...fig(6000, 2000) },
  ],
  total: fig(411000, 147000, 4),
}
const college: OrgReport = {
  year, month: 0, orgId: 2, orgName: '计算机学院党委',
  rows: [{ orgId: 4, orgName: '计算机教工党支部', orgType: '5', own: false, hasChildren: false, ...fig(405000, 145000, 3) }],
  total: fig(405000, 145000, 3),
}

const render = (entry = '/dfgl/report') =>
  renderWithApp(
    <MemoryRouter initialEntries={[entry]}>
      <FeeReportPage />
    </MemoryRouter>,
  )

describe('党费报表', { timeout: 20_000 }, () => {
  it('formats fen as 元 and rates without floats', () => {
    expect(yuan(0)).toBe('0.00')
    expect(yuan(1)).toBe('0.01')
    expect(yuan(123456789)).toBe('1,234,567.89')
    expect(yuan(99999)).toBe('999.99')
    expect(yuan(100000)).toBe('1,000.00')
    expect(yuan(-123456)).toBe('-1,234.56')
    expect(yuan(-50)).toBe('-0.50')
    expect(rate(3576)).toBe('35.76%')
    expect(rate(10000)).toBe('100.00%')
  })

  it('shows the university by 二级党委 with its totals and drills into a committee and back', async () => {
    signIn([PERM.dfReport])
    const asked: unknown[] = []
    mock.onGet('/api/dfgl/report/orgs').reply((c) => {
      asked.push(c.params)
      return [200, c.params.orgId === 2 ? college : university]
    })
    render()
    const link = await screen.findByRole('button', { name: '查看计算机学院党委下级' }, { timeout: 5000 })
    const table = document.querySelector('.ant-table') as HTMLElement
    const total = within(table).getByText('合计').closest('tr')!
    expect(total.textContent).toContain('4,110.00')
    expect(total.textContent).toContain('1,470.00')
    expect(total.textContent).toContain('35.76%')
    fireEvent.click(link)
    expect(await screen.findByText('计算机教工党支部')).toBeTruthy()
    expect(asked).toEqual([{ year }, { year, orgId: 2 }])
    fireEvent.click(screen.getByRole('button', { name: /返回上级/ }))
    expect(await screen.findByRole('button', { name: '查看数学学院党委下级' })).toBeTruthy()
  })

  it('lists the members in arrears with the warning at 6 months (opened from a reminder link)', async () => {
    signIn([PERM.dfReport])
    mock.onGet('/api/dfgl/report/orgs').reply(200, university)
    const rows: Arrear[] = [
      { memberId: 7, name: '张三', orgId: 4, orgName: '计算机教工党支部', months: 6, since: '2025-01', latest: '2025-06', outstandingFen: 600, level: 'warn' },
      { memberId: 8, name: '李四', orgId: 4, orgName: '计算机教工党支部', months: 3, since: '2025-04', latest: '2025-06', outstandingFen: 300, level: 'remind' },
    ]
    const asked: unknown[] = []
    mock.onGet('/api/dfgl/report/arrears').reply((c) => {
      asked.push(c.params)
      return [200, page(rows)]
    })
    render('/dfgl/report?tab=arrears&orgId=4')
    const line = (await screen.findByText('张三')).closest('tr')!
    expect(line.textContent).toContain('警示：连续6个月及以上未缴（视为自行脱党）')
    expect(line.textContent).toContain('2025-01 至 2025-06')
    expect(screen.getByText('李四').closest('tr')!.textContent).toContain('提醒：连续多月未缴')
    expect(asked[0]).toEqual({ page: 0, size: 20, orgId: 4 })
    expect(screen.getByText(/连续未缴只计已经结束的月份/)).toBeTruthy() // RULES §1: the open month does not count
  })

  it('shows a branch ledger by month and exports it', async () => {
    signIn([PERM.dfReport])
    const months = (first: number) => [first, first, first, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    const ledger: Ledger = {
      year, orgId: 4, totalElements: 1,
      rows: [{ memberId: 7, name: '张三', due: months(1000), paid: [1000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], dueFen: 3000, paidFen: 1000, outstandingFen: 2000 }],
      total: { memberId: 0, name: '', due: months(1000), paid: [1000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], dueFen: 3000, paidFen: 1000, outstandingFen: 2000 },
    }
    mock.onGet('/api/dfgl/report/ledger').reply(200, ledger)
    const exported = exportsOf(mock.onGet('/api/dfgl/report/ledger/export'))
    const downloads = captureDownloads()
    try {
      render('/dfgl/report?tab=ledger&orgId=4')
      const line = (await screen.findByText('张三')).closest('tr')!
      expect(line.textContent).toContain('30.00')
      expect(line.textContent).toContain('20.00')
      fireEvent.click(screen.getByRole('button', { name: /导出收缴台账/ }))
      await waitFor(() => expect(downloads.saved).toEqual([`党费收缴台账-${year}.xlsx`]))
      expect(exported).toEqual([{ year, orgId: 4 }])
    } finally {
      downloads.restore()
    }
  })

  it('asks for an organisation before the ledger', async () => {
    signIn([PERM.dfReport])
    render('/dfgl/report?tab=ledger')
    expect(await screen.findByText('请选择党组织（一般为党支部）后查看其党费收缴台账')).toBeTruthy()
  })
})
