import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// Charts draw on a canvas the test DOM lacks: show what each is given instead.
vi.mock('@/components/chart/EChart', () => ({
  default: ({ label, option }: { label: string; option: unknown }) => <div role="img" aria-label={label} data-option={JSON.stringify(option)} />,
}))
const opened: unknown[][] = []
vi.mock('@/app/router/print', () => ({ openPrintView: (...args: unknown[]) => opened.push(args) }))

import { PERM } from '@/api/permissions'
import { captureDownloads, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { RegisterRow, Yearly } from './api'
import DevelopReportPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  opened.length = 0
  mock.onGet(/\/api\/dzz/).reply(200, [])
})
afterEach(() => mock.restore())

const year = new Date().getFullYear()

const yearly = (y: number, total: number): Yearly => ({
  year: y,
  total,
  gender: [
    { key: '1', label: '男', count: total - 1 },
    { key: '2', label: '女', count: 1 },
  ],
  ethnicity: [
    { key: 'han', label: '汉族', count: total },
    { key: 'minority', label: '少数民族', count: 0 },
  ],
  age: [
    { key: 'age30', label: '30岁及以下', count: total },
    ...['31至35岁', '36至40岁', '41至45岁', '46至50岁', '51至55岁', '56至60岁', '61岁及以上'].map((label) => ({ key: label, label, count: 0 })),
  ],
  education: [
    { key: 'eduPostgrad', label: '研究生', count: 0 },
    { key: 'bachelor', label: '大学本科', count: 0 },
    { key: 'college', label: '大学专科', count: 0 },
    { key: 'secondary', label: '中专', count: 0 },
    { key: 'eduHigh', label: '高中及以下', count: total },
  ],
  occupation: [
    { key: 'student', label: '学生', count: total },
    { key: 'professional', label: '专业技术人员', count: 0 },
  ],
  category: [{ key: '2', label: '本科生', count: total }],
})

const row: RegisterRow = {
  id: 9, name: '张三', gender: '1', genderLabel: '男', ethnicity: '01', ethnicityLabel: '汉族', birthDate: '2003-01-02',
  education: '61', educationLabel: '普通高中毕业', personCategory: '2', personCategoryLabel: '本科生', personNo: '20220001',
  orgId: 4, orgName: '计算机学生党支部', appliedOn: '2023-03-01', activistOn: '2023-04-01', targetOn: '2024-05-01',
  admittedOn: '2024-06-20', approvedOn: '2024-07-10', volunteerNo: '202400001', sponsors: '李四、王五',
}

describe('发展统计', { timeout: 20_000 }, () => {
  it('shows the year’s table and charts from the server, and the register on its tab', async () => {
    signIn([PERM.fzdyReport])
    const asked: unknown[] = []
    mock.onGet('/api/fzdy/reports/yearly').reply((c) => {
      asked.push(c.params)
      return [200, yearly(year, 3)]
    })
    mock.onGet('/api/fzdy/reports/register').reply(200, [row])
    renderWithApp(<DevelopReportPage />)
    expect(await screen.findByText(`${year}年发展党员`)).toBeTruthy()
    expect(asked).toEqual([{ year }])
    const ages = JSON.parse(screen.getByRole('img', { name: '按年龄（审批时）统计' }).getAttribute('data-option')!)
    expect(ages.xAxis.data).toEqual(['30岁及以下', '31至35岁', '36至40岁', '41至45岁', '46至50岁', '51至55岁', '56至60岁', '61岁及以上'])
    expect(ages.series[0].data).toEqual([3, 0, 0, 0, 0, 0, 0, 0])
    const jobs = JSON.parse(screen.getByRole('img', { name: '按职业统计' }).getAttribute('data-option')!)
    expect(jobs.xAxis.data).toEqual(['学生', '专业技术人员'])
    const table = document.querySelector('.ant-table') as HTMLElement
    expect(within(table).getByText('少数民族')).toBeTruthy()
    expect(within(table).getByText('合计').closest('tr')!.textContent).toContain('3')

    fireEvent.click(screen.getByRole('tab', { name: '发展党员名册' }))
    expect(await screen.findByText('张三')).toBeTruthy()
    const line = screen.getByText('张三').closest('tr')!
    expect(line.textContent).toContain('李四、王五')
    expect(line.textContent).toContain('202400001')
    expect(line.textContent).toContain('计算机学生党支部')
  })

  it('says when nobody was developed in the year', async () => {
    signIn([PERM.fzdyReport])
    mock.onGet('/api/fzdy/reports/yearly').reply(200, yearly(year, 0))
    renderWithApp(<DevelopReportPage />)
    expect(await screen.findByText(`${year}年没有经上级党委审批接收的预备党员`)).toBeTruthy()
    expect(screen.queryByRole('img', { name: /^按.*统计$/ })).toBeNull()
  })

  it('exports the tab shown and prints the register of the year', async () => {
    signIn([PERM.fzdyReport])
    mock.onGet('/api/fzdy/reports/yearly').reply(200, yearly(year, 2))
    mock.onGet('/api/fzdy/reports/register').reply(200, [row])
    const exported: string[] = []
    mock.onGet('/api/fzdy/reports/yearly/export').reply((c) => {
      exported.push(`yearly ${JSON.stringify(c.params)}`)
      return [200, new Blob(['x'])]
    })
    mock.onGet('/api/fzdy/reports/register/export').reply((c) => {
      exported.push(`register ${JSON.stringify(c.params)}`)
      return [200, new Blob(['x'])]
    })
    const downloads = captureDownloads()
    try {
      renderWithApp(<DevelopReportPage />)
      await screen.findByText(`${year}年发展党员`)
      fireEvent.click(screen.getByRole('button', { name: /导出统计表/ }))
      await waitFor(() => expect(downloads.saved).toEqual([`发展党员年度统计-${year}.xlsx`]))
      fireEvent.click(screen.getByRole('tab', { name: '发展党员名册' }))
      fireEvent.click(await screen.findByRole('button', { name: /导出名册/ }))
      await waitFor(() => expect(downloads.saved).toHaveLength(2))
      expect(exported).toEqual([`yearly {"year":${year}}`, `register {"year":${year}}`])
      fireEvent.click(screen.getByRole('button', { name: /打印名册/ }))
      expect(opened).toEqual([['devRegister', { year }]])
    } finally {
      downloads.restore()
    }
  })

  it('offers a retry when the table cannot be read', async () => {
    signIn([PERM.fzdyReport])
    mock.onGet('/api/fzdy/reports/yearly').replyOnce(500, { message: '服务器内部错误' })
    mock.onGet('/api/fzdy/reports/yearly').reply(200, yearly(year, 1))
    renderWithApp(<DevelopReportPage />)
    fireEvent.click(await screen.findByRole('button', { name: /重\s*试/ }))
    expect(await screen.findByText(`${year}年发展党员`)).toBeTruthy()
  })
})
