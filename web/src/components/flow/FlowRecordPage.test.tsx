import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { Button, Form, Input } from 'antd'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { get } from '@/api/request'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { FlowRecordDrawer, FlowRecordPage, type FlowRecord } from './FlowRecordPage'
import type { FlowView } from './types'

interface Sample {
  id: number
  name: string
  place: string
  remark: string
}

const VIEW: FlowView = {
  workflow: 'sample',
  started: true,
  state: 'review',
  stateName: '审核中',
  step: 'committee',
  current: 'committee',
  status: 'process',
  version: 3,
  actingOrgName: '计算机学院党委',
  actingRole: '二级党委',
  steps: [
    { key: 'branch', title: '支部审核', description: '党支部' },
    { key: 'committee', title: '二级党委审批', description: '二级党委' },
  ],
  entries: [
    { id: 1, time: '2026-03-01T08:00:00Z', actorName: '王书记', action: 'submit', step: 'branch', actorId: 2, role: '党支部', orgName: '', fileIds: [], attachments: [] },
  ],
  mayAct: true,
  results: ['approve', 'reject'],
  returnTo: [],
}

let mock: MockAdapter
let acts: Record<string, unknown>[]
beforeEach(() => {
  mock = mockApi()
  acts = []
  mock.onGet('/api/sample/7').reply(200, { id: 7, name: '李明', place: '', remark: '转专业' })
  mock.onPost('/api/sample/7/flow').reply((c) => {
    acts.push(body(c) as Record<string, unknown>)
    return [200, { ...VIEW, step: '', mayAct: false }]
  })
})
afterEach(() => mock.restore())

/** A module's declaration: a header, one button, a step field of its own, a tab and the files. */
const declare = (over: Partial<FlowRecord<Sample>> = {}): FlowRecord<Sample> => ({
  queryKey: ['sample'],
  fetch: (id) => get<Sample>(`/api/sample/${id}`),
  base: '/api/sample',
  title: (r) => `样例：${r.name}`,
  facts: (r) => [['姓名', r.name], r.place && ['地点', r.place], r.remark && ['备注', r.remark]],
  actions: () => <Button>编辑</Button>,
  action: () => ({
    moduleName: 'sample',
    fields: (
      <Form.Item label="会议地点" name="place" rules={[{ required: true, message: '请输入会议地点' }]}>
        <Input />
      </Form.Item>
    ),
    collect: async (form, result) => ({ ...(await form.validateFields()), result }),
  }),
  tabs: () => [{ key: 'more', label: '考察记录', children: '暂无考察记录' }],
  attachments: true,
  ...over,
})

describe('FlowRecordPage', { timeout: 30_000 }, () => {
  it('shows the header, acts with the step’s own form, then reads the record and its flow again and tells the lists', async () => {
    signIn(['admin'])
    mock.onGet('/api/sample/7/flow').replyOnce(200, VIEW).onGet('/api/sample/7/flow').reply(200, { ...VIEW, step: '', mayAct: false })
    const back = vi.fn()
    const onChanged = vi.fn()
    renderWithApp(<FlowRecordPage record={declare({ onChanged })} id={7} back={back} noId="缺少编号" missing="记录不存在" />)
    expect(await screen.findByText('样例：李明')).toBeTruthy()
    expect(screen.getByText('转专业')).toBeTruthy()
    // A falsy fact leaves its line out.
    expect(screen.queryByText('地点')).toBeNull()
    expect(screen.getByRole('button', { name: /编\s*辑/ })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /返\s*回/ }))
    expect(back).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }))
    // The history is the first tab, the module's follow, 附件 last.
    expect(await screen.findByText('王书记')).toBeTruthy()
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['办理记录', '考察记录', '附件'])

    const card = (await screen.findByText('办理', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement
    fireEvent.click(within(card).getByRole('button', { name: /提\s*交/ }))
    expect(await screen.findByText('请输入会议地点', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    expect(acts).toEqual([])
    fireEvent.change(card.querySelector('input#place')!, { target: { value: '会议室' } })
    fireEvent.click(within(card).getByRole('button', { name: /提\s*交/ }))
    await waitFor(() => expect(acts).toHaveLength(1))
    expect(acts[0]).toMatchObject({ version: 3, result: 'approve', form: { place: '会议室', result: 'approve' } })
    await waitFor(() => expect(onChanged).toHaveBeenCalled())
    // Read again: the step was dealt with, so 办理 is gone.
    await waitFor(() => expect(screen.queryByText('办理', { selector: '.ant-card-head-title' })).toBeNull())
    expect(mock.history.get.filter((r) => r.url === '/api/sample/7').length).toBeGreaterThan(1)
  })

  it('says why there is nothing to show: no id, or a record out of reach', async () => {
    signIn(['admin'])
    renderWithApp(<FlowRecordPage record={declare()} id={0} back={() => undefined} noId="缺少编号" missing="记录不存在" />)
    expect(await screen.findByText('缺少编号')).toBeTruthy()
    expect(mock.history.get).toEqual([])
    mock.onGet('/api/sample/8').reply(404, { status: 404, message: '不存在' })
    mock.onGet('/api/sample/8/flow').reply(404, { status: 404, message: '不存在' })
    renderWithApp(<FlowRecordPage record={declare()} id={8} back={() => undefined} noId="缺少编号" missing="记录不存在" />)
    expect(await screen.findByText('记录不存在')).toBeTruthy()
  })

  it('shows who may not act who acts at the step', async () => {
    signIn(['admin'])
    mock.onGet('/api/sample/7/flow').reply(200, { ...VIEW, mayAct: false })
    renderWithApp(<FlowRecordPage record={declare()} id={7} back={() => undefined} noId="" missing="" />)
    expect(await screen.findByText('待计算机学院党委（二级党委）办理「二级党委审批」')).toBeTruthy()
  })
})

describe('FlowRecordDrawer', { timeout: 30_000 }, () => {
  it('reads the record (its flow base from it) and shows the facts, the buttons, the notes and the history card', async () => {
    signIn(['admin'])
    mock.onGet('/api/sample/kind-a/7/flow').reply(200, { ...VIEW, mayAct: false })
    renderWithApp(
      <FlowRecordDrawer
        record={declare({ base: () => '/api/sample/kind-a', tabs: undefined, attachments: false, actorsOnly: true, notes: () => '介绍信第 1 号' })}
        id={7}
        loadingTitle="样例记录"
        onClose={() => undefined}
      />,
    )
    const drawer = (await screen.findByText('样例：李明', { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement
    expect(within(drawer).getByText('介绍信第 1 号')).toBeTruthy()
    expect(within(drawer).getByRole('button', { name: /编\s*辑/ })).toBeTruthy()
    expect(await within(drawer).findByText('王书记')).toBeTruthy()
    expect(within(drawer).getByText('办理记录', { selector: '.ant-card-head-title' })).toBeTruthy()
    // Kept for actors: who may not act reads the history only.
    expect(within(drawer).queryByText(/待计算机学院党委/)).toBeNull()
    expect(within(drawer).queryByRole('tab')).toBeNull()
  })
})
