import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, page, signIn } from '@/test/api'
import { trailEntry } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import OrgPage from './dzz'
import OrgTrailPage from './dzztrail'
import MemberTrailPage from './dytrail'

const entry = (over: Record<string, unknown>) => trailEntry({ recordName: '张三', ...over })

/** Shows where the app went, for the links of the trail pages. */
function Where() {
  const loc = useLocation()
  return <div data-testid="where">{loc.pathname + loc.search}</div>
}

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/dictDetail/map').reply(200, {})
})
afterEach(() => mock.restore())

describe('party/dytrail', { timeout: 30_000 }, () => {
  it('lists the changes of every member and links a name to the member detail', async () => {
    signIn(['dy:list'])
    const queries: unknown[] = []
    mock.onGet('/api/dyjbxx/trail').reply((c) => {
      queries.push(c.params)
      return [200, page([entry({})])]
    })
    renderWithApp(
      <MemoryRouter initialEntries={['/party/dytrail']}>
        <Routes>
          <Route path="/party/dytrail" element={<MemberTrailPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    )
    expect(await screen.findByText('张三')).toBeTruthy()
    expect(screen.getByText('手机号码')).toBeTruthy()
    fireEvent.change(screen.getByPlaceholderText('请输入党员姓名'), { target: { value: '张' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: 0, size: 10, sort: [], blurry: '张' }))
    fireEvent.click(screen.getByRole('button', { name: '张三' }))
    expect((await screen.findByTestId('where')).textContent).toBe('/dyjbxx/detail?id=7')
  })

  it('shows the empty state', async () => {
    signIn(['dy:list'])
    mock.onGet('/api/dyjbxx/trail').reply(200, page([]))
    renderWithApp(
      <MemoryRouter>
        <MemberTrailPage />
      </MemoryRouter>,
    )
    expect(await screen.findByText('暂无变动记录')).toBeTruthy()
  })
})

describe('party/dzztrail', { timeout: 30_000 }, () => {
  it("links an organisation to the tree with that organisation's detail open, and closing drops the link", async () => {
    signIn(['dzz:list'])
    mock.onGet('/api/dzzxx/trail').reply(200, page([entry({ recordId: 3, recordName: '计算机教工党支部', changes: [] })]))
    mock.onGet('/api/dzzxx/buildtree').reply(200, [])
    mock.onGet('/api/dzzxx/3').reply(200, {
      id: 3,
      pid: null,
      code: 'C3',
      name: '计算机教工党支部',
      type: '5',
      typeLabel: '党支部',
      status: '1',
      statusLabel: '正常',
      committee: [],
      ancestors: [],
      warnings: [],
      termYears: 3,
    })
    mock.onGet('/api/dzzxx/3/trail').reply(200, page([]))
    renderWithApp(
      <MemoryRouter initialEntries={['/party/dzztrail']}>
        <Routes>
          <Route path="/party/dzztrail" element={<OrgTrailPage />} />
          <Route
            path="/party/dzz"
            element={
              <>
                <OrgPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    )
    fireEvent.click(await screen.findByRole('button', { name: '计算机教工党支部' }))
    expect((await screen.findByTestId('where')).textContent).toBe('/party/dzz?id=3')
    const drawer = await screen.findByRole('dialog')
    await waitFor(() => expect(drawer.textContent).toContain('计算机教工党支部'))
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/party/dzz'))
  })
})
