import { screen, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// Charts draw on a canvas the test DOM lacks: show what each is given instead.
vi.mock('@/components/chart/EChart', () => ({
  default: ({ label, option }: { label: string; option: unknown }) => <div role="img" aria-label={label} data-option={JSON.stringify(option)} />,
}))

import { PERM } from '@/api/permissions'
import { mockApi, page, signIn } from '@/test/api'
import { makeSummary } from '@/test/fixtures'
import { usePermissionStore } from '@/stores/permission'
import { renderWithApp } from '@/test/render'
import HomePage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/msgTodo/getTodo').reply(200, page([], 5))
  mock.onGet('/api/worklist').reply(200, { total: 0, groups: [{ key: 'todo', title: '其他待办', count: 0 }] })
  mock.onGet('/api/msgPushHistory/getRemind').reply(200, page([], 0))
  mock.onGet('/api/warning').reply(200, { ...page([], 1), totalWarningNum: 1 })
  mock.onGet('/api/home/meetings').reply(200, { month: '2026-11', items: [], missing: 0, gaps: [] })
})
afterEach(() => mock.restore())

const show = () =>
  renderWithApp(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  )
const figure = (title: string) => document.querySelector(`[data-figure="${title}"] .ant-statistic-content`)!.textContent
const chartData = (label: string) => JSON.parse(screen.getByRole('img', { name: label }).getAttribute('data-option')!).series[0].data

describe('首页', { timeout: 20_000 }, () => {
  it('shows the figures of the scope, the charts, the warnings and the recent changes with links to their records', async () => {
    mock.onGet('/api/home/summary').reply(200, makeSummary())
    mock.onGet('/api/worklist').reply(200, { total: 3, groups: [{ key: 'todo', title: '其他待办', count: 0 }, { key: 'develop', title: '发展党员', count: 3 }] })
    signIn([PERM.homeView])
    show()
    expect(await screen.findByText('组织预警（2）')).toBeTruthy()
    expect(figure('党员总数')).toBe('128')
    expect(figure('正式党员')).toBe('120')
    expect(figure('预备党员')).toBe('8')
    expect(figure('党组织')).toBe('12')
    expect(figure('2026年发展党员')).toBe('9')
    expect(figure('2026年转正')).toBe('6')
    expect(figure('2026年组织关系调整')).toBe('4')
    expect(figure('组织预警')).toBe('2')

    expect(chartData('党员人员类别')).toEqual([{ name: '教职工', value: 70 }, { name: '本科生', value: 58 }])
    expect(chartData('党员状态')).toEqual([128, 3])
    expect(chartData('党组织类型')).toEqual([1, 2, 9])

    expect(screen.getByRole('link', { name: '数学教工党支部' }).getAttribute('href')).toBe('/party/dzz?id=7')
    expect(screen.getByText('已到期')).toBeTruthy()
    expect(screen.getByRole('link', { name: '张三' }).getAttribute('href')).toBe('/dyjbxx/detail?id=41')
    expect(screen.getAllByRole('link', { name: '物理学生党支部' }).map((a) => a.getAttribute('href'))).toEqual(['/party/dzz?id=8', '/party/dzz?id=8'])
    // 待办 by module: only the lists with something waiting, each opening its list.
    const todos = (await screen.findByText('待办事项（3）')).closest('.ant-card') as HTMLElement
    expect(within(todos).getByText('3 项待办理')).toBeTruthy()
    expect(within(todos).queryByText('其他待办')).toBeNull()
    expect(within(todos).getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/message/msginfo?tab=todo&list=develop')
    // The personal counters are for those without the figures.
    expect(screen.queryByText('未读消息')).toBeNull()
  })

  it('says why it is empty: an account without its party organisation, a scope without warnings or changes', async () => {
    const zero = makeSummary()
    const none = (list: typeof zero.members.byStatus) => list.map((c) => ({ ...c, count: 0 }))
    mock.onGet('/api/home/summary').replyOnce(200, {
      ...zero,
      scoped: false,
      members: { ...zero.members, total: 0, byStatus: none(zero.members.byStatus), byParty: none(zero.members.byParty), byCategory: none(zero.members.byCategory) },
      orgs: { total: 0, byType: none(zero.orgs.byType) },
      warnings: { total: 0, termReminderMonths: 3, items: [] },
      recent: [],
    })
    signIn([PERM.homeView])
    const { unmount } = show()
    expect(await screen.findByText('您的账号尚未关联党组织，统计为空')).toBeTruthy()
    expect(screen.getAllByText('您的账号尚未关联党组织，暂无数据')).toHaveLength(3)
    for (const chart of ['党员人员类别', '党员状态', '党组织类型']) expect(screen.queryByRole('img', { name: chart })).toBeNull()
    expect(screen.getByText('您的账号尚未关联党组织，无法计算组织预警')).toBeTruthy()
    expect(await screen.findByText('暂无待办事项：需要您办理的事项会显示在这里')).toBeTruthy()
    unmount()

    mock.onGet('/api/home/summary').replyOnce(200, { ...zero, warnings: { total: 0, termReminderMonths: 6, items: [] }, recent: [] })
    show()
    expect(await screen.findByText(/^暂无预警：没有任期在6个月内届满或已到期的党组织/)).toBeTruthy()
    expect(screen.getByText(/^暂无变动记录：您管理范围内党员和党组织的新增、修改/)).toBeTruthy()
  })

  it('without home:view: the own counters, no figures asked for', async () => {
    signIn(['user:list'])
    show()
    expect(await screen.findByText('未读消息')).toBeTruthy()
    expect(screen.getByText('待办事项')).toBeTruthy()
    expect(mock.history.get.some((r) => r.url === '/api/home/summary')).toBe(false)
  })
  it('shows this month’s meetings of the scope and the periods missed this year', async () => {
    mock.onGet('/api/home/summary').reply(200, makeSummary())
    mock.onGet('/api/home/meetings').reply(200, {
      month: '2026-11',
      items: [{ key: 'zbwyh', typeCode: 'zbwyh', name: '支部委员会', rule: '每月至少1次', periodEnd: '2026-11-30', orgs: 4, done: 2, planned: 1, open: 1 }],
      missing: 3,
      gaps: [{ orgId: 7, orgName: '数学教工党支部', measure: '党课', period: '2026年第3季度' }],
    })
    signIn([PERM.homeView])
    show()
    const card = (await screen.findByText('本月组织生活')).closest('.ant-card') as HTMLElement
    expect(await within(card).findByText('4个党组织：已召开2，已计划1，未安排1')).toBeTruthy()
    expect(within(card).getByText('每月至少1次，2026-11-30截止')).toBeTruthy()
    expect(within(card).getByText('数学教工党支部 · 2026年第3季度党课')).toBeTruthy()
    expect(within(card).getByText('3')).toBeTruthy()
    expect(within(card).queryByText('安排会议')).toBeNull() // no meeting page among the caller's routes
  })
  it('shows a branch secretary their branch’s state of each meeting and links what is still open to its page', async () => {
    mock.onGet('/api/home/summary').reply(200, makeSummary())
    const one = { rule: '每月至少1次', periodEnd: '2026-11-30', orgs: 1, done: 0, planned: 0, open: 0 }
    mock.onGet('/api/home/meetings').reply(200, {
      month: '2026-11',
      items: [
        { ...one, key: 'zbwyh', typeCode: 'zbwyh', name: '支部委员会', open: 1 },
        { ...one, key: 'ztdr', typeCode: 'ztdr', name: '主题党日', planned: 1 },
        { ...one, key: 'dk_secretary', typeCode: 'dk', name: '书记讲党课', rule: '每年至少1次', periodEnd: '2026-12-31', done: 1 },
      ],
      missing: 0,
      gaps: [],
    })
    const route = (path: string) => ({ path, component: 'orglife/meeting', meta: { title: '', trail: [] }, top: '/orglife' })
    usePermissionStore.setState({ routes: [route('/orglife/shyk/zbwyh'), route('/orglife/ztdr')] })
    signIn([PERM.homeView])
    show()
    const card = (await screen.findByText('本月组织生活')).closest('.ant-card') as HTMLElement
    const row = (name: string) => within(card).getByText(name).closest('.ant-list-item') as HTMLElement
    await within(card).findByText('支部委员会')
    expect(within(row('支部委员会')).getByText('未安排')).toBeTruthy()
    expect(within(row('支部委员会')).getByRole('link', { name: '安排会议' }).getAttribute('href')).toBe('/orglife/shyk/zbwyh')
    expect(within(row('主题党日')).getByText('已计划')).toBeTruthy()
    expect(within(row('主题党日')).queryByText('安排会议')).toBeNull() // planned already
    expect(within(row('书记讲党课')).getByText('已召开')).toBeTruthy()
    expect(within(card).queryByText(/个党组织/)).toBeNull()
    usePermissionStore.getState().reset()
  })
})
