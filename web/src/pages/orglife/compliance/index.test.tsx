import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { captureDownloads, exportsOf, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { Calendar, Line, Measure, OrgRow, OrgTable, Period } from './api'
import CompliancePage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet(/\/api\/dzz/).reply(200, [])
})
afterEach(() => mock.restore())

const year = new Date().getFullYear()

const committee: Measure = { key: 'zbwyh', name: '支部委员会', period: 'month', minCount: 1, rule: '每月至少1次' }
const general: Measure = { key: 'zbdydh', name: '支部党员大会', period: 'quarter', minCount: 1, rule: '每季度至少1次' }

const share = (met: number, due: number) => ({ met, due, missing: due - met, orgs: 1 })
const row = (orgId: number, orgName: string, orgType: string, drill: 'orgs' | 'branch', met: number): OrgRow => ({
  orgId,
  orgName,
  orgType,
  drill,
  shares: { zbwyh: share(met, 12), zbdydh: share(4, 4) },
  share: share(met + 4, 16),
})

const table = (orgId: number, orgName: string, orgType: string, rows: OrgRow[]): OrgTable => ({
  year,
  orgId,
  orgName,
  orgType,
  measures: [committee, general],
  rows,
  total: { ...row(0, '合计', '', 'orgs', 0), shares: { zbwyh: share(20, 24), zbdydh: share(8, 8) }, share: share(28, 32) },
})

const period = (from: number, to: number, status: Period['status'], held = 0): Period => ({ from, to, held, planned: 0, need: 1, status })

const calendar: Calendar = {
  year,
  orgId: 7,
  orgName: '计算机教工党支部',
  orgType: '5',
  foundedOn: '2020-01-01',
  today: `${year}-11-30`,
  lines: [
    {
      ...committee,
      periods: Array.from({ length: 12 }, (_, i) => {
        const status = i === 1 ? 'missing' : i === 10 ? 'inProgress' : i === 11 ? 'notDue' : 'done'
        return period(i + 1, i + 1, status, status === 'done' ? 1 : 0)
      }),
      months: [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0],
      met: 9,
      due: 10,
    } satisfies Line,
    {
      ...general,
      periods: [period(1, 3, 'done', 2), period(4, 6, 'done', 1), period(7, 9, 'missing'), { ...period(10, 12, 'planned'), planned: 1 }],
      months: [0, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
      met: 2,
      due: 3,
    } satisfies Line,
  ],
}

describe('会议统计', { timeout: 20_000 }, () => {
  it('shows the organisations by measure and drills down to a branch’s calendar and back', async () => {
    signIn([PERM.hytjList])
    const asked: unknown[] = []
    mock.onGet('/api/zzsh/compliance/orgs').reply((c) => {
      asked.push(c.params)
      if (c.params.orgId === 2) return [200, table(2, '计算机学院党委', '2', [row(7, '计算机教工党支部', '5', 'branch', 9)])]
      if (c.params.orgId === 7) return [200, table(7, '计算机教工党支部', '5', [])]
      return [200, table(1, '学校党委', '1', [row(2, '计算机学院党委', '2', 'orgs', 11), row(3, '数学学院党委', '2', 'orgs', 9)])]
    })
    mock.onGet('/api/zzsh/compliance/branch').reply(200, calendar)
    renderWithApp(<CompliancePage />)
    expect(await screen.findByText(`学校党委 ${year}年组织生活会议统计`)).toBeTruthy()
    const cs = screen.getByText('计算机学院党委').closest('tr')!
    expect(within(cs).getAllByRole('cell').map((c) => c.textContent)).toEqual(['计算机学院党委', '11/12（91.7%）', '4/4（100%）', '1', '15/16（93.8%）'])
    // Without hytj:export there is no export.
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull()

    fireEvent.click(cs)
    expect(await screen.findByText(`计算机学院党委 ${year}年组织生活会议统计`)).toBeTruthy()
    fireEvent.click(screen.getByText('计算机教工党支部').closest('tr')!)
    expect(await screen.findByText(`计算机教工党支部 ${year}年组织生活会议日历`)).toBeTruthy()
    expect(asked).toEqual([{ year }, { year, orgId: 2 }, { year, orgId: 7 }])

    // Measures × months: a quarter is one cell across its three months.
    const monthly = screen.getByText('每月至少1次').closest('tr')!
    const cells = within(monthly).getAllByRole('cell')
    expect(cells).toHaveLength(14)
    expect(cells[1].textContent).toBe('已完成1次')
    expect(cells[2].textContent).toBe('缺')
    expect(cells[11].textContent).toBe('进行中')
    expect(cells[12].textContent).toBe('—')
    const quarterly = screen.getByText('每季度至少1次').closest('tr')!
    const q = within(quarterly).getAllByRole('cell')
    expect(q.map((c) => c.textContent)).toEqual(['支部党员大会每季度至少1次', '已完成2次', '已完成1次', '缺', '计划', '2/3'])
    expect(q[1].getAttribute('colspan')).toBe('3')

    fireEvent.click(screen.getByRole('button', { name: /返回计算机学院党委/ }))
    expect(await screen.findByText(`计算机学院党委 ${year}年组织生活会议统计`)).toBeTruthy()
  })

  it('exports the table shown', async () => {
    signIn([PERM.hytjList, PERM.hytjExport])
    mock.onGet('/api/zzsh/compliance/orgs').reply(200, table(1, '学校党委', '1', [row(2, '计算机学院党委', '2', 'orgs', 11)]))
    const exported = exportsOf(mock.onGet('/api/zzsh/compliance/orgs/export'))
    const downloads = captureDownloads()
    try {
      renderWithApp(<CompliancePage />)
      await screen.findByText(`学校党委 ${year}年组织生活会议统计`)
      fireEvent.click(screen.getByRole('button', { name: /导出统计表/ }))
      await waitFor(() => expect(downloads.saved).toEqual([`学校党委-${year}年会议统计.xlsx`]))
      expect(exported).toEqual([{ year }])
    } finally {
      downloads.restore()
    }
  })

  it('offers a retry when the table cannot be read', async () => {
    signIn([PERM.hytjList])
    mock.onGet('/api/zzsh/compliance/orgs').replyOnce(500, { message: '服务器内部错误' })
    mock.onGet('/api/zzsh/compliance/orgs').reply(200, table(1, '学校党委', '1', []))
    renderWithApp(<CompliancePage />)
    fireEvent.click(await screen.findByRole('button', { name: /重\s*试/ }))
    expect(await screen.findByText('学校党委下没有需考核的党组织')).toBeTruthy()
  })
})
