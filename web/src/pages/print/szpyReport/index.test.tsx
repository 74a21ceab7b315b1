import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ReportView } from '@/api/generated/secreview'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import SzpyReportPrint from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn(['szpy:list'])
})
afterEach(() => mock.restore())

const show = (query: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[`/print/szpyReport${query}`]}>
      <SzpyReportPrint />
    </MemoryRouter>,
  )

// Only what the print view reads (the API gives more).
const report = { id: 11, orgName: '计算机教工党支部', roundTitle: '2026年度党支部书记抓党建述职评议', secretaryName: '王书记', vacant: false,
  content: '一、履职情况\n\n二、存在问题', submittedAt: '2026-12-26T02:00:00Z', late: true, grade: 'fair', comment: '履职尽责', reviewer: '组织部', reviewedAt: '2026-12-28T02:00:00Z' } as ReportView

describe('书记述职报告（打印）', { timeout: 20_000 }, () => {
  it('prints the report by paragraphs with its lateness, grade and comments', async () => {
    mock.onGet('/api/szpy/reports/11').reply(200, report)
    show('?id=11')
    expect(await screen.findByRole('heading', { level: 1, name: '计算机教工党支部书记抓党建工作述职报告' })).toBeTruthy()
    expect(screen.getByText('一、履职情况')).toBeTruthy()
    expect(screen.getByText('二、存在问题')).toBeTruthy()
    expect(screen.getByText(/（逾期）/)).toBeTruthy()
    expect(screen.getByText('较好')).toBeTruthy()
    expect(screen.getByText('点评意见：履职尽责')).toBeTruthy()
  })

  it('says so when the report cannot be read', async () => {
    mock.onGet('/api/szpy/reports/12').reply(404, { status: 404, message: '述职报告不存在' })
    show('?id=12')
    expect(await screen.findByText('述职报告不存在或无权查看')).toBeTruthy()
  })
})
