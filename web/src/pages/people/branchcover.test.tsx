import { screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/test/api'
import { dictOptions, mockListApi, type ListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import { UNCOVERED_TEXT } from './shared/CoverageNotice'
import StudentPage from './xsjbxx'

let api: ListApi
beforeEach(() => {
  api = mockListApi('/api/xsjbxx', [], { dicts: { DJ_COMM_XB: dictOptions('男', '女'), XS_ZT: dictOptions('在读') } })
})
afterEach(() => api.mock.restore())

const open = () =>
  renderWithApp(
    <MemoryRouter>
      <StudentPage />
    </MemoryRouter>,
  )

describe('people lists and the branch coverage', { timeout: 30_000 }, () => {
  it('tells a branch secretary without coverage why they see only their members and who sets it', async () => {
    signIn(['ry:list'])
    api.mock.onGet('/api/ry/coverage/mine').reply(200, { branch: true, uncovered: ['计算机本科生第一党支部'] })
    open()
    expect(await screen.findByText(UNCOVERED_TEXT)).toBeTruthy()
    expect(UNCOVERED_TEXT).toBe('本支部尚未设置覆盖范围，暂按本支部党员所在的班级、单位显示；请联系上级党委在「党组织」中设置覆盖的班级/单位')
  })

  it('says the list is the coverage once set, and nothing to a committee', async () => {
    signIn(['ry:list'])
    api.mock.onGet('/api/ry/coverage/mine').replyOnce(200, { branch: true, uncovered: [] })
    const { unmount } = open()
    expect(await screen.findByText(/仅显示本支部覆盖范围内的人员/)).toBeTruthy()
    unmount()
  })

  it('shows nothing to a caller above a branch', async () => {
    signIn(['ry:list'])
    api.mock.onGet('/api/ry/coverage/mine').reply(200, { branch: false, uncovered: [] })
    open()
    await waitFor(() => expect(api.queries.length).toBeGreaterThan(0))
    expect(screen.queryByText(UNCOVERED_TEXT)).toBeNull()
    expect(screen.queryByText(/仅显示本支部覆盖范围内的人员/)).toBeNull()
  })
})
