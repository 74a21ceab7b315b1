import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ReportView, RoundDetail, RoundView } from '@/api/generated/secreview'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import SecretaryReviewPage from './index'

const ROUND: RoundView = {
  id: 5,
  createTime: '2026-11-01T08:00:00Z',
  updateTime: '2026-11-01T08:00:00Z',
  year: 2026,
  level: 'branch',
  orgId: 2,
  title: '计算机学院党委2026年度党支部书记抓党建述职评议',
  dueOn: '2026-12-25',
  state: 'open',
  openedBy: '张三',
  closedAt: null,
  orgName: '计算机学院党委',
  levelName: '党支部书记',
  stateName: '进行中',
  total: 3,
  vacant: 1,
  submitted: 1,
  late: 0,
  graded: 0,
  returned: 0,
  canGrade: true,
  canManage: true,
}

const report = (over: Partial<ReportView> = {}): ReportView => ({
  id: 11,
  createTime: '2026-11-01T08:00:00Z',
  updateTime: '2026-11-20T08:00:00Z',
  roundId: 5,
  year: 2026,
  level: 'branch',
  orgId: 7,
  secretaryName: '王书记',
  vacant: false,
  state: 2,
  content: '一、履行第一责任人职责情况',
  savedAt: null,
  submittedAt: '2026-11-20T08:00:00Z',
  late: false,
  grade: '',
  comment: '',
  returnReason: '',
  reviewer: '',
  reviewedAt: null,
  orgName: '计算机教工党支部',
  roundTitle: ROUND.title,
  dueOn: '2026-12-25',
  roundState: 'open',
  stateName: '已提交',
  gradeName: '',
  mine: false,
  canGrade: true,
  ...over,
})

const VACANT = report({ id: 12, orgId: 8, orgName: '计算机退休党支部', secretaryName: '', vacant: true, state: 1, submittedAt: null, content: '' })

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/szpy/rounds').reply(200, page([ROUND]))
  const detail: RoundDetail = { ...ROUND, grades: [{ grade: 'good', name: '好', count: 0 }, { grade: 'fair', name: '较好', count: 0 }, { grade: 'average', name: '一般', count: 0 }, { grade: 'poor', name: '差', count: 0 }] }
  mock.onGet('/api/szpy/rounds/5').reply(200, detail)
  mock.onGet('/api/szpy/rounds/5/reports').reply(200, page([report(), VACANT]))
  mock.onGet('/api/szpy/reports/11').reply(200, report())
  mock.onGet('/api/szpy/reports/11/attachments').reply(200, [])
  mock.onGet('/api/szpy/reports/11/trail').reply(200, page([]))
})
afterEach(() => mock.restore())

const renderPage = (url = '/orglife/sjszpy') =>
  renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <SecretaryReviewPage />
    </MemoryRouter>,
  )

describe('orglife/review 书记述职评议', { timeout: 30_000 }, () => {
  it('lists the rounds with their counts, and says why the list is empty', async () => {
    signIn(['szpy:list', 'szpy:round'])
    renderPage()
    const row = (await screen.findByText(ROUND.title)).closest('tr') as HTMLElement
    expect(within(row).getByText('进行中')).toBeTruthy()
    expect(within(row).getByText('2026-12-25')).toBeTruthy()
    expect(screen.getByRole('button', { name: '开展评议' })).toBeTruthy()
    expect(mock.history.get.find((r) => r.url === '/api/szpy/rounds')?.params).toMatchObject({ page: 0, size: 20 }) // pages count from 0
    mock.onGet('/api/szpy/rounds').reply(200, page([]))
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '述职对象' }))
    fireEvent.click(await screen.findByTitle('二级党委书记'))
    expect(await screen.findByText('没有符合条件的述职评议')).toBeTruthy()
  })

  it('shows a round’s secretaries, a vacancy as such, and grades a submitted report in the drawer', async () => {
    signIn(['szpy:list', 'szpy:grade', 'szpy:export'])
    let graded: unknown
    mock.onPost('/api/szpy/reports/11/grade').reply((c) => {
      graded = body(c)
      return [200, report({ state: 4, grade: 'good' })]
    })
    renderPage('/orglife/sjszpy?round=5')
    const vacant = (await screen.findByText('计算机退休党支部')).closest('tr') as HTMLElement
    expect(mock.history.get.find((r) => r.url === '/api/szpy/rounds/5/reports')?.params).toMatchObject({ page: 0 })
    expect(within(vacant).getAllByText('书记空缺').length).toBe(2)
    const row = screen.getByText('计算机教工党支部').closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: '评定' }))
    const drawer = (await screen.findByText('计算机教工党支部 · 述职报告')).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findByText('一、履行第一责任人职责情况')).toBeTruthy()
    fireEvent.click(within(drawer).getByRole('button', { name: /评\s*定/ }))
    expect(await within(drawer).findByText('请选择评定等次')).toBeTruthy()
    fireEvent.click(within(drawer).getByLabelText('较好'))
    fireEvent.change(within(drawer).getByLabelText('点评意见'), { target: { value: ' 履职尽责 ' } })
    fireEvent.click(within(drawer).getByRole('button', { name: /评\s*定/ }))
    await waitFor(() => expect(graded).toEqual({ grade: 'fair', comment: '履职尽责' }))
  })

  it('lets the secretary save a draft and submit their own report after confirming', async () => {
    signIn(['szpy:list', 'szpy:submit'])
    const mine = report({ state: 1, mine: true, canGrade: false, content: '', submittedAt: null })
    mock.onGet('/api/szpy/mine').reply(200, [mine])
    const sent: { how: string; body: unknown }[] = []
    mock.onPut('/api/szpy/reports/11').reply((c) => {
      sent.push({ how: 'save', body: body(c) })
      return [200, mine]
    })
    mock.onPost('/api/szpy/reports/11/submit').reply((c) => {
      sent.push({ how: 'submit', body: body(c) })
      return [200, report({ mine: true })]
    })
    renderPage('/orglife/sjszpy?tab=mine')
    const box = await screen.findByLabelText('述职报告')
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }))
    expect(await screen.findByText('请填写述职报告')).toBeTruthy()
    fireEvent.change(box, { target: { value: '一、履职情况' } })
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }))
    await waitFor(() => expect(sent).toEqual([{ how: 'save', body: { content: '一、履职情况', updateTime: mine.updateTime } }]))
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }))
    const dialog = (await screen.findByText('提交后不能再修改，除非评议党组织退回。确定提交吗？')).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }))
    await waitFor(() => expect(sent[1]).toEqual({ how: 'submit', body: { content: '一、履职情况', updateTime: mine.updateTime } }))
  })

  it('says why 我的述职 is empty', async () => {
    signIn(['szpy:submit'])
    mock.onGet('/api/szpy/mine').reply(200, [])
    renderPage()
    expect(await screen.findByText(/暂无需要您提交的述职报告/)).toBeTruthy()
  })
})
