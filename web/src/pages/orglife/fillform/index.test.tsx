import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import dayjs from 'dayjs'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FormDetail, FormView } from '@/api/generated/fillform'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { toInput } from './Editor'
import FillFormsPage from './index'

const form = (over: Partial<FormView> = {}): FormView => ({
  id: 3,
  createTime: '2026-11-01T08:00:00Z',
  updateTime: '2026-11-01T08:00:00Z',
  title: '2026年党支部工作情况统计',
  description: '',
  orgId: 2,
  deadline: '2026-12-20T09:00:00Z',
  audience: 'orgs',
  mode: 'subtree',
  rootId: 2,
  ids: [],
  fields: [{ key: 'f1', label: '支部党员人数', kind: 'number', required: true, help: '', decimals: 0, min: 0, max: null }],
  state: 'draft',
  publishedAt: null,
  closedAt: null,
  creator: '组织部',
  status: 'draft',
  orgName: '计算机学院党委',
  statusName: '草稿',
  audienceName: '党组织',
  total: 0,
  pending: 0,
  submitted: 0,
  returned: 0,
  passed: 0,
  ...over,
})

const DRAFT = form()
const OPEN = form({ id: 4, title: '党员志愿服务时长填报', state: 'published', status: 'published', audience: 'members', audienceName: '党员', total: 30, submitted: 5, passed: 7 })
const detail = (f: FormView, over: Partial<FormDetail> = {}): FormDetail => ({ ...f, rootName: '计算机学院党委', picked: [], addressees: 12, audienceProblem: '', ...over })

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/txbd/forms').reply(200, page([DRAFT, OPEN]))
  mock.onGet('/api/txbd/forms/3').reply(200, detail(DRAFT))
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/orglife/txbdgl']}>
      <FillFormsPage />
    </MemoryRouter>,
  )

describe('orglife/fillform 填报表单管理', { timeout: 30_000 }, () => {
  it('lists the forms with the actions their state and the caller’s permissions allow', async () => {
    signIn(['txbd:list', 'txbd:add', 'txbd:edit', 'txbd:del', 'txbd:publish'])
    renderPage()
    const draft = (await screen.findByText(DRAFT.title)).closest('tr') as HTMLElement
    const open = screen.getByText(OPEN.title).closest('tr') as HTMLElement
    expect(within(draft).getByRole('button', { name: '编辑' })).toBeTruthy()
    expect(within(draft).getByRole('button', { name: '删除' })).toBeTruthy()
    expect(within(draft).queryByRole('button', { name: '填报情况' })).toBeNull()
    expect(within(open).getByText('12/30')).toBeTruthy()
    expect(within(open).getByRole('button', { name: '结束填报' })).toBeTruthy()
    expect(within(open).queryByRole('button', { name: '编辑' })).toBeNull()
    expect(mock.history.get.find((r) => r.url === '/api/txbd/forms')?.params).toMatchObject({ page: 0, size: 20 })
  })

  it('publishes a draft after saying how many it goes to', async () => {
    signIn(['txbd:list', 'txbd:publish'])
    let published = false
    mock.onPost('/api/txbd/forms/3/publish').reply(() => {
      published = true
      return [200, detail(DRAFT, { state: 'published', status: 'published' })]
    })
    renderPage()
    const draft = (await screen.findByText(DRAFT.title)).closest('tr') as HTMLElement
    expect(within(draft).queryByRole('button', { name: '编辑' })).toBeNull() // no txbd:edit
    fireEvent.click(within(draft).getByRole('button', { name: '发布' }))
    const dialog = (await screen.findByText(/将发送给 12 个填报对象/)).closest('.ant-modal') as HTMLElement
    expect(published).toBe(false)
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }))
    await waitFor(() => expect(published).toBe(true))
  })

  it('refuses to publish a draft whose audience is no longer valid, saying why', async () => {
    signIn(['txbd:list', 'txbd:publish'])
    mock.onGet('/api/txbd/forms/3').reply(200, detail(DRAFT, { audienceProblem: '计算机学院党委下没有党支部' }))
    renderPage()
    const draft = (await screen.findByText(DRAFT.title)).closest('tr') as HTMLElement
    fireEvent.click(within(draft).getByRole('button', { name: '发布' }))
    expect(await screen.findByText('不能发布：计算机学院党委下没有党支部')).toBeTruthy()
  })

  it('sends a draft’s body: texts and options trimmed, the deadline to the minute, the audience of its mode', () => {
    const body = toInput({
      title: ' 统计 ',
      orgId: 2,
      deadline: dayjs('2026-12-20T17:00:42+08:00'),
      audience: 'members',
      mode: 'list',
      rootId: 9,
      ids: [5, 6],
      fields: [{ key: '', label: ' 类型 ', kind: 'single', required: true, help: '', options: [' 是', '', '否 '] }],
    }, '2026-11-01T08:00:00Z')
    expect(body).toEqual({
      title: '统计',
      description: '',
      orgId: 2,
      deadline: '2026-12-20T09:00:00.000Z',
      audience: 'members',
      mode: 'list',
      rootId: null,
      ids: [5, 6],
      fields: [{ key: '', label: '类型', kind: 'single', required: true, help: '', options: ['是', '否'] }],
      updateTime: '2026-11-01T08:00:00Z',
    })
  })
})
