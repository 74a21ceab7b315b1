import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import HelpDocument from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn([])
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <HelpDocument />
    </MemoryRouter>,
  )

describe('help/document', { timeout: 30_000 }, () => {
  it('shows the caller’s sections with a table of contents and a print button', async () => {
    mock.onGet('/api/bzwd/mine').reply(200, [
      { id: 1, title: '系统总览', body: '<p>登录后首页显示待办。</p>' },
      { id: 2, title: '党员指南', body: '<p>在“我的党费”中缴纳党费。</p>' },
    ])
    renderPage()
    expect(await screen.findByText('登录后首页显示待办。')).toBeTruthy()
    expect(screen.getAllByText('党员指南').length).toBe(2) // the contents and the heading
    expect(document.getElementById('help-section-2')).toBeTruthy()
    expect(screen.getByRole('button', { name: /打\s*印/ })).toBeTruthy()
  })

  it('says why the manual is empty', async () => {
    mock.onGet('/api/bzwd/mine').reply(200, [])
    renderPage()
    expect(await screen.findByText('暂无适用于您角色的帮助文档，请联系组织部维护')).toBeTruthy()
  })
})
