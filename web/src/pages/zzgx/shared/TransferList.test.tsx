import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { body, page, signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import { findDialog, ok } from '@/test/page'
import InsidePage from '../inside'
import SuspendPage from '../suspend'
import type { Transfer } from './api'

const transfer = (over: Partial<Transfer> = {}): Transfer => ({
  id: 1,
  kind: 'inside',
  kindLabel: '校内转接',
  subKind: '',
  subKindLabel: '',
  state: 'in_committee',
  stateLabel: '接收方二级党委审核',
  memberId: 5,
  name: '张转接',
  gender: '1',
  idNumber: '110101********1234',
  partyStatus: '1',
  joinedOn: '2013-06-30',
  orgId: 7,
  orgName: '计算机教工党支部',
  toOrgId: 9,
  toOrgName: '数学教工党支部',
  otherOrg: '',
  reach: 'city',
  feesPaidUpTo: '2026-01',
  feesFrom: 'entered',
  happenedOn: null,
  reason: '',
  startedBy: 1,
  bySelf: false,
  doneOn: null,
  personType: '',
  personCategory: '',
  createTime: '2026-11-20T08:00:00Z',
  updateTime: '2026-11-20T08:00:00Z',
  ...over,
})

const flowView = {
  workflow: 'zzgx_inside',
  started: true,
  state: 'in_committee',
  stateName: '接收方二级党委审核',
  step: 'in_committee',
  current: 'in_committee',
  status: 'process',
  version: 3,
  steps: [
    { key: 'apply', title: '提交申请', description: '申请人' },
    { key: 'branch', title: '支部审核', description: '党支部' },
    { key: 'committee', title: '二级党委审核', description: '二级党委' },
    { key: 'in_committee', title: '接收方二级党委审核', description: '接收方二级党委' },
    { key: 'in_branch', title: '接收方支部审核', description: '接收方党支部' },
  ],
  entries: [{ id: 1, time: '2026-11-20T08:00:00Z', actorName: '王书记', action: 'submit', step: '', toStep: 'branch', comment: '', fileIds: [], attachments: [] }],
  mayAct: false,
  results: [],
  returnTo: [],
  actingOrgName: '数学学院党委',
}

let mock: MockAdapter
let queries: Record<string, unknown>[]
beforeEach(() => {
  ;({ mock, queries } = mockListApi('/api/zzgx', [transfer()], { pages: { '/api/common/dzz': [] } }))
})
afterEach(() => mock.restore())

const renderAt = (node: React.ReactNode, path = '/zzgx/inside') => renderWithApp(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>)

describe('组织关系转接 lists', { timeout: 30_000 }, () => {
  it('lists the page’s kinds with their state, and offers 发起 only to holders of zzgx:add', async () => {
    signIn(['zzgx:list'])
    renderAt(<InsidePage />)
    const tr = (await screen.findByText('张转接')).closest('tr') as HTMLElement
    expect(within(tr).getByText('接收方二级党委审核')).toBeTruthy()
    expect(within(tr).getByText('数学教工党支部')).toBeTruthy()
    expect(queries[0]).toMatchObject({ kind: ['inside'] })
    expect(screen.queryByRole('button', { name: /发起校内转接/ })).toBeNull()
  })

  it('a page of two kinds filters by both, or by the one chosen', async () => {
    signIn(['zzgx:list', 'zzgx:add'])
    renderAt(<SuspendPage />, '/zzgx/suspend')
    await screen.findByText('张转接')
    expect(queries[0]).toMatchObject({ kind: ['suspend', 'lost'] })
    expect(screen.getByRole('button', { name: /发起停止党籍/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: /发起失联党员/ })).toBeTruthy()
  })

  it('shows a page\'s approval chains to holders of zzgx:chain, one tab per kind', async () => {
    signIn(['zzgx:list', 'zzgx:chain'])
    const chains = (step: string) => ({
      steps: [{ key: step, title: step === 'branch' ? '支部审核' : '组织部审核' }],
      orgTypes: [{ value: '5', label: '党支部' }],
      chains: [{ orgType: '5', links: [{ step, acting: ['5'], role: '党支部' }] }],
    })
    mock.onGet('/api/zzgx/suspend/flow/chains').reply(200, chains('branch'))
    mock.onGet('/api/zzgx/lost/flow/chains').reply(200, chains('dept'))
    renderAt(<SuspendPage />, '/zzgx/suspend')
    await screen.findByText('张转接')
    fireEvent.click(screen.getByRole('button', { name: /审批链/ }))
    const drawer = (await screen.findByText('审批链', { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findByText('党支部的停止党籍')).toBeTruthy()
    expect(within(drawer).getByRole('button', { name: /编\s*辑/ })).toBeTruthy()
    fireEvent.click(within(drawer).getByRole('tab', { name: '失联党员' }))
    expect(await within(drawer).findByText('党支部的失联党员')).toBeTruthy()
  })

  it('hides the approval chains without zzgx:chain', async () => {
    signIn(['zzgx:list'])
    renderAt(<SuspendPage />, '/zzgx/suspend')
    await screen.findByText('张转接')
    expect(screen.queryByRole('button', { name: /审批链/ })).toBeNull()
  })

  it('starts a 校内转接: the member, a receiving branch of the whole school, 党费缴纳至; a refusal shows at its field', async () => {
    signIn(['zzgx:list', 'zzgx:add'])
    mock.onGet('/api/common/dyjbxx').reply(200, page([{ id: 5, name: '张转接', orgName: '计算机教工党支部' }]))
    mock.onGet('/api/zzgx/branches').reply(200, [{ id: 9, name: '数学教工党支部', parentName: '数学学院党委' }])
    const sent: Record<string, unknown>[] = []
    mock.onPost('/api/zzgx').reply((c) => {
      sent.push(body(c) as Record<string, unknown>)
      return [400, { status: 400, field: 'toOrgId', message: '接收党支部不能是党员当前所在的党支部' }]
    })
    renderAt(<InsidePage />)
    await screen.findByText('张转接')
    fireEvent.click(screen.getByRole('button', { name: /发起校内转接/ }))
    const dialog = await findDialog('发起校内转接')
    ok(dialog)
    expect(await within(dialog).findByText('请选择党员', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    expect(within(dialog).getByText('请选择接收党支部', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    expect(sent).toEqual([])
    const [memberBox, branchBox] = within(dialog).getAllByRole('combobox')
    fireEvent.focus(memberBox)
    fireEvent.mouseDown(memberBox)
    fireEvent.click(await screen.findByText('张转接（计算机教工党支部）', { selector: '.ant-select-item-option-content' }))
    fireEvent.focus(branchBox)
    fireEvent.mouseDown(branchBox)
    fireEvent.click(await screen.findByText('数学教工党支部（数学学院党委）', { selector: '.ant-select-item-option-content' }))
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ kind: 'inside', memberId: 5, toOrgId: 9, reach: 'city', feesPaidUpTo: '' })
    expect(await within(dialog).findByText('接收党支部不能是党员当前所在的党支部', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
  })

  it('opens a transfer from its link: facts, letters to print, history, 撤回 for its starter and 撤销 for zzgx:cancel', async () => {
    signIn(['zzgx:list', 'zzgx:cancel'])
    mock.onGet('/api/zzgx/1').reply(200, { ...transfer(), letters: [{ id: 42, transferId: 1, year: 2026, number: '2026-0007', validUntil: '2026-12-20', status: 'issued' }] })
    mock.onGet('/api/zzgx/inside/1/flow').reply(200, flowView)
    const withdrawn: unknown[] = []
    mock.onPost('/api/zzgx/1/withdraw').reply((c) => {
      withdrawn.push(body(c))
      return [200, transfer({ state: 'withdrawn', stateLabel: '本人撤回' })]
    })
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    try {
      renderAt(<InsidePage />, '/zzgx/inside?id=1')
      const drawer = (await screen.findByText('校内转接 · 张转接')).closest('.ant-drawer') as HTMLElement
      expect(await within(drawer).findByText('第 2026-0007 号')).toBeTruthy()
      expect(within(drawer).getByText('2026-01')).toBeTruthy()
      fireEvent.click(within(drawer).getByRole('button', { name: /打\s*印/ }))
      expect(open.mock.calls[0][0]).toMatch(/\/print\/zzgxLetter\?id=42$/)
      expect(within(drawer).getByRole('button', { name: /撤\s*销/ })).toBeTruthy()
      await within(drawer).findByText('王书记')
      fireEvent.click(within(drawer).getByRole('button', { name: /撤回申请/ }))
      fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }))
      await waitFor(() => expect(withdrawn).toEqual([{ version: 3, comment: '' }]))
    } finally {
      open.mockRestore()
    }
  })
})
