import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import dayjs from 'dayjs'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { captureDownloads, exportsOf, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { Result } from './api'
import AnnualStatsPage, { lastYearEnd } from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/common/dzz').reply(200, page([]))
  mock.onGet('/api/dntj/tables').reply(200, [{ key: 'members', title: '党员基本情况' }])
})
afterEach(() => mock.restore())

const result = (over: Partial<Result> = {}): Result => ({
  table: 'members',
  title: '党员基本情况',
  unit: '名',
  note: '按统计日期当日结束时的党员记录计算，之后的修改不影响结果',
  date: '2025-12-31',
  from: '2025-01-01',
  period: false,
  orgName: '学校党委',
  level: 'second',
  columns: [
    { key: 'total', title: '党员总数' },
    { key: 'of', title: '其中', children: [{ key: 'female', title: '女' }, { key: 'probation', title: '预备党员' }] },
  ],
  total: { orgId: 1, name: '学校党委', counts: { total: 6, female: 2, probation: 1 } },
  lines: page([
    { orgId: 2, name: '计算机学院党委', counts: { total: 4, female: 1, probation: 1 } },
    { orgId: 3, name: '数学学院党委', counts: { total: 2, female: 1, probation: 0 } },
  ]),
  checks: [
    { name: '年龄合计等于党员总数', ok: true, detail: '各项合计 6，党员总数 6' },
    { name: '合计等于各行之和', ok: true, detail: '合计等于各下级党组织之和' },
  ],
  direct: { total: 0, female: 0, probation: 0 },
  own: {},
  ...over,
})

/** Answers the table's reads with r and keeps what each asked for. */
const answer = (r: Result) => {
  const asked: Record<string, unknown>[] = []
  mock.onGet('/api/dntj/tables/members').reply((c) => {
    asked.push(c.params as Record<string, unknown>)
    return [200, r]
  })
  return asked
}

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <AnnualStatsPage />
    </MemoryRouter>,
  )

describe('党内统计', { timeout: 20_000 }, () => {
  it('defaults to the last 31 December', () => {
    expect(lastYearEnd(dayjs('2026-12-01'))).toBe('2025-12-31')
    expect(lastYearEnd(dayjs('2027-01-01'))).toBe('2026-12-31')
  })

  it('shows the table with its grouped head, the total on top, the lines and the checks', async () => {
    signIn([PERM.dntjList])
    const asked = answer(result())
    renderPage()
    expect(await screen.findByText('计算机学院党委')).toBeTruthy()
    expect(screen.getByText(/填报单位：学校党委\s+统计截至：2025年12月31日\s+单位：名/)).toBeTruthy()
    expect(screen.getByRole('columnheader', { name: '其中' })).toBeTruthy()
    expect(screen.getByRole('columnheader', { name: '预备党员' })).toBeTruthy()
    const total = screen.getByText('合计').closest('tr') as HTMLElement
    expect(within(total).getAllByRole('cell').map((c) => c.textContent)).toEqual(['合计', '6', '2', '1'])
    expect(screen.getByText('✓ 年龄合计等于党员总数')).toBeTruthy()
    expect(screen.queryByText('审核未通过')).toBeNull()
    expect(screen.queryByText('不属于任何下级党组织')).toBeNull()
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull() // dntj:export not held
    expect(screen.queryByRole('button', { name: /职业分类对应/ })).toBeNull()
    expect(asked[0]).toMatchObject({ date: lastYearEnd(), level: 'second' })
  })

  it('names a failed check and the members under no line', async () => {
    signIn([PERM.dntjList])
    mock.onGet('/api/dntj/tables/members').reply(200, result({
      checks: [{ name: '合计等于各行之和', ok: false, detail: '合计中有 1 名不在任何下级党组织中' }],
      direct: { total: 1, female: 0, probation: 0 },
    }))
    renderPage()
    expect(await screen.findByText('审核未通过')).toBeTruthy()
    expect(screen.getByText(/合计等于各行之和：合计中有 1 名不在任何下级党组织中/)).toBeTruthy()
    expect(screen.getByText('不属于任何下级党组织')).toBeTruthy()
  })

  it('heads a table of the period with its 报告期 and shows the 本级 row', async () => {
    signIn([PERM.dntjList])
    mock.onGet('/api/dntj/tables/members').reply(200, result({ period: true, own: { total: 1, female: 0, probation: 0 } }))
    renderPage()
    expect(await screen.findByText(/报告期：2025年1月1日至2025年12月31日/)).toBeTruthy()
    const own = screen.getByText('本级').closest('tr') as HTMLElement
    expect(within(own).getAllByRole('cell').map((c) => c.textContent)).toEqual(['本级', '1', '0', '0'])
  })

  it('says why the table is empty', async () => {
    signIn([PERM.dntjList])
    mock.onGet('/api/dntj/tables/members').reply(200, result({ total: { orgId: 0, name: '全部党组织', counts: { total: 0 } }, lines: page([]) }))
    renderPage()
    expect(await screen.findByText(/所选范围内没有计入本表的数据（按统计日期当日结束时的党员记录计算，之后的修改不影响结果）/)).toBeTruthy()
  })

  it('exports the table as counted, and switches to branch lines', async () => {
    signIn([PERM.dntjList, PERM.dntjExport])
    const asked = answer(result())
    const exported = exportsOf(mock.onGet('/api/dntj/tables/members/export'))
    const downloads = captureDownloads()
    try {
      renderPage()
      await screen.findByText('计算机学院党委')
      fireEvent.click(screen.getByText('按党支部'))
      await waitFor(() => expect(asked.at(-1)).toMatchObject({ level: 'branch' }))
      fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }))
      await waitFor(() => expect(downloads.saved).toEqual([`党员基本情况-${lastYearEnd()}.xlsx`]))
      expect(exported).toEqual([{ date: lastYearEnd(), level: 'branch' }])
    } finally {
      downloads.restore()
    }
  })

  it('renders a development table chosen from the catalogue with its nested groups and its note', async () => {
    signIn([PERM.dntjList])
    mock.onGet('/api/dntj/tables').reply(200, [{ key: 'members', title: '党员基本情况' }, { key: 'probation', title: '预备党员转正情况' }])
    answer(result())
    const asked: string[] = []
    mock.onGet('/api/dntj/tables/probation').reply((c) => {
      asked.push(String((c.params as Record<string, unknown>).date))
      return [200, result({
        table: 'probation',
        title: '预备党员转正情况',
        note: '统计年度1月1日至统计日期，按上级党委审批日期计入',
        columns: [
          { key: 'full', title: '转为正式党员', children: [{ key: 'fullTotal', title: '合计' }, { key: 'fullOnTime', title: '按期转正' }, { key: 'fullExtended', title: '延长预备期后转正' }] },
          { key: 'extended', title: '延长预备期' },
          { key: 'cancelled', title: '取消预备党员资格' },
        ],
        total: { orgId: 1, name: '学校党委', counts: { fullTotal: 2, fullOnTime: 1, fullExtended: 1, extended: 1, cancelled: 1 } },
        lines: page([{ orgId: 2, name: '计算机学院党委', counts: { fullTotal: 2, fullOnTime: 1, fullExtended: 1, extended: 0, cancelled: 1 } }]),
        direct: {},
      })]
    })
    renderPage()
    await screen.findByText('计算机学院党委')
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '统计表' }))
    fireEvent.click(await screen.findByTitle('预备党员转正情况'))
    expect(await screen.findByRole('columnheader', { name: '延长预备期后转正' })).toBeTruthy()
    expect(screen.getByRole('columnheader', { name: '转为正式党员' })).toBeTruthy()
    expect(screen.getByText(/按上级党委审批日期计入/)).toBeTruthy()
    const total = screen.getAllByText('合计').map((e) => e.closest('tr')).find((tr) => tr?.tagName === 'TR' && within(tr).queryAllByRole('cell').length > 0) as HTMLElement
    expect(within(total).getAllByRole('cell').map((c) => c.textContent)).toEqual(['合计', '2', '1', '1', '1', '1'])
    expect(asked).toEqual([lastYearEnd()])
  })

  it('maps the person categories onto the occupation groups (dntj:map)', async () => {
    signIn([PERM.dntjList, PERM.dntjMap])
    mock.onGet('/api/dntj/tables/members').reply(200, result())
    mock.onGet('/api/dictDetail/map').reply(200, { DJ_DY_RYLBXX: [{ value: '1', label: '教职工' }, { value: '2', label: '本科生' }] })
    mock.onGet('/api/dntj/occupations').reply(200, {
      groups: [{ key: 'professional', title: '企事业单位、社会组织专业技术人员' }, { key: 'student', title: '学生' }, { key: 'manager', title: '企事业单位、社会组织管理人员' }],
      mapping: [{ category: '1', occupation: 'professional' }, { category: '2', occupation: 'student' }],
    })
    let saved: unknown
    mock.onPut('/api/dntj/occupations').reply((config) => {
      saved = JSON.parse(config.data as string)
      return [200, { groups: [], mapping: [] }]
    })
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: /职业分类对应/ }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('教职工')).toBeTruthy()
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '教职工的职业分类' }))
    fireEvent.click(await screen.findByTitle('企事业单位、社会组织管理人员'))
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }))
    await waitFor(() => expect(saved).toEqual({ mapping: { 1: 'manager', 2: 'student' } }))
  })
})
