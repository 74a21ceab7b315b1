import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import type { RectifyView } from '../meeting/prepareApi'
import RectifyLedgerPage from './index'

const item = (over: Partial<RectifyView> = {}): RectifyView => ({
  id: 9,
  meetingId: 3,
  orgId: 7,
  content: '三会一课记录不规范',
  owner: '王书记',
  ownerMemberId: null,
  deadline: '2026-04-30',
  state: 1,
  closingNote: '',
  closedBy: '',
  closedAt: null,
  createTime: '',
  updateTime: '',
  orgName: '计算机教工党支部',
  meetingTopic: '年度组织生活会',
  meetingType: 'zzshh',
  meetingLink: '/orglife/zzshh?id=3',
  typeName: '组织生活会',
  heldOn: '2026-03-10',
  progressCount: 2,
  stateName: '已逾期',
  overdue: true,
  progress: [],
  ...over,
})

let mock: MockAdapter
let queries: Record<string, unknown>[]
beforeEach(() => {
  ;({ mock, queries } = mockListApi('/api/zzsh/rectify', [item()], { pages: { '/api/common/dzz': [] } }))
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <RectifyLedgerPage />
    </MemoryRouter>,
  )

describe('orglife/rectify', { timeout: 30_000 }, () => {
  it('lists the scope’s items with their meeting and state, searches by keyword, and adds nothing', async () => {
    signIn(['hy:list'])
    renderPage()
    expect(await screen.findByText('三会一课记录不规范')).toBeTruthy()
    expect(screen.getByText('组织生活会：年度组织生活会')).toBeTruthy()
    expect(screen.getByText('已逾期')).toBeTruthy()
    expect(screen.getByText('查看会议').getAttribute('href')).toMatch(/\/orglife\/zzshh\?id=3$/)
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull()
    fireEvent.change(screen.getByPlaceholderText('整改事项或责任人'), { target: { value: '王书记' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: 0, size: 10, sort: [], blurry: '王书记' }))
  })

  it('offers the export to holders of hy:export', async () => {
    signIn(['hy:list', 'hy:export'])
    renderPage()
    expect(await screen.findByRole('button', { name: /导\s*出/ })).toBeTruthy()
  })
})
