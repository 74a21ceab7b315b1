import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { get, post, type Page } from '@/api/request'
import type { TrailEntry } from '@/components/trail/ChangeTrail'
import { mockApi, page } from '@/test/api'
import { trailEntry } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import DetailDrawer from './DetailDrawer'

interface Thing {
  name: string
}

const entry = (id: number) =>
  trailEntry({ id, changes: [{ field: 'name', label: '名称', old: `旧${id}`, new: `新${id}` }], createTime: `2026-03-0${id}T08:00:00Z` })

let mock: MockAdapter
let name: string
beforeEach(() => {
  mock = mockApi()
  name = '甲'
  mock.onGet('/api/thing/7').reply(() => [200, { name }])
  mock.onGet('/api/thing/8').reply(404, { message: '记录不存在' })
  mock.onGet('/api/thing/7/trail').reply(200, page([entry(2), entry(1)]))
})
afterEach(() => mock.restore())

function drawer(id: number, onChanged = vi.fn()) {
  return renderWithApp(
    <DetailDrawer<Thing>
      queryKey={['thing', 'detail', id]}
      load={() => get<Thing>(`/api/thing/${id}`)}
      title={(t) => `详情：${t.name}`}
      loadingTitle="详情"
      missing="记录不存在或不在您的管理范围内"
      info={(t) => <p>名称是{t.name}</p>}
      tabs={[{ key: 'own', label: '班子', children: <p>班子内容</p> }]}
      trail={{
        fetch: (p, size) => get<Page<TrailEntry>>(`/api/thing/${id}/trail`, { page: p, size }),
        restore: (trailId) => post('/api/thing/trail/restore', { trailId }),
        canRestore: true,
      }}
      onClose={() => {}}
      onChanged={onChanged}
    />,
  )
}

describe('DetailDrawer', { timeout: 20_000 }, () => {
  it('shows 基本信息, the page’s tabs and 变动轨迹; a restore reloads the record and tells the page', async () => {
    const onChanged = vi.fn()
    drawer(7, onChanged)
    expect(await screen.findByText('名称是甲')).toBeTruthy()
    expect(screen.getByText('详情：甲')).toBeTruthy()
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent)
    expect(tabs).toEqual(['基本信息', '班子', '变动轨迹'])

    mock.onPost('/api/thing/trail/restore').reply(() => {
      name = '乙'
      return [200, {}]
    })
    fireEvent.click(screen.getByRole('tab', { name: '变动轨迹' }))
    const older = await waitFor(() => {
      const el = document.querySelector('[data-trail-id="1"]') as HTMLElement | null
      expect(el).toBeTruthy()
      return el as HTMLElement
    })
    fireEvent.click(within(older).getByRole('button', { name: '还原到此版本' }))
    await screen.findByText(/确定把记录还原到/)
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(onChanged).toHaveBeenCalled())
    expect(await screen.findByText('详情：乙')).toBeTruthy()
  })

  it('says why when the record is missing or out of scope', async () => {
    drawer(8)
    expect(await screen.findByText('记录不存在或不在您的管理范围内')).toBeTruthy()
    expect(screen.getByText('详情')).toBeTruthy()
    expect(screen.queryByRole('tab')).toBeNull()
  })
})
