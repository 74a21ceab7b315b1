import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expander, menuNode, ok, row } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { bodiesOf, mockApi, signIn } from '@/test/api'
import MenuPage from './index'

const TREE = [
  menuNode(1, null, 0, '系统管理', { path: '/system', icon: 'setting' }, [
    menuNode(2, 1, 1, '用户管理', { path: 'user', component: 'system/user' }, [menuNode(3, 2, 2, '新增用户', { permission: 'user:add' }), menuNode(4, 2, 2, '删除用户', { permission: 'user:del' })]),
  ]),
  menuNode(5, null, 0, '帮助', { path: '/help' }, []),
]

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/menus/tree').reply(200, TREE)
  mock.onGet('/api/menus/myTree').reply(200, [])
  mock.onGet('/api/menus/workbenches').reply(200, [{ value: 'party', label: '党建' }, { value: 'system', label: '系统' }])
})
afterEach(() => mock.restore())

const ADD = /新\s*增$/

/** Signs in with these permissions and waits for the tree to show. */
async function open(roles: string[]) {
  signIn(roles)
  renderWithApp(<MenuPage />)
  expect(await screen.findByText('系统管理')).toBeTruthy()
}

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('system/menu', { timeout: 20_000 }, () => {
  it('shows the tree and expands to the buttons', async () => {
    await open(['admin'])
    expect(screen.getByText('共 5 条')).toBeTruthy()
    // 帮助 has no children: no expand arrow
    expect(expander(row('帮助'))).toBeNull()
    fireEvent.click(expander(row('系统管理'))!)
    fireEvent.click(expander(await screen.findByText('用户管理').then((e) => e.closest('tr')!))!)
    expect(await screen.findByText('user:add')).toBeTruthy()
  })

  it('shows fields by type and requires a permission for buttons', async () => {
    const posted = bodiesOf(mock.onPost('/api/menus'), 201)
    await open(['admin'])
    fireEvent.click(screen.getByRole('button', { name: ADD }))
    const dialog = await screen.findByRole('dialog')
    // a directory: path and icon, no component or permission
    expect(within(dialog).getByText('路由地址')).toBeTruthy()
    expect(within(dialog).queryByText('组件路径')).toBeNull()
    expect(within(dialog).queryByText('权限标识')).toBeNull()
    // a first-level directory names its mode of the top bar
    expect(within(dialog).getByText('所属工作台')).toBeTruthy()
    fireEvent.change(within(dialog).getByPlaceholderText('请输入名称'), { target: { value: '干部管理' } })
    fireEvent.change(within(dialog).getByPlaceholderText('如 /system'), { target: { value: '/cadre' } })
    ok()
    expect(await within(dialog).findByText('请选择一级菜单所属的工作台')).toBeTruthy()

    fireEvent.click(within(dialog).getByText('按钮'))
    await waitFor(() => expect(within(dialog).queryByText('路由地址')).toBeNull())
    expect(within(dialog).getByText('权限标识')).toBeTruthy()
    expect(within(dialog).queryByText('所属工作台')).toBeNull()
    fireEvent.change(within(dialog).getByPlaceholderText('请输入名称'), { target: { value: '导出' } })
    ok()
    expect(await within(dialog).findByText('按钮须填写权限标识，如 user:add')).toBeTruthy()
    expect(within(dialog).getByText('请选择按钮所属的菜单')).toBeTruthy()
    expect(posted).toEqual([])
  })

  it('adds a button below a page from the row', async () => {
    const posted = bodiesOf(mock.onPost('/api/menus'), 201)
    await open(['admin'])
    fireEvent.click(expander(row('系统管理'))!)
    fireEvent.click(within(await screen.findByText('用户管理').then((e) => e.closest('tr')!)).getByRole('button', { name: '新增下级' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('权限标识')).toBeTruthy()
    fireEvent.change(within(dialog).getByPlaceholderText('请输入名称'), { target: { value: '导出' } })
    fireEvent.change(within(dialog).getByPlaceholderText('如 user:add'), { target: { value: 'user:export' } })
    ok()
    await waitFor(() => expect(posted[0]).toMatchObject({ pid: 2, type: 2, title: '导出', permission: 'user:export', path: '', component: '' }))
  })

  it('warns that children go too, then deletes the id', async () => {
    const deleted = bodiesOf<number[]>(mock.onDelete('/api/menus'), 204)
    await open(['admin'])
    fireEvent.click(within(row('系统管理')).getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('“系统管理”下还有 3 个子菜单或按钮，将一并删除，且不可恢复。')).toBeTruthy()
    ok()
    await waitFor(() => expect(deleted).toEqual([[1]]))
  })

  it('hides editing without permissions', async () => {
    await open(['menu:list'])
    expect(screen.queryByRole('button', { name: ADD })).toBeNull()
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull()
  })
})
