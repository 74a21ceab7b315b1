import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { body, captureDownloads, exportsOf, mockApi, page, signIn } from '@/test/api'
import { findDialog } from '@/test/page'
import { renderWithApp } from '@/test/render'
import type { CaseView, Detail } from './api'
import WeakOrgPage from './index'

const year = new Date().getFullYear() - 1

const view = (over: Partial<CaseView> = {}): CaseView => ({
  id: 5,
  createTime: '2026-01-05T08:00:00Z',
  updateTime: '2026-01-05T08:00:00Z',
  year,
  orgId: 7,
  orgName: '计算机教工党支部',
  state: 1,
  stateName: '待审核',
  criteria: '4',
  criteriaNames: '组织生活不正常',
  recommendOpinion: '',
  recommendedBy: '',
  recommendedAt: null,
  decisionReason: '',
  decidedBy: '',
  decidedAt: null,
  leader: '',
  deadline: null,
  plan: '',
  closeSummary: '',
  closeRequestedBy: '',
  closeRequestedAt: null,
  review: '',
  reviewedBy: '',
  reviewedAt: null,
  closedOn: null,
  progressCount: 0,
  lastProgressOn: null,
  ...over,
})

const detail = (over: Partial<Detail> = {}): Detail => ({
  ...view(),
  hits: [{ id: 1, createTime: '', updateTime: '', caseId: 5, criterion: '4', source: 'data', evidence: `${year}年第2、3季度均未召开支部党员大会`, label: '组织生活不正常' }],
  measures: [],
  progress: [],
  ...over,
})

let mock: MockAdapter
let asked: Record<string, unknown>[]
beforeEach(() => {
  mock = mockApi()
  asked = []
  mock.onGet('/api/rsrs/cases').reply((c) => {
    asked.push(c.params)
    return [200, c.params.stage === 'ledger' ? page([view({ id: 6, state: 3, stateName: '整顿中', leader: '王副书记', deadline: `${year + 1}-06-30`, progressCount: 2, lastProgressOn: `${year + 1}-01-10` })]) : page([view()])]
  })
  mock.onGet(/\/api\/rsrs\/cases\/\d+\/(attachments|trail)/).reply(200, page([]))
  mock.onGet(/\/api\/rsrs\/cases\/\d+\/attachments/).reply(200, [])
  mock.onGet('/api/dictDetail/map').reply(200, { DJ_RSRS_BZ: [{ label: '书记不胜任', value: '2' }] })
})
afterEach(() => mock.restore())

const renderPage = (path = '/orglife/rsrs') =>
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <WeakOrgPage />
    </MemoryRouter>,
  )

describe('orglife/weak', { timeout: 30_000 }, () => {
  it('lists last year’s candidates and the ledger; a branch secretary sees no screening, proposal or export', async () => {
    signIn([PERM.rsrsList, PERM.rsrsReport])
    renderPage()
    expect(await screen.findByText('计算机教工党支部')).toBeTruthy()
    expect(screen.getByText('组织生活不正常')).toBeTruthy()
    expect(asked[0]).toEqual({ year, stage: 'candidates', page: 0, size: 20 }) // the API counts pages from 0
    expect(screen.queryByRole('button', { name: /年度排查/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /提出候选/ })).toBeNull()
    fireEvent.click(screen.getByRole('tab', { name: '整顿台账' }))
    expect(await screen.findByText('王副书记')).toBeTruthy()
    expect(screen.getByText(`2次，最近${year + 1}-01-10`)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /导出台账/ })).toBeNull()
  })

  it('says why a list is empty', async () => {
    signIn([PERM.rsrsList])
    mock.onGet('/api/rsrs/cases').reply(200, page([]))
    renderPage()
    expect(await screen.findByText(`${year}年度暂无排查候选：尚未进行年度排查，或排查未发现符合认定标准的党组织`)).toBeTruthy()
  })

  it('screens the year after a confirmation and exports the ledger', async () => {
    signIn([PERM.rsrsList, PERM.rsrsScreen, PERM.rsrsExport])
    let screened: unknown
    mock.onPost('/api/rsrs/screen').reply((c) => {
      screened = body(c)
      return [200, { year, screened: 12, added: 2, updated: 1, removed: 0, kept: 3 }]
    })
    const exported = exportsOf(mock.onGet('/api/rsrs/cases/export'))
    const downloads = captureDownloads()
    try {
      renderPage()
      await screen.findByText('计算机教工党支部')
      fireEvent.click(screen.getByRole('button', { name: /年度排查/ }))
      fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }))
      expect(await screen.findByText('排查12个党组织：新增候选2个，更新1个，移除0个，保留已作结论3个')).toBeTruthy()
      expect(screened).toEqual({ year })
      fireEvent.click(screen.getByRole('tab', { name: '整顿台账' }))
      fireEvent.click(await screen.findByRole('button', { name: /导出台账/ }))
      await waitFor(() => expect(downloads.saved).toEqual([`${year}年软弱涣散党组织整顿台账.xlsx`]))
      expect(exported).toEqual([{ year, stage: 'ledger' }])
    } finally {
      downloads.restore()
    }
  })

  it('opens a case by its link, shows its evidence and confirms it with a reason', async () => {
    signIn([PERM.rsrsList, PERM.rsrsConfirm])
    mock.onGet('/api/rsrs/cases/5').reply(200, detail())
    const sent: unknown[] = []
    mock.onPost('/api/rsrs/cases/5/confirm').reply((c) => {
      sent.push(body(c))
      return [200, detail({ state: 3, stateName: '整顿中' })]
    })
    renderPage('/orglife/rsrs?id=5')
    const drawer = (await screen.findByText(`计算机教工党支部（${year}年度）`)).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findByText(`${year}年第2、3季度均未召开支部党员大会`)).toBeTruthy()
    expect(within(drawer).getByText('数据排查')).toBeTruthy()
    expect(within(drawer).queryByRole('button', { name: '推荐认定' })).toBeNull()
    fireEvent.click(within(drawer).getByRole('button', { name: /^认\s*定$/ }))
    const dialog = await findDialog('认定为软弱涣散党组织：计算机教工党支部')
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }))
    expect(await within(dialog).findByText('请输入认定意见')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('认定意见'), { target: { value: ' 经研究认定 ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(sent).toEqual([{ text: '经研究认定' }]))
  })

  it('proposes a candidate with a criterion and the facts', async () => {
    signIn([PERM.rsrsList, PERM.rsrsPropose])
    mock.onGet(/\/api\/common\/dzz/).reply(200, page([]))
    renderPage()
    await screen.findByText('计算机教工党支部')
    fireEvent.click(screen.getByRole('button', { name: /提出候选/ }))
    const dialog = await findDialog(`提出${year}年度软弱涣散党组织候选`)
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }))
    expect(await within(dialog).findByText('请选择党组织')).toBeTruthy()
    expect(await within(dialog).findByText('请选择认定标准')).toBeTruthy()
    expect(await within(dialog).findByText('请输入事实依据')).toBeTruthy()
  })
})
