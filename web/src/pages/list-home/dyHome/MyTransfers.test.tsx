import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { findDialog, ok } from '@/test/page'
import MyTransfers from './MyTransfers'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const mine = (over: Record<string, unknown> = {}) => ({
  memberId: 5,
  name: '张三',
  orgId: 7,
  orgName: '计算机教工党支部',
  memberStatus: '1',
  transfers: [],
  kinds: ['out', 'inside', 'abroad', 'flow_out'],
  ...over,
})

describe('我的组织关系', { timeout: 30_000 }, () => {
  it('shows the branch and lets the member apply for their own transfer (no member to choose)', async () => {
    signIn(['zzgx:mine'])
    mock.onGet('/api/zzgx/mine').reply(200, mine())
    mock.onGet('/api/zzgx/branches').reply(200, [{ id: 9, name: '数学教工党支部', parentName: '数学学院党委' }])
    const sent: Record<string, unknown>[] = []
    mock.onPost('/api/zzgx/mine').reply((c) => {
      sent.push(body(c) as Record<string, unknown>)
      return [201, { id: 3 }]
    })
    renderWithApp(
      <MemoryRouter>
        <MyTransfers />
      </MemoryRouter>,
    )
    expect(await screen.findByText('计算机教工党支部')).toBeTruthy()
    expect(screen.getByText('暂无组织关系转接记录')).toBeTruthy()
    fireEvent.mouseEnter(screen.getByRole('button', { name: /申请转接/ }))
    fireEvent.click(await screen.findByText('校内转接'))
    const dialog = await findDialog('发起校内转接')
    expect(within(dialog).queryByText('党员', { selector: 'label' })).toBeNull()
    const [branch] = within(dialog).getAllByRole('combobox')
    fireEvent.focus(branch)
    fireEvent.mouseDown(branch)
    fireEvent.click(await screen.findByText('数学教工党支部（数学学院党委）', { selector: '.ant-select-item-option-content' }))
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ kind: 'inside', toOrgId: 9, memberId: 0 })
  })

  it('lists their transfers; none may be started while one is under way; hidden without zzgx:mine', async () => {
    signIn(['zzgx:mine'])
    mock.onGet('/api/zzgx/mine').reply(
      200,
      mine({ kinds: [], transfers: [{ id: 3, kind: 'inside', kindLabel: '校内转接', toOrgName: '数学教工党支部', state: 'branch', stateLabel: '支部审核', createTime: '2026-11-20T08:00:00Z' }] }),
    )
    const { unmount } = renderWithApp(
      <MemoryRouter>
        <MyTransfers />
      </MemoryRouter>,
    )
    expect(await screen.findByText('支部审核')).toBeTruthy()
    expect(screen.getByText('→ 数学教工党支部')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /申请转接/ })).toBeNull()
    unmount()
    signIn(['dy:home'])
    const { client } = renderWithApp(
      <MemoryRouter>
        <MyTransfers />
      </MemoryRouter>,
    )
    // Settled: nothing is being fetched (a query started on mount would still be), and nothing shows.
    await waitFor(() => expect(client.isFetching()).toBe(0))
    expect(mock.history.get.filter((r) => r.url === '/api/zzgx/mine')).toHaveLength(1)
    expect(screen.queryByText('我的组织关系')).toBeNull()
  })
})
