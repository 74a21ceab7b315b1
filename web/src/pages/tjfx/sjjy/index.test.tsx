import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { captureDownloads, exportsOf, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { Issue, Summary } from './api'
import DataCheckPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/common/dzz').reply(200, page([]))
})
afterEach(() => mock.restore())

const summary = (withIssues: number): Summary => ({
  today: '2026-12-01',
  members: 40,
  withIssues,
  rate: withIssues ? 92.5 : 100,
  kinds: [
    { kind: 'missing', name: '缺少必填信息', explain: '党内统计按性别、民族……统计党员', count: withIssues ? 2 : 0 },
    { kind: 'underage', name: '入党时未满十八岁', explain: '党章规定年满十八岁方可申请入党', count: 0 },
    { kind: 'future', name: '日期晚于今天', explain: '应为录入错误', count: 0 },
    { kind: 'overdue', name: '预备期满未转正', explain: '预备期为一年', count: withIssues ? 1 : 0 },
  ],
  orgs: page([
    { orgId: 11, orgName: '计算机学院教工党支部', topName: '计算机学院党委', members: 20, withIssues, rate: withIssues ? 85 : 100 },
    { orgId: 12, orgName: '计算机学院学生党支部', topName: '计算机学院党委', members: 20, withIssues: 0, rate: 100 },
  ]),
})

const issue = (over: Partial<Issue> = {}): Issue => ({
  memberId: 7,
  name: '张三',
  orgId: 11,
  orgName: '计算机学院教工党支部',
  partyStatusLabel: '预备党员',
  kinds: [
    { kind: 'missing', name: '缺少必填信息' },
    { kind: 'overdue', name: '预备期满未转正' },
  ],
  fields: ['民族', '学历'],
  details: ['缺少民族、学历', '入党日期 2025-03-01，预备期于 2026-03-01 届满'],
  link: '/dyjbxx/detail?id=7',
  ...over,
})

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <DataCheckPage />
    </MemoryRouter>,
  )

describe('数据校验', { timeout: 20_000 }, () => {
  it('shows the totals, a card per kind and the issues linked to the member record', async () => {
    signIn([PERM.sjjyList])
    mock.onGet('/api/sjjy/summary').reply(200, summary(2))
    mock.onGet('/api/sjjy/issues').reply(200, page([issue(), issue({ memberId: 8, name: '李四', kinds: [{ kind: 'missing', name: '缺少必填信息' }], fields: ['性别'], details: ['缺少性别'], link: '/dyjbxx/detail?id=8' })]))
    renderPage()
    const link = await screen.findByRole('link', { name: '张三' })
    expect(link.getAttribute('href')).toBe('/dyjbxx/detail?id=7')
    expect(screen.getByText('信息完整率').closest('.ant-statistic')?.textContent).toContain('92.5%')
    expect(screen.getByRole('button', { name: '缺少必填信息 2人' })).toBeTruthy()
    const row = link.closest('tr') as HTMLElement
    expect(within(row).getByText('预备期满未转正')).toBeTruthy()
    expect(within(row).getByText('民族、学历')).toBeTruthy()
    expect(within(row).getByText('入党日期 2025-03-01，预备期于 2026-03-01 届满')).toBeTruthy()
    expect(screen.getByText('共 2 人')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull()

    fireEvent.click(screen.getByRole('tab', { name: '各党组织完整率' }))
    expect(await screen.findByText('计算机学院学生党支部')).toBeTruthy()
    expect(screen.getByText('85.0%')).toBeTruthy()
  })

  it('filters the list by the card clicked, highlighted, and clears it on a second click', async () => {
    signIn([PERM.sjjyList])
    mock.onGet('/api/sjjy/summary').reply(200, summary(2))
    const asked: Record<string, unknown>[] = []
    mock.onGet('/api/sjjy/issues').reply((c) => {
      asked.push(c.params)
      return [200, page(c.params.kind === 'overdue' ? [issue()] : [issue(), issue({ memberId: 8, name: '李四' })])]
    })
    renderPage()
    expect(await screen.findByRole('link', { name: '李四' })).toBeTruthy()
    expect(asked[0]).toEqual({ page: 0, size: 20 })
    const card = screen.getByRole('button', { name: '预备期满未转正 1人' })
    expect(card.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(card)
    await waitFor(() => expect(screen.queryByRole('link', { name: '李四' })).toBeNull())
    expect(asked.at(-1)).toEqual({ kind: 'overdue', page: 0, size: 20 })
    expect(card.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(card)
    expect(await screen.findByRole('link', { name: '李四' })).toBeTruthy()
    expect(asked.at(-1)).toEqual({ page: 0, size: 20 })
    expect(card.getAttribute('aria-pressed')).toBe('false')
  })

  it('says no problem was found when every record is complete', async () => {
    signIn([PERM.sjjyList, PERM.sjjyExport])
    mock.onGet('/api/sjjy/summary').reply(200, summary(0))
    renderPage()
    expect(await screen.findByText('未发现需要处理的数据问题')).toBeTruthy()
    expect(screen.getByRole('button', { name: /导出问题清单/ }).hasAttribute('disabled')).toBe(true)
    expect(mock.history.get.some((r) => r.url === '/api/sjjy/issues')).toBe(false)
  })

  it('exports the list with the kind chosen', async () => {
    signIn([PERM.sjjyList, PERM.sjjyExport])
    mock.onGet('/api/sjjy/summary').reply(200, summary(2))
    mock.onGet('/api/sjjy/issues').reply(200, page([issue()]))
    const exported = exportsOf(mock.onGet('/api/sjjy/issues/export'))
    const downloads = captureDownloads()
    try {
      renderPage()
      fireEvent.click(await screen.findByRole('button', { name: '缺少必填信息 2人' }))
      fireEvent.click(screen.getByRole('button', { name: /导出问题清单/ }))
      await waitFor(() => expect(downloads.saved).toEqual(['数据校验问题清单.xlsx']))
      expect(exported).toEqual([{ kind: 'missing' }])
    } finally {
      downloads.restore()
    }
  })

  it('says the check failed and retries', async () => {
    signIn([PERM.sjjyList])
    mock.onGet('/api/sjjy/summary').replyOnce(500, { msg: '服务异常' })
    mock.onGet('/api/sjjy/summary').reply(200, summary(0))
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: /重\s*试/ }))
    expect(await screen.findByText('未发现需要处理的数据问题')).toBeTruthy()
  })
})
