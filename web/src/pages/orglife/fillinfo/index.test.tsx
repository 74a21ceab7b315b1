import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EntryDetail, EntryView, FormDetail } from '@/api/generated/fillform'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import FillInfoPage from './index'

const FORM: FormDetail = {
  id: 3,
  createTime: '2026-11-01T08:00:00Z',
  updateTime: '2026-11-01T08:00:00Z',
  title: '党员志愿服务时长填报',
  description: '',
  orgId: 2,
  deadline: '2026-12-20T09:00:00Z',
  audience: 'members',
  mode: 'subtree',
  rootId: 2,
  ids: [],
  fields: [
    { key: 'f1', label: '服务时长（小时）', kind: 'number', required: true, help: '', decimals: 1, min: 0.5, max: 500 },
    { key: 'f2', label: '服务类型', kind: 'multiple', required: true, help: '', options: ['社区服务', '校园服务'] },
  ],
  state: 'published',
  publishedAt: '2026-11-01T09:00:00Z',
  closedAt: null,
  creator: '组织部',
  status: 'published',
  orgName: '计算机学院党委',
  statusName: '填报中',
  audienceName: '党员',
  total: 2,
  pending: 1,
  submitted: 1,
  returned: 0,
  passed: 0,
  rootName: '计算机学院党委',
  picked: [],
  addressees: 0,
  audienceProblem: '',
}

const entry = (over: Partial<EntryView>): EntryView => ({
  id: 7,
  createTime: '2026-11-01T09:00:00Z',
  updateTime: '2026-11-03T09:00:00Z',
  formId: 3,
  targetId: 51,
  orgId: 21,
  name: '张党员',
  state: 3,
  answers: { f1: '2.5', f2: ['社区服务', '校园服务'] },
  savedAt: '2026-11-03T09:00:00Z',
  submittedAt: '2026-11-03T09:00:00Z',
  submitter: '张党员',
  reviewer: '',
  reviewedAt: null,
  comment: '',
  remindedOn: null,
  orgName: '计算机教工党支部',
  formTitle: FORM.title,
  deadline: FORM.deadline,
  formStatus: 'published',
  audience: 'members',
  stateName: '已提交',
  writable: false,
  ...over,
})

const SUBMITTED = entry({})
const EMPTY = entry({ id: 8, targetId: 52, name: '李党员', state: 1, answers: {}, submittedAt: null, savedAt: null, submitter: '', remindedOn: '2026-11-05' })

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/txbd/forms').reply(200, page([FORM]))
  mock.onGet('/api/txbd/forms/3').reply(200, FORM)
  mock.onGet('/api/txbd/forms/3/entries').reply(200, page([SUBMITTED, EMPTY]))
  const detail: EntryDetail = { ...SUBMITTED, description: '', fields: FORM.fields, files: {} }
  mock.onGet('/api/txbd/entries/7').reply(200, detail)
  mock.onGet('/api/txbd/entries/7/trail').reply(200, page([]))
})
afterEach(() => mock.restore())

const renderPage = (url: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <FillInfoPage />
    </MemoryRouter>,
  )

describe('orglife/fillinfo 填报信息管理', { timeout: 30_000 }, () => {
  it('lists the published forms only', async () => {
    signIn(['txbd:list'])
    renderPage('/orglife/txbdxx')
    expect(await screen.findByText(FORM.title)).toBeTruthy()
    expect(mock.history.get.find((r) => r.url === '/api/txbd/forms')?.params).toMatchObject({ page: 0, sent: true })
  })

  it('shows the addressees with their states, and filters those not submitted in SQL', async () => {
    signIn(['txbd:list', 'txbd:review'])
    renderPage('/orglife/txbdxx?form=3')
    const empty = (await screen.findByText('李党员')).closest('tr') as HTMLElement
    expect(within(empty).getByText('未填报')).toBeTruthy()
    expect(within(empty).getByText('2026-11-05')).toBeTruthy()
    expect(screen.getByText('1（其中已退回 0）')).toBeTruthy()
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '填报状态' }))
    fireEvent.click(await screen.findByTitle('未提交（未填报、草稿、已退回）'))
    await waitFor(() => expect(mock.history.get.filter((r) => r.url === '/api/txbd/forms/3/entries').at(-1)?.params).toMatchObject({ page: 0, state: [1, 2, 4] }))
  })

  it('reminds those not submitted after confirming, and says when they were reminded today already', async () => {
    signIn(['txbd:list', 'txbd:review'])
    let sent: unknown
    mock.onPost('/api/txbd/forms/3/remind').reply((c) => {
      sent = body(c)
      return [200, { reminded: 0, sent: 0, already: 1, message: '今天已提醒过这1个填报对象，未重复发送' }]
    })
    renderPage('/orglife/txbdxx?form=3')
    fireEvent.click(await screen.findByRole('button', { name: '提醒全部未提交' }))
    const dialog = (await screen.findByText(/向全部 1 个尚未提交的填报对象发送提醒消息/)).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: /发送提醒/ }))
    await waitFor(() => expect(sent).toEqual({ ids: [] }))
    expect(await screen.findByText('今天已提醒过这1个填报对象，未重复发送')).toBeTruthy()
  })

  it('reviews a submitted entry in the drawer: its answers, then passes it with a comment', async () => {
    signIn(['txbd:list', 'txbd:review'])
    let passed: unknown
    mock.onPost('/api/txbd/entries/7/pass').reply((c) => {
      passed = body(c)
      return [200, { ...SUBMITTED, state: 5 }]
    })
    renderPage('/orglife/txbdxx?form=3')
    const row = (await screen.findByText('张党员')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: '审核' }))
    const drawer = (await screen.findByText(`张党员 · ${FORM.title}`)).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findByText('社区服务、校园服务')).toBeTruthy()
    expect(within(drawer).getByText('2.5')).toBeTruthy()
    fireEvent.click(within(drawer).getByRole('button', { name: '审核通过' }))
    const dialog = (await screen.findByText('填报人会收到审核通过的消息。')).closest('.ant-modal') as HTMLElement
    fireEvent.change(within(dialog).getByLabelText('审核意见（选填）'), { target: { value: ' 很好 ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /通\s*过/ }))
    await waitFor(() => expect(passed).toEqual({ comment: '很好' }))
  })
})
