import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { get, post, type Page } from '@/api/request'
import { mockApi, page } from '@/test/api'
import { trailEntry } from '@/test/fixtures'
import { gone } from '@/test/page'
import { renderWithApp } from '@/test/render'
import ChangeTrail, { type TrailEntry } from './ChangeTrail'

const entry = (id: number, over: Partial<TrailEntry> = {}): TrailEntry =>
  trailEntry({
    id,
    typeLabel: undefined,
    originLabel: undefined,
    changes: [{ field: 'name', label: '姓名', old: `旧${id}`, new: `新${id}` }],
    createTime: `2026-03-0${id}T08:00:00Z`,
    ...over,
  })

let mock: MockAdapter
let entries: TrailEntry[]
beforeEach(() => {
  mock = mockApi()
  entries = [entry(2), entry(1, { type: 1, origin: 1, changes: [] })]
  mock.onGet('/api/dictDetail/map').reply(200, {
    PARTY_MEMBER_UPLOAD: [
      { label: '新增', value: '1' },
      { label: '修改', value: '2' },
    ],
    PARTY_MEMBER_UPDATE: [
      { label: '系统导入', value: '1' },
      { label: '用户修改', value: '3' },
      { label: '用户还原', value: '5' },
    ],
  })
  mock.onGet('/api/x/7/trail').reply(() => [200, page(entries)])
})
afterEach(() => mock.restore())

const fetch = (p: number, size: number) => get<Page<TrailEntry>>('/api/x/7/trail', { page: p, size })

describe('ChangeTrail', { timeout: 20_000 }, () => {
  it('reads as sentences for the member: the day, the field label, old → new by name, no audit table', async () => {
    entries = [
      entry(2, {
        changes: [
          { field: 'org', label: '所在党组织', old: '计算机教工党支部', new: '数学教工党支部' },
          { field: 'phone', label: '手机号码', old: '', new: '139****5678' },
        ],
      }),
      entry(1, { type: 1, origin: 2, originLabel: '用户新增', summary: '[姓名]', changes: [{ field: 'name', label: '姓名', old: '', new: '张三' }] }),
    ]
    renderWithApp(<ChangeTrail queryKey={['trail', 's']} fetch={fetch} sentences />)
    // The skeleton's placeholder lines are list items too: wait for the sentences.
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        '2026-03-02 所在党组织由计算机教工党支部调整为数学教工党支部',
        '2026-03-02 手机号码登记为139****5678',
        '2026-03-01 建立党员信息（用户新增）',
      ]),
    )
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.queryByText('原值')).toBeNull()
  })


  it('shows who changed what when, with dictionary labels, and restores after confirmation', async () => {
    let restored: unknown
    mock.onPost('/api/x/trail/restore').reply((c) => {
      restored = JSON.parse(c.data)
      entries = [entry(3, { origin: 5, restoredFrom: 1, changes: [{ field: 'name', label: '姓名', old: '新2', new: '旧2' }] }), ...entries]
      return [200, {}]
    })
    const onRestored = vi.fn()
    renderWithApp(<ChangeTrail queryKey={['t', 7]} fetch={fetch} restore={(id) => post('/api/x/trail/restore', { trailId: id })} canRestore onRestored={onRestored} />)
    expect(await screen.findByText('旧2')).toBeTruthy()
    expect(screen.getByText('新2')).toBeTruthy()
    await waitFor(() => expect(screen.getByText('用户修改')).toBeTruthy())
    expect(screen.getByText('系统导入')).toBeTruthy()
    expect(screen.getAllByText('操作人：admin').length).toBe(2)

    // The newest entry is the current state: only earlier ones can be restored.
    const newest = document.querySelector('[data-trail-id="2"]') as HTMLElement
    expect(within(newest).queryByRole('button', { name: '还原到此版本' })).toBeNull()
    const older = document.querySelector('[data-trail-id="1"]') as HTMLElement
    fireEvent.click(within(older).getByRole('button', { name: '还原到此版本' }))
    expect(await screen.findByText(/确定把记录还原到/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(restored).toEqual({ trailId: 1 }))
    expect(await screen.findByText('用户还原')).toBeTruthy()
    expect(onRestored).toHaveBeenCalled()
  })

  it('cancelling a restore sends nothing; without permission there is no button', async () => {
    const restore = vi.fn(() => Promise.resolve())
    const view = renderWithApp(<ChangeTrail queryKey={['t', 8]} fetch={fetch} restore={restore} canRestore />)
    await screen.findByText('旧2')
    fireEvent.click(screen.getByRole('button', { name: '还原到此版本' }))
    await screen.findByText(/确定把记录还原到/)
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }))
    await gone(/确定把记录还原到/)
    expect(restore).not.toHaveBeenCalled()
    view.unmount()

    renderWithApp(<ChangeTrail queryKey={['t', 9]} fetch={fetch} restore={restore} canRestore={false} />)
    await screen.findByText('旧2')
    expect(screen.queryByRole('button', { name: '还原到此版本' })).toBeNull()
  })

  it('uses the labels the API gives and says when there is nothing', async () => {
    entries = [entry(1, { typeLabel: '新增记录', originLabel: '后台导入' })]
    const view = renderWithApp(<ChangeTrail queryKey={['t', 10]} fetch={fetch} />)
    expect(await screen.findByText('后台导入')).toBeTruthy()
    expect(screen.getByText('新增记录')).toBeTruthy()
    view.unmount()
    entries = []
    renderWithApp(<ChangeTrail queryKey={['t', 11]} fetch={fetch} />)
    expect(await screen.findByText('暂无变动记录')).toBeTruthy()
  })
})
