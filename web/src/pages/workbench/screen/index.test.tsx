import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PERM } from '@/api/permissions'
import type { Signature } from '@/api/generated/bigscreen'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { usePermissionStore } from '@/stores/permission'
import BigScreenView, { LOADER_MS } from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn([PERM.dpView])
  usePermissionStore.setState({
    routes: [
      {
        path: '/workbench/djjsc/zhdt',
        component: 'workbench/screen',
        top: '/workbench/djjsc',
        meta: { title: '综合地图', extpath: '/dv1', trail: ['党建驾驶舱', '综合地图'] },
      },
    ],
  })
})
afterEach(() => {
  vi.useRealTimers()
  mock.restore()
  usePermissionStore.getState().reset()
})

const signature: Signature = { timestamp: '1796100000000', platformCode: 'dj.7', sign: 'ab'.repeat(32), path: '/dv1', expiresIn: 300 }

const open = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/workbench/djjsc/zhdt']}>
      <BigScreenView />
    </MemoryRouter>,
  )

describe('驾驶舱 (big-screen view)', { timeout: 20_000 }, () => {
  it('frames the signed hash route of its external path', async () => {
    const asked: unknown[] = []
    mock.onGet('/api/bigscreen/sign').reply((c) => {
      asked.push(c.params)
      return [200, signature]
    })
    open()
    const frame = await screen.findByTitle('驾驶舱')
    expect(frame.getAttribute('src')).toBe(`/bigscreen/index.html#/dv1?timestamp=1796100000000&platformCode=dj.7&sign=${'ab'.repeat(32)}`)
    expect(asked).toEqual([{ path: '/dv1' }])
  })

  it('hides the loading indicator after 230 ms', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    mock.onGet('/api/bigscreen/sign').reply(200, signature)
    open()
    expect(screen.getByTestId('bigscreen-loader')).toBeTruthy()
    act(() => vi.advanceTimersByTime(LOADER_MS - 1))
    expect(screen.queryByTestId('bigscreen-loader')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByTestId('bigscreen-loader')).toBeNull()
  })

  it('toggles full screen on its frame', async () => {
    mock.onGet('/api/bigscreen/sign').reply(200, signature)
    const request = vi.fn(() => Promise.resolve())
    const orig = HTMLElement.prototype.requestFullscreen
    HTMLElement.prototype.requestFullscreen = request
    try {
      open()
      await screen.findByTitle('驾驶舱')
      fireEvent.click(screen.getByRole('button', { name: '全屏' }))
      expect(request).toHaveBeenCalledTimes(1)
    } finally {
      HTMLElement.prototype.requestFullscreen = orig
    }
  })

  it('shows why when no signature is given, and no frame', async () => {
    mock.onGet('/api/bigscreen/sign').reply(403, { status: 403, message: '没有权限查看该驾驶舱' })
    open()
    expect(await screen.findByText('驾驶舱签名获取失败')).toBeTruthy()
    expect(screen.queryByTitle('驾驶舱')).toBeNull()
  })

  it('offers 编辑示意图 on the party map to holders of its permission only', async () => {
    mock.onGet('/api/bigscreen/sign').reply(200, signature)
    open()
    await screen.findByTitle('驾驶舱')
    expect(screen.queryByRole('button', { name: /编辑示意图/ })).toBeNull()
    cleanup()
    signIn([PERM.dpView, PERM.dpMapEdit])
    mock.onGet('/api/bigscreen/campus-map').reply(200, { campuses: [], orgNames: {} })
    open()
    fireEvent.click(await screen.findByRole('button', { name: /编辑示意图/ }))
    expect(await screen.findByText('编辑校区示意图')).toBeTruthy()
  })
})
