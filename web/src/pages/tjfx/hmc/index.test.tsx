import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PERM } from '@/api/permissions'
import { captureDownloads, exportsOf, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import RosterPrint from '../../print/hmc'
import type { QueryResult, Roster } from './api'
import RosterPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/common/dzz').reply(200, page([]))
  mock.onGet('/api/hmc/rosters').reply(200, rosters)
})
afterEach(() => mock.restore())

const rosters: Roster[] = [
  { key: 'members', title: '党员花名册', source: 'members', note: '党员状态正常的正式党员和预备党员', byOrg: true, columns: [{ key: 'name', label: '姓名' }, { key: 'org', label: '所在党组织' }] },
  { key: 'cadres', title: '干部花名册', source: 'cadres', note: '现任干部（按干部所在单位，不按党组织筛选）', byOrg: false, columns: [{ key: 'name', label: '姓名' }, { key: 'post', label: '现任职务' }] },
]

const rows = (names: string[], total = names.length): QueryResult => ({
  columns: [],
  content: names.map((name, i) => ({ id: i + 1, cells: { name, org: '计算机教工党支部', post: '院长' } })),
  totalElements: total,
})

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <RosterPage />
    </MemoryRouter>,
  )

describe('花名册', { timeout: 20_000 }, () => {
  it('lists a roster with its official columns, exports and prints it', async () => {
    signIn([PERM.hmcList, PERM.hmcExport])
    mock.onGet('/api/hmc/roster/members').reply(200, rows(['张三', '李四']))
    const exported = exportsOf(mock.onGet('/api/hmc/roster/members/export'))
    const downloads = captureDownloads()
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    try {
      renderPage()
      expect(await screen.findByText('张三')).toBeTruthy()
      expect(screen.getByText('所在党组织', { selector: 'th' })).toBeTruthy()
      expect(screen.getByText('共 2 人')).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }))
      await waitFor(() => expect(downloads.saved).toEqual(['党员花名册.xlsx']))
      expect(exported).toEqual([{}])
      fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }))
      expect(open.mock.calls[0][0]).toContain('/print/hmc?key=members')
    } finally {
      downloads.restore()
      open.mockRestore()
    }
  })

  it('says why a roster is empty, offers no export without the permission, and no organisation filter for cadres', async () => {
    signIn([PERM.hmcList])
    mock.onGet('/api/hmc/roster/members').reply(200, rows([]))
    mock.onGet('/api/hmc/roster/cadres').reply(200, rows(['赵院长']))
    renderPage()
    expect(await screen.findByText('管理范围内没有党员状态正常的正式党员和预备党员')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull()
    await waitFor(() => expect(screen.getByRole('button', { name: /打\s*印/ }).hasAttribute('disabled')).toBe(true))
    expect(screen.getByText('党组织', { selector: 'span' })).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: '干部花名册' }))
    expect(await screen.findByText('赵院长')).toBeTruthy()
    expect(screen.queryByText('党组织', { selector: 'span' })).toBeNull()
  })

  it('prints every page of the roster up to the limit', async () => {
    signIn([PERM.hmcList])
    const asked: unknown[] = []
    mock.onGet('/api/hmc/roster/members').reply((c) => {
      asked.push(c.params)
      const first = c.params.page === 0
      return [200, rows(first ? Array.from({ length: 100 }, (_, i) => `党员${i}`) : ['最后一人'], 101)]
    })
    renderWithApp(
      <MemoryRouter initialEntries={['/print/hmc?key=members&orgId=5']}>
        <RosterPrint />
      </MemoryRouter>,
    )
    expect(await screen.findByText('最后一人')).toBeTruthy()
    expect(screen.getByText('党员花名册', { selector: 'h1' })).toBeTruthy()
    expect(screen.getByText('101 人')).toBeTruthy()
    expect(asked).toEqual([
      { orgId: 5, page: 0, size: 100 },
      { orgId: 5, page: 1, size: 100 },
    ])
  })
})
