import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { captureDownloads, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import DocPage, { type Doc } from './index'

const doc = (over: Partial<Doc> = {}): Doc => ({
  id: 5,
  orgId: 2,
  orgName: '计算机学院党委',
  category: '1',
  categoryLabel: '表格模板',
  title: '入党申请书模板',
  fileId: 9,
  fileName: '入党申请书模板.docx',
  roleIds: [],
  downloads: 3,
  remark: '',
  createTime: '2026-11-01T08:00:00Z',
  updateTime: '2026-11-01T08:00:00Z',
  ...over,
})

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <DocPage />
    </MemoryRouter>,
  )

describe('library/wjxz', { timeout: 30_000 }, () => {
  it('a reader lists the visible documents and downloads one through the counting route', async () => {
    signIn(['wjxz:list'])
    mock.onGet('/api/wjxz/visible').reply(200, page([doc()]))
    mock.onGet('/api/wjxz/5/download').reply(200, new Blob(['x']), { 'content-disposition': "attachment; filename*=UTF-8''a.docx" })
    const { saved, restore } = captureDownloads()
    renderPage()
    expect(await screen.findByText('入党申请书模板')).toBeTruthy()
    expect(screen.queryByText('发布管理')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /下\s*载/ }))
    await waitFor(() => expect(saved.length).toBe(1))
    restore()
  })

  it('says why the list is empty', async () => {
    signIn(['wjxz:list'])
    mock.onGet('/api/wjxz/visible').reply(200, page([]))
    renderPage()
    expect(await screen.findByText('暂无向您所在党组织发布的文件')).toBeTruthy()
  })

  it('a publisher also sees the management tab', async () => {
    signIn(['wjxz:list', 'wjxz:add'])
    mock.onGet('/api/wjxz/visible').reply(200, page([]))
    renderPage()
    expect(await screen.findByText('发布管理')).toBeTruthy()
  })
})
