import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import dayjs from 'dayjs'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { termEnd } from './components/TermEnd'
import OrgPage from './index'
import { ok } from '@/test/page'

const node = (id: number, pid: number | null, name: string, type: string, memberCount: number, fullCount: number, children?: unknown[]) => ({
  id,
  pid,
  code: `C${id}`,
  name,
  shortName: '',
  type,
  typeLabel: type === '1' ? '党委' : type === '2' ? '二级党委' : '党支部',
  category: '',
  status: '1',
  sort: id,
  memberCount,
  fullCount,
  totalCount: memberCount,
  children,
})

const TREE = [node(1, null, '中共测试大学委员会', '1', 0, 0, [node(2, 1, '计算机学院党委', '2', 0, 0, [node(3, 2, '计算机教工党支部', '5', 12, 9), node(4, 2, '计算机学生党支部', '5', 2, 1)])])]

let mock: MockAdapter
const treeQueries: unknown[] = []
beforeEach(() => {
  treeQueries.length = 0
  mock = mockApi()
  mock.onGet('/api/dzzxx/buildtree').reply((c) => {
    treeQueries.push(c.params)
    return [200, TREE]
  })
  mock.onGet('/api/dictDetail/map').reply(200, {
    DZZ_LX: [
      { label: '党委', value: '1' },
      { label: '二级党委', value: '2' },
      { label: '党支部', value: '5' },
    ],
    DZZ_LB: [],
  })
  mock.onGet('/api/common/dzz').reply(
    200,
    page(TREE.flatMap(function walk(n: ReturnType<typeof node>): ReturnType<typeof node>[] {
      return [n, ...((n.children as ReturnType<typeof node>[] | undefined) ?? []).flatMap(walk)]
    })),
  )
  mock.onGet('/api/dept/ByNoAuth').reply(200, page([]))
})
afterEach(() => mock.restore())

const row = (t: string) => screen.getByText(t).closest('tr')!
const expand = (t: string) => fireEvent.click(row(t).querySelector('button.ant-table-row-expand-icon')!)

describe('party/dzz', { timeout: 30_000 }, () => {
  it('computes the term end from start and years', () => {
    expect(termEnd(dayjs('2024-03-01'), 3)).toBe('2027-03-01')
    expect(termEnd(dayjs('2024-02-29'), 5)).toBe('2029-03-01')
    expect(termEnd(null, 3)).toBe('')
  })

  it('shows the tree with member counts and filters by name', async () => {
    signIn(['admin'])
    renderWithApp(
      <MemoryRouter>
        <OrgPage />
      </MemoryRouter>,
    )
    expect(await screen.findByText('中共测试大学委员会')).toBeTruthy()
    expect(screen.getByText('共 4 条')).toBeTruthy()
    expect(document.querySelector('.ant-pagination')).toBeNull()
    expand(await screen.findByText('计算机学院党委').then((e) => e.textContent!))
    expect(within(await screen.findByText('计算机教工党支部').then((e) => e.closest('tr')!)).getByText('12（正式 9）')).toBeTruthy()

    fireEvent.change(screen.getByPlaceholderText('名称或简称'), { target: { value: '计算机' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(treeQueries.at(-1)).toEqual({ name: '计算机' }))
  })

  it('merges the selected organisations into a target after explaining what happens', async () => {
    signIn(['admin'])
    let merged: unknown
    mock.onPost('/api/dzzxx/merge').reply((c) => {
      merged = body(c)
      return [200, { membersMoved: 2, childrenMoved: 0 }]
    })
    renderWithApp(
      <MemoryRouter>
        <OrgPage />
      </MemoryRouter>,
    )
    await screen.findByText('中共测试大学委员会')
    expand(await screen.findByText('计算机学院党委').then((e) => e.textContent!))
    await screen.findByText('计算机学生党支部')
    fireEvent.click(within(row('计算机学生党支部')).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: '合并选中' }))
    const dialog = (await screen.findByText('合并党组织')).closest('.ant-modal') as HTMLElement
    expect(within(dialog).getByText(/被合并组织自动撤销/)).toBeTruthy()
    expect(within(dialog).getByText('计算机学生党支部（2人）')).toBeTruthy()
    ok(dialog)
    expect(await within(dialog).findByText('请选择合并到的党组织')).toBeTruthy()
    fireEvent.mouseDown(within(dialog).getByRole('combobox'))
    // The source itself cannot be the target.
    const source = await screen.findByText('计算机学生党支部', { selector: '.ant-select-tree-title' })
    expect(source.closest('.ant-select-tree-treenode')!.className).toMatch(/disabled/)
    fireEvent.click(await screen.findByText('计算机教工党支部', { selector: '.ant-select-tree-title' }))
    ok(dialog)
    await waitFor(() => expect(merged).toEqual({ sourceIds: [4], targetId: 3 }))
  })

  it('revokes with a date, and hides operations without permissions', async () => {
    signIn(['dzz:list', 'dzz:del'])
    let revoked: unknown
    mock.onPost('/api/dzzxx/revoke').reply((c) => {
      revoked = body(c)
      return [200, {}]
    })
    renderWithApp(
      <MemoryRouter>
        <OrgPage />
      </MemoryRouter>,
    )
    await screen.findByText('中共测试大学委员会')
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull()
    expect(within(row('中共测试大学委员会')).queryByRole('button', { name: '编辑' })).toBeNull()
    fireEvent.mouseEnter(within(row('中共测试大学委员会')).getByRole('button', { name: /更多/ }))
    fireEvent.click(await screen.findByText('撤销', { selector: '.ant-dropdown-menu-title-content' }))
    const dialog = (await screen.findByText('撤销：中共测试大学委员会')).closest('.ant-modal') as HTMLElement
    expect(within(dialog).getByText(/还有党员或未撤销的下级党组织时不能撤销/)).toBeTruthy()
    ok(dialog)
    await waitFor(() => expect(revoked).toEqual({ id: 1, revokedOn: dayjs().format('YYYY-MM-DD') }))
  })
})
