import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ok, row } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { body, mockApi, page, signIn } from '@/test/api'
import DeptPage from './index'

const d = (id: number, pid: number | null, name: string, children?: unknown[], enabled = true) => ({ id, pid, name, sort: id, enabled, createTime: '2026-01-01T00:00:00Z', children })
const TREE = page([d(1, null, '学校', [d(2, 1, '计算机学院', [d(4, 2, '软件工程系')]), d(3, 1, '已撤销学院', undefined, false)])])

let mock: MockAdapter
const queries: unknown[] = []
beforeEach(() => {
  queries.length = 0
  mock = mockApi()
  mock.onGet('/api/dept').reply((c) => {
    queries.push(c.params)
    return [200, TREE]
  })
})
afterEach(() => mock.restore())

const expand = (t: string) => fireEvent.click(row(t).querySelector('button.ant-table-row-expand-icon')!)

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('system/dept', { timeout: 20_000 }, () => {
  it('shows the tree with states and filters by name', async () => {
    signIn(['admin'])
    renderWithApp(<DeptPage />)
    expect(await screen.findByText('学校')).toBeTruthy()
    expect(screen.getByText('共 4 条')).toBeTruthy()
    expand('学校')
    expect(within(await screen.findByText('已撤销学院').then((e) => e.closest('tr')!)).getByText('停用')).toBeTruthy()

    fireEvent.change(screen.getByPlaceholderText('请输入部门名称'), { target: { value: '计算机' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toEqual({ name: '计算机' }))
  })

  it('requires a name and creates below the chosen parent', async () => {
    signIn(['admin'])
    let posted: unknown
    mock.onPost('/api/dept').reply((c) => {
      posted = body(c)
      return [201, {}]
    })
    renderWithApp(<DeptPage />)
    await screen.findByText('学校')
    fireEvent.click(within(row('学校')).getByRole('button', { name: '新增下级' }))
    const dialog = await screen.findByRole('dialog')
    ok()
    expect(await within(dialog).findByText('请输入部门名称')).toBeTruthy()
    fireEvent.change(within(dialog).getByPlaceholderText('请输入部门名称'), { target: { value: '马克思主义学院' } })
    ok()
    await waitFor(() => expect(posted).toEqual({ name: '马克思主义学院', pid: 1, sort: 999, enabled: true }))
  })

  it('deletes a leaf after confirmation; a parent cannot be deleted', async () => {
    signIn(['admin'])
    let deleted: unknown
    mock.onDelete('/api/dept').reply((c) => {
      deleted = body(c)
      return [204]
    })
    renderWithApp(<DeptPage />)
    await screen.findByText('学校')
    expect((within(row('学校')).getByRole('button', { name: /删\s*除/ }) as HTMLButtonElement).disabled).toBe(true)
    expand('学校')
    await screen.findByText('已撤销学院')
    fireEvent.click(within(row('已撤销学院')).getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除部门“已撤销学院”吗？部门下还有用户时不能删除')).toBeTruthy()
    ok()
    await waitFor(() => expect(deleted).toEqual([3]))
  })

  it('hides buttons without permissions', async () => {
    signIn(['dept:list', 'dept:edit'])
    renderWithApp(<DeptPage />)
    await screen.findByText('学校')
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull()
    expect(within(row('学校')).getByRole('button', { name: /编\s*辑/ })).toBeTruthy()
  })
})
