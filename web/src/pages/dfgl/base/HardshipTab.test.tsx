import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FlowView } from '@/components/flow'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { Hardship } from '../standard/api'
import HardshipTab from './HardshipTab'
import { findDialog, gone, ok } from '@/test/page'

const item: Hardship = {
  id: 3, memberId: 7, memberName: '困难党员', orgId: 3, orgName: '计算机教工党支部', kind: 'reduce', kindLabel: '减交', amount: '1,000.00',
  from: '2026-03', to: '2026-05', reason: '家庭困难', state: 'review', stateLabel: '待审批', createdAt: '2026-01-01T00:00:00Z',
}
const steps = [
  { key: 'branch', title: '支部修改后重新提交', description: '党支部' },
  { key: 'committee', title: '上级党委审批', description: '上级党委' },
]
const atCommittee: FlowView = {
  workflow: 'feehardship', started: true, state: 'review', stateName: '待审批', step: 'committee', current: 'committee', status: 'process', version: 4,
  actingOrgName: '计算机学院党委', actingRole: '上级党委', steps, entries: [], mayAct: true, results: ['approve', 'reject', 'return'], returnTo: [steps[0]],
}
const atBranch: FlowView = { ...atCommittee, state: 'returned', stateName: '退回修改', step: 'branch', current: 'branch', actingOrgName: '计算机教工党支部', actingRole: '党支部', results: ['approve'], returnTo: [] }

let mock: MockAdapter
let posted: { url?: string; body: unknown }[]
const serve = (row: Hardship, view: FlowView) => {
  mock.onGet('/api/dfjm').reply(200, page([row]))
  mock.onGet('/api/dfjm/3/flow').reply(200, view)
}
beforeEach(() => {
  mock = mockApi()
  posted = []
  mock.onPost(/\/api\/dfjm\/3\/(flow|withdraw)/).reply((c) => {
    posted.push({ url: c.url, body: body(c) })
    return [200, c.url?.endsWith('withdraw') ? { ...item, state: 'withdrawn' } : atCommittee]
  })
})
afterEach(() => mock.restore())

const drawer = async () => (await screen.findByText('困难党员：党费减交（2026-03 至 2026-05）')).closest('.ant-drawer') as HTMLElement
/** The confirmation saying text that opens after `seen` others (a cancelled one may linger while it closes). */
const confirmBox = async (text: string, seen = 0) => {
  await waitFor(() => expect(screen.queryAllByText(text).length).toBeGreaterThan(seen))
  return screen.getAllByText(text).at(-1)!.closest('.ant-modal') as HTMLElement
}

describe('dfgl/base 困难减免', { timeout: 30_000 }, () => {
  it('the committee returns a proposal to the branch after confirming; 取消 sends nothing', async () => {
    signIn(['dfjm:list', 'dfjm:committee'])
    serve(item, atCommittee)
    renderWithApp(<HardshipTab openId={3} />)
    const d = await drawer()
    expect(within(d).queryByText('撤回申请')).toBeNull()
    fireEvent.click(await within(d).findByText('退回'))
    fireEvent.change(within(d).getByPlaceholderText('请输入办理意见'), { target: { value: '请补充证明' } })
    fireEvent.click(within(d).getByRole('button', { name: /提\s*交/ }))
    let box = await confirmBox('确定把困难党员的党费减免申请退回支部修改吗？')
    fireEvent.click(within(box).getByRole('button', { name: /取\s*消/ }))
    await gone('确定把困难党员的党费减免申请退回支部修改吗？')
    // 提交 stays loading (and ignores clicks) until the cancelled confirmation has settled.
    await waitFor(() => expect(within(d).getByRole('button', { name: /提\s*交/ }).className).not.toContain('ant-btn-loading'))
    expect(posted).toEqual([])
    const lingering = screen.queryAllByText('确定把困难党员的党费减免申请退回支部修改吗？').length
    fireEvent.click(within(d).getByRole('button', { name: /提\s*交/ }))
    box = await confirmBox('确定把困难党员的党费减免申请退回支部修改吗？', lingering)
    ok(box)
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({ url: '/api/dfjm/3/flow', body: expect.objectContaining({ version: 4, result: 'return', toStep: 'branch', comment: '请补充证明' }) })
  })

  it('the branch edits a returned proposal and resubmits it after confirming', async () => {
    signIn(['dfjm:list', 'dfjm:branch'])
    serve({ ...item, state: 'returned', stateLabel: '退回修改' }, atBranch)
    renderWithApp(<HardshipTab openId={3} />)
    const d = await drawer()
    const amount = await within(d).findByDisplayValue('1000.00')
    fireEvent.change(amount, { target: { value: '20' } })
    fireEvent.change(within(d).getByDisplayValue('2026-05'), { target: { value: '2026-06' } })
    fireEvent.click(within(d).getByRole('button', { name: /提\s*交/ }))
    const box = await confirmBox('确定重新提交困难党员的党费减免申请吗？')
    ok(box)
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0].body).toMatchObject({ version: 4, result: 'approve', form: { kind: 'reduce', amount: '20', from: '2026-03', to: '2026-06', reason: '家庭困难' } })
  })

  it('the branch withdraws a proposal under review after confirming; not once it is decided', async () => {
    signIn(['dfjm:list', 'dfjm:branch'])
    serve(item, { ...atCommittee, mayAct: false, results: [], returnTo: [] })
    const { unmount } = renderWithApp(<HardshipTab openId={3} />)
    const d = await drawer()
    expect(within(d).getByText('待计算机学院党委（上级党委）办理「上级党委审批」')).toBeTruthy()
    fireEvent.click(await within(d).findByRole('button', { name: '撤回申请' }))
    const box = await confirmBox('确定撤回困难党员的党费减免申请吗？撤回后不再审批，需要时请重新申请。')
    ok(box)
    await waitFor(() => expect(posted).toEqual([{ url: '/api/dfjm/3/withdraw', body: { version: 4 } }]))
    unmount()

    serve({ ...item, state: 'approved', stateLabel: '已批准' }, { ...atCommittee, state: 'approved', step: '', mayAct: false, results: [], returnTo: [] })
    renderWithApp(<HardshipTab openId={3} />)
    const ended = await drawer()
    await waitFor(() => expect(within(ended).queryByText('待计算机学院党委（上级党委）办理「上级党委审批」')).toBeNull())
    expect(within(ended).queryByText('撤回申请')).toBeNull()
  })

  it('the committee ends an approved reduction from a month after confirming; the field shows the months the server allows', async () => {
    signIn(['dfjm:list', 'dfjm:committee'])
    const approved = { ...item, state: 'approved' as const, stateLabel: '已批准' }
    serve(approved, { ...atCommittee, state: 'approved', step: '', mayAct: false, results: [], returnTo: [], version: 6 })
    const allowed = '终止月份须在 2026-04 至 2026-05 之间（已核定党费的月份不能终止）'
    mock.onPost('/api/dfjm/3/end').reply((c) => {
      posted.push({ url: c.url, body: body(c) })
      return posted.length === 1 ? [400, { message: allowed, field: 'from' }] : [200, { ...approved, state: 'ended', stateLabel: '已终止', endFrom: '2026-04' }]
    })
    renderWithApp(<HardshipTab openId={3} />)
    const d = await drawer()
    expect(within(d).queryByText('撤回申请')).toBeNull()
    fireEvent.click(await within(d).findByRole('button', { name: '终止减免' }))
    const dialog = await findDialog('终止困难党员的党费减交')
    fireEvent.change(within(dialog).getByPlaceholderText('2026-05'), { target: { value: '2026-03' } })
    fireEvent.change(within(dialog).getByRole('textbox', { name: '终止理由' }), { target: { value: '已就业' } })
    ok(dialog)
    ok(await confirmBox('确定自 2026-03 起终止困难党员的党费减交吗？自该月起按标准交纳，已核定的月份不变。'))
    expect(await within(dialog).findByText(allowed)).toBeTruthy()
    fireEvent.change(within(dialog).getByPlaceholderText('2026-05'), { target: { value: '2026-04' } })
    ok(dialog)
    ok(await confirmBox('确定自 2026-04 起终止困难党员的党费减交吗？自该月起按标准交纳，已核定的月份不变。'))
    await screen.findByText('困难党员：党费减交（2026-03 至 2026-05，2026-04 起终止）')
    expect(posted.map((p) => p.body)).toEqual([
      { from: '2026-03', comment: '已就业', version: 6 },
      { from: '2026-04', comment: '已就业', version: 6 },
    ])
  })

  it('the branch is not offered 终止 of an approved reduction', async () => {
    signIn(['dfjm:list', 'dfjm:branch'])
    serve({ ...item, state: 'approved', stateLabel: '已批准' }, { ...atCommittee, state: 'approved', step: '', mayAct: false, results: [], returnTo: [] })
    renderWithApp(<HardshipTab openId={3} />)
    const d = await drawer()
    await within(d).findByText('上级党委审批')
    expect(within(d).queryByRole('button', { name: '终止减免' })).toBeNull()
  })
})
