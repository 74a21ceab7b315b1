import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, signIn } from '@/test/api'
import { ok, row } from '@/test/page'
import { renderWithApp } from '@/test/render'
import type { Meta, Standard } from './api'
import FeeStandardPage from './index'

const META: Meta = {
  categories: [
    { code: 'salaried', label: '在职', needBase: true },
    { code: 'student', label: '学生', needBase: false },
  ],
  items: [],
  states: { draft: '未启用', on: '启用', void: '作废' },
  graduateStipend: false,
}
const std = (over: Partial<Standard>): Standard => ({
  id: 1,
  name: '在职党员党费标准',
  category: 'salaried',
  categoryLabel: '在职',
  kind: 'rate',
  brackets: [
    { upToFen: 300000, upTo: '3000', rate: '0.5' },
    { upToFen: 500000, upTo: '5000', rate: '1' },
    { upToFen: 1000000, upTo: '10000', rate: '1.5' },
    { upToFen: null, rate: '2' },
  ],
  fixedFen: 0,
  fixed: '0.00',
  basis: '中组发〔2008〕3号',
  state: 'on',
  stateLabel: '启用',
  enabledAt: null,
  voidedAt: null,
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
})

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/dfbz/meta').reply(200, META)
  mock.onGet('/api/dfbz').reply(200, [
    std({}),
    std({ id: 2, name: '学生党员党费标准', category: 'student', categoryLabel: '学生', kind: 'fixed', brackets: [], fixedFen: 20, fixed: '0.20' }),
    std({ id: 3, name: '学生党员新标准', category: 'student', categoryLabel: '学生', kind: 'fixed', brackets: [], fixedFen: 30, fixed: '0.30', state: 'draft', stateLabel: '未启用' }),
  ])
})
afterEach(() => mock.restore())

describe('dfgl/standard', { timeout: 30_000 }, () => {
  it('shows each standard with its brackets (RULES §1) and no actions without the permissions', async () => {
    signIn(['dfbz:list'])
    renderWithApp(<FeeStandardPage />)
    expect(await screen.findByText('基数 ≤ 3000：0.5%；3000 < 基数 ≤ 5000：1%；5000 < 基数 ≤ 10000：1.5%；基数 > 10000：2%')).toBeTruthy()
    expect(within(row('学生党员党费标准')).getByText('每月 0.20 元')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /启\s*用|作\s*废|新增标准/ })).toBeNull()
  })

  it('asks before enabling a draft, naming the standard it voids', async () => {
    signIn(['dfbz:list', 'dfbz:state'])
    const enabled: string[] = []
    mock.onPost('/api/dfbz/3/enable').reply((c) => {
      enabled.push(c.url!)
      return [200, {}]
    })
    renderWithApp(<FeeStandardPage />)
    fireEvent.click(within(await screen.findByText('学生党员新标准').then((e) => e.closest('tr')!)).getByText('启用'))
    expect(await screen.findByText(/确定启用“学生党员新标准”吗？启用后，当前启用的“学生党员党费标准”将作废/)).toBeTruthy()
    expect(enabled).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(enabled).toEqual(['/api/dfbz/3/enable']))
  })

  it('edits a draft from the version it read (a standard changed meanwhile is a 409 on the server)', async () => {
    signIn(['dfbz:list', 'dfbz:edit'])
    const sent: unknown[] = []
    mock.onPut('/api/dfbz').reply((c) => {
      sent.push(body(c))
      return [200, std({ id: 3 })]
    })
    renderWithApp(<FeeStandardPage />)
    fireEvent.click(within(await screen.findByText('学生党员新标准').then((e) => e.closest('tr')!)).getByText('修改'))
    const dialog = (await screen.findByText(/修改党费标准/)).closest('.ant-modal') as HTMLElement
    ok(dialog)
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ id: 3, name: '学生党员新标准', updatedAt: '2026-01-01T00:00:00Z' })]))
  })

  it('shows a standard’s 变动轨迹 to whoever sees the standards', async () => {
    signIn(['dfbz:list'])
    mock.onGet('/api/dfbz/1/trail').reply(200, {
      content: [
        {
          id: 5, recordId: 1, type: 2, origin: 3, summary: '', operatorName: '组织部', restoredFrom: null, createTime: '2026-02-01T08:00:00Z',
          typeLabel: '修改', originLabel: '用户修改', changes: [{ field: 'state', label: '状态', old: '未启用', new: '启用' }],
        },
      ],
      totalElements: 1,
    })
    renderWithApp(<FeeStandardPage />)
    fireEvent.click(within(await screen.findByText('在职党员党费标准').then((e) => e.closest('tr')!)).getByText('变动轨迹'))
    const drawer = (await screen.findByText('变动轨迹：在职党员党费标准')).closest('.ant-drawer') as HTMLElement
    const change = (await within(drawer).findByText('状态')).closest('tr') as HTMLElement
    expect(within(change).getByText('未启用')).toBeTruthy()
    expect(within(change).getByText('启用')).toBeTruthy()
    expect(within(drawer).queryByText('还原到此版本')).toBeNull()
  })

  it('creates a standard with its brackets as text (no money arithmetic in the page)', async () => {
    signIn(['dfbz:list', 'dfbz:edit'])
    const sent: unknown[] = []
    mock.onPost('/api/dfbz').reply((c) => {
      sent.push(body(c))
      return [201, std({ id: 9 })]
    })
    renderWithApp(<FeeStandardPage />)
    const add = await screen.findByRole('button', { name: '新增标准' })
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false)) // once the categories are read
    fireEvent.click(add)
    const dialog = (await screen.findByText('新增党费标准')).closest('.ant-modal') as HTMLElement
    fireEvent.change(dialog.querySelector('input#name')!, { target: { value: '试行标准' } })
    fireEvent.change(dialog.querySelector('input#brackets_0_upTo')!, { target: { value: '4000' } })
    fireEvent.change(dialog.querySelector('input#brackets_0_rate')!, { target: { value: '0.8' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /增加一档/ }))
    fireEvent.change(await waitFor(() => dialog.querySelector('input#brackets_1_rate')!), { target: { value: '1.2' } })
    ok(dialog)
    await waitFor(() =>
      expect(sent).toEqual([
        { name: '试行标准', category: 'salaried', kind: 'rate', basis: '', brackets: [{ upTo: '4000', rate: '0.8' }, { upTo: '', rate: '1.2' }] },
      ]),
    )
  })
})
