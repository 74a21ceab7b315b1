import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import IFrameLinkShow from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn([])
})
afterEach(() => mock.restore())

const renderAt = (url: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[`/iFrameLinkShow?url=${encodeURIComponent(url)}`]}>
      <IFrameLinkShow />
    </MemoryRouter>,
  )

describe('iFrameLinkShow', { timeout: 30_000 }, () => {
  it('frames an allowlisted link the server accepted', async () => {
    mock.onGet('/api/library/frame').reply((c) => [200, { allowed: true, url: (c.params as { url: string }).url, message: '' }])
    renderAt('https://www.12371.cn/a.shtml')
    const frame = await screen.findByTitle('外部链接')
    expect(frame.getAttribute('src')).toBe('https://www.12371.cn/a.shtml')
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts')
  })

  it('shows the server’s Chinese message and no frame for a host off the list', async () => {
    mock.onGet('/api/library/frame').reply(200, { allowed: false, url: '', message: '该链接的域名（evil.example.com）不在系统允许的外部链接范围内，请联系管理员' })
    renderAt('https://evil.example.com/')
    expect(await screen.findByText(/不在系统允许的外部链接范围内/)).toBeTruthy()
    expect(screen.queryByTitle('外部链接')).toBeNull()
  })
})
