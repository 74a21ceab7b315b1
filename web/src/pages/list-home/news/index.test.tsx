import { fireEvent, screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ReadView } from '@/api/generated/content'
import { signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import MemberNewsPage from './index'

const row = (over: Partial<ReadView> = {}): ReadView => ({
  id: 1,
  createTime: '2026-11-01T08:00:00Z',
  updateTime: '2026-11-01T08:00:00Z',
  kind: 'NEWS',
  column: '1',
  columnLabel: '工作动态',
  title: '计算机学院党委开展检查',
  summary: '学院党委对各党支部进行检查',
  body: '',
  orgId: 2,
  authorOrgId: 2,
  authorName: '学院党委',
  roleIds: [],
  pinnedUntil: null,
  state: 'PUBLISHED',
  stateLabel: '已发布',
  submittedAt: null,
  publishedAt: '2026-11-02T08:00:00Z',
  reviewer: '',
  reviewNote: '',
  orgName: '计算机学院党委',
  pinned: false,
  read: false,
  ...over,
})

let mock: MockAdapter
let queries: Record<string, unknown>[]
let opened = 0
beforeEach(() => {
  opened = 0
  ;({ mock, queries } = mockListApi('/api/content/items', [row(), row({ id: 2, title: '置顶通知', pinned: true, read: true })]))
  mock.onGet('/api/content/items/1').reply(() => {
    opened++
    return [200, row({ body: '<p>检查正文</p>', read: true })]
  })
  mock.onGet('/api/content/items/1/attachments').reply(200, [{ id: 7, name: '检查通知.pdf' }])
})
afterEach(() => mock.restore())

describe('list-home/news', { timeout: 30_000 }, () => {
  it('lists what is published to the member, unread marked, and opening one reads it', async () => {
    signIn(['content:read'])
    renderWithApp(
      <MemoryRouter>
        <MemberNewsPage />
      </MemoryRouter>,
    )
    expect(await screen.findByText('计算机学院党委开展检查')).toBeTruthy()
    expect(queries[0]).toMatchObject({ kind: 'NEWS' })
    expect(screen.getAllByText('未读')).toHaveLength(1)
    expect(screen.getByText('置顶')).toBeTruthy()
    fireEvent.click(screen.getByText('计算机学院党委开展检查'))
    expect(await screen.findByText('检查正文')).toBeTruthy()
    expect(await screen.findByRole('button', { name: '检查通知.pdf' })).toBeTruthy()
    expect(opened).toBe(1)
  })
})
