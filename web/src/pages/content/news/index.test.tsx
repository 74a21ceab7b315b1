import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ItemView } from '@/api/generated/content'
import { signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import NewsPage from './index'

const item = (over: Partial<ItemView> = {}): ItemView => ({
  id: 1,
  createTime: '2026-11-01T08:00:00Z',
  updateTime: '2026-11-01T08:00:00Z',
  kind: 'NEWS',
  column: '1',
  columnLabel: '工作动态',
  title: '学校党委召开理论学习中心组学习会',
  summary: '学习会',
  body: '<p>学习会</p>',
  orgId: 1,
  authorOrgId: 1,
  authorName: '组织部',
  roleIds: [],
  pinnedUntil: null,
  state: 'PUBLISHED',
  stateLabel: '已发布',
  submittedAt: null,
  publishedAt: '2026-11-02T08:00:00Z',
  reviewer: '组织部',
  reviewNote: '',
  orgName: '学校党委',
  pinned: false,
  ...over,
})

let mock: MockAdapter
let queries: Record<string, unknown>[]
beforeEach(() => {
  ;({ mock, queries } = mockListApi('/api/dwxw', [item(), item({ id: 2, title: '待审新闻', state: 'PENDING', stateLabel: '待审核' })], {
    dicts: { DJ_DWXW_LM: [{ label: '工作动态', value: '1' }] },
  }))
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <NewsPage />
    </MemoryRouter>,
  )

describe('content/news', { timeout: 30_000 }, () => {
  it('lists the items with their state and searches by keyword', async () => {
    signIn(['dwxw:list', 'dwxw:add', 'dwxw:edit', 'dwxw:publish'])
    renderPage()
    expect(await screen.findByText('学校党委召开理论学习中心组学习会')).toBeTruthy()
    expect(screen.getByText('已发布')).toBeTruthy()
    expect(screen.getByText('待审核')).toBeTruthy()
    fireEvent.change(screen.getByPlaceholderText('标题或摘要'), { target: { value: '学习' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ blurry: '学习' }))
  })

  it('a reader of the list gets no 新增 and no 发布', async () => {
    signIn(['dwxw:list'])
    renderPage()
    expect(await screen.findByText('待审新闻')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByText('发布')).toBeNull()
  })
})
