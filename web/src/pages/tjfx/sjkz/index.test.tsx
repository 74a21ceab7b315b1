import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import dayjs from 'dayjs'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { Comparison, Snapshot } from './api'
import SnapshotPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/common/dzz').reply(200, page([]))
})
afterEach(() => mock.restore())

const snap = (id: number, date: string, title: string, over: Partial<Snapshot> = {}): Snapshot => ({
  id, date, title, kind: 'manual', status: 'done', members: 3, tookMs: 12, takenAt: '2026-03-01T01:00:00Z', takenBy: 'admin', ...over,
})

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <SnapshotPage />
    </MemoryRouter>,
  )

describe('数据快照', { timeout: 20_000 }, () => {
  it('says why the list is empty, and who may take one', async () => {
    signIn([PERM.sjkzList])
    mock.onGet('/api/sjkz/snapshots').reply(200, page([]))
    renderPage()
    expect(await screen.findByText(/还没有数据快照：由组织部新建/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /新建快照/ })).toBeNull()
  })

  it('takes a snapshot of a date with its title', async () => {
    signIn([PERM.sjkzList, PERM.sjkzCreate])
    mock.onGet('/api/sjkz/snapshots').reply(200, page([]))
    let sent: unknown
    mock.onPost('/api/sjkz/snapshots').reply((c) => {
      sent = JSON.parse(c.data as string)
      return [200, snap(9, dayjs().format('YYYY-MM-DD'), '今日快照')]
    })
    renderPage()
    expect(await screen.findByText(/点击「新建快照」/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /新建快照/ }))
    const dialog = await screen.findByRole('dialog')
    const title = within(dialog).getByLabelText('快照名称')
    fireEvent.change(title, { target: { value: '今日快照' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /生成快照/ }))
    await waitFor(() => expect(sent).toEqual({ date: dayjs().format('YYYY-MM-DD'), title: '今日快照' }))
    expect(await screen.findByText('已生成快照「今日快照」，共 3 名党员')).toBeTruthy()
  })

  it('compares two selected snapshots: the changed cells and who changed', async () => {
    signIn([PERM.sjkzList])
    const end = snap(2, '2025-12-31', '2025年年末数据快照', { kind: 'scheduled', takenBy: '定时任务' })
    const mid = snap(1, '2025-06-30', '年中')
    mock.onGet('/api/sjkz/snapshots').reply(200, page([end, mid]))
    const cmp: Comparison = {
      before: mid, after: end, whole: true, changes: { new: 1, gone: 1, changed: 1 },
      tables: [{ key: 'members', title: '党员基本情况', unit: '名', cells: [{ key: 'female', title: '女', before: 1, after: 2, delta: 1 }] }],
    }
    const asked: unknown[] = []
    mock.onGet('/api/sjkz/compare').reply((c) => {
      asked.push(c.params)
      return [200, cmp]
    })
    mock.onGet('/api/sjkz/compare/members').reply(200, page([
      { change: 'new', memberId: 4, name: '丁', beforeOrgId: 0, beforeOrgName: '', beforeStatus: '', afterOrgId: 5, afterOrgName: '计算机学生党支部', afterStatus: '正式党员' },
      { change: 'changed', memberId: 2, name: '乙', beforeOrgId: 3, beforeOrgName: '计算机教工党支部', beforeStatus: '正式党员', afterOrgId: 6, afterOrgName: '数学教工党支部', afterStatus: '正式党员' },
    ]))
    renderPage()
    expect(await screen.findByText('年末定时')).toBeTruthy()
    const compareButton = screen.getByRole('button', { name: /对\s*比/ })
    expect((compareButton as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByLabelText('选择2025年年末数据快照'))
    fireEvent.click(screen.getByLabelText('选择年中'))
    fireEvent.click(compareButton)
    expect(await screen.findByText('丁')).toBeTruthy()
    // The earlier snapshot is 「之前」 whatever the order of the clicks.
    expect(asked[0]).toEqual({ a: 1, b: 2 })
    expect(screen.getByText('+1')).toBeTruthy()
    expect(screen.getByText('数学教工党支部')).toBeTruthy()
    expect(screen.getByText('新增 1')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /导出对比/ })).toBeNull() // sjkz:export not held
  })
})
