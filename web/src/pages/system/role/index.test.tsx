import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { menuNode, ok, row } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { formatTime } from '@/utils/time'
import { bodiesOf, body, mockApi, page, signIn } from '@/test/api'
import RolePage from './index'

const role = (id: number, name: string, over = {}) => ({
  id,
  name,
  description: '',
  level: 3,
  dataScope: 'LEVEL',
  dataScopeLabel: '本级',
  createTime: '2026-01-02T03:04:05Z',
  menus: [],
  depts: [],
  editable: true,
  ...over,
})
const TREE = [
  menuNode(1, null, 0, '系统管理', {}, [
    menuNode(2, 1, 1, '用户管理', {}, [menuNode(3, 2, 2, '查询', { permission: 'user:list' }), menuNode(4, 2, 2, '新增', { permission: 'user:add' })]),
  ]),
]

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/roles').reply(200, page([role(4, '党支部书记'), role(5, '党员', { dataScope: 'SELF', dataScopeLabel: '仅本人' })]))
  mock.onGet('/api/roles/4').reply(200, role(4, '党支部书记', { menus: [1, 2, 3] }))
  mock.onGet('/api/menus/tree').reply(200, TREE)
  mock.onGet('/api/dept/ByNoAuth').reply(200, page([{ id: 9, pid: null, name: '学校', sort: 0, enabled: true, createTime: '' }]))
})
afterEach(() => mock.restore())

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('system/role', { timeout: 20_000 }, () => {
  it('lists roles with their data scope', async () => {
    signIn(['admin'])
    renderWithApp(<RolePage />)
    expect(await screen.findByText('党支部书记')).toBeTruthy()
    expect(within(row('党支部书记')).getByText('本级')).toBeTruthy()
    expect(within(row('党员')).getByText('仅本人')).toBeTruthy()
    expect(within(row('党员')).getByText(formatTime('2026-01-02T03:04:05Z'))).toBeTruthy()
  })

  it('asks for a name, and for party organisations or departments when the scope is 自定义', async () => {
    signIn(['admin'])
    let posted: unknown
    mock.onPost('/api/roles').reply((c) => {
      posted = body(c)
      return [201, {}]
    })
    renderWithApp(<RolePage />)
    await screen.findByText('党员')
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }))
    const dialog = await screen.findByRole('dialog')
    ok()
    expect(await within(dialog).findByText('请输入角色名称')).toBeTruthy()

    fireEvent.change(within(dialog).getByPlaceholderText('请输入角色名称'), { target: { value: '院系管理员' } })
    // choose 自定义 in the data-scope select
    fireEvent.mouseDown(within(dialog).getByRole('combobox'))
    fireEvent.click(await screen.findByText('自定义', { selector: '.ant-select-item-option-content' }))
    expect(await within(dialog).findByText('数据党组织')).toBeTruthy()
    expect(within(dialog).getByText('数据部门')).toBeTruthy()
    ok()
    expect(await within(dialog).findByText('自定义数据范围须选择党组织或部门')).toBeTruthy()
    expect(posted).toBeUndefined()
  })

  it('edits a custom scope: the role\'s party organisations are read and saved with it', async () => {
    signIn(['admin'])
    mock.onGet('/api/roles').reply(200, page([role(7, '学院自定义', { dataScope: 'CUSTOM', dataScopeLabel: '自定义' })]))
    mock.onGet('/api/roles/7').reply(200, role(7, '学院自定义', { dataScope: 'CUSTOM', depts: [9] }))
    mock.onGet('/api/dzzxx/roleScope/7').reply(200, { roleId: 7, orgs: [{ id: 21, name: '计算机学院党委' }] })
    mock.onGet('/api/common/dzz').reply(
      200,
      page([
        { id: 20, pid: null, name: '学校党委', shortName: '', type: '1', typeLabel: '党委', parentName: '' },
        { id: 21, pid: 20, name: '计算机学院党委', shortName: '', type: '2', typeLabel: '二级党委', parentName: '学校党委' },
        { id: 22, pid: 20, name: '数学学院党委', shortName: '', type: '2', typeLabel: '二级党委', parentName: '学校党委' },
      ]),
    )
    const sent = bodiesOf(mock.onPut('/api/roles'), 204)
    renderWithApp(<RolePage />)
    await screen.findByText('学院自定义')
    fireEvent.click(within(row('学院自定义')).getByRole('button', { name: /编\s*辑/ }))
    const dialog = await screen.findByRole('dialog')
    // The stored organisation shows as a checked tag of the tree with check boxes.
    expect(await within(dialog).findByText('计算机学院党委')).toBeTruthy()
    ok()
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ id: 7, dataScope: 'CUSTOM', deptIds: [9], dzzIds: [21] })
  })

  it('saves the menu tree with the parents of checked buttons', async () => {
    signIn(['admin'])
    let saved: { id: number; menuIds: number[] } | undefined
    mock.onPut('/api/roles/menu').reply((c) => {
      saved = body(c) as typeof saved
      return [204]
    })
    renderWithApp(<RolePage />)
    await screen.findByText('党支部书记')
    fireEvent.click(within(row('党支部书记')).getByRole('button', { name: '分配菜单' }))
    expect(await screen.findByText('菜单分配：党支部书记')).toBeTruthy()
    await screen.findByText('查询（user:list）')
    // Only the stored leaf is ticked; its page and directory are half-checked, not fully checked.
    const box = (t: string) => screen.getByText(t).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!
    // The role's stored menus come by their own request: on a loaded machine the tree is drawn before them.
    await waitFor(() => expect(box('查询（user:list）').className).toContain('ant-tree-checkbox-checked'))
    expect(box('新增（user:add）').className).not.toContain('ant-tree-checkbox-checked')
    expect(box('用户管理 · 菜单').className).toContain('ant-tree-checkbox-indeterminate')

    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }))
    await waitFor(() => expect(saved?.id).toBe(4))
    expect([...saved!.menuIds].sort()).toEqual([1, 2, 3])

    fireEvent.click(box('新增（user:add）'))
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }))
    await waitFor(() => expect([...saved!.menuIds].sort()).toEqual([1, 2, 3, 4]))
  })

  it('asks before deleting and sends the id; hides what the user may not do', async () => {
    signIn(['admin'])
    let deleted: unknown
    mock.onDelete('/api/roles').reply((c) => {
      deleted = body(c)
      return [204]
    })
    const { unmount } = renderWithApp(<RolePage />)
    await screen.findByText('党员')
    fireEvent.click(within(row('党员')).getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除角色“党员”吗？仍有用户使用的角色不能删除')).toBeTruthy()
    ok()
    await waitFor(() => expect(deleted).toEqual([5]))
    unmount()

    signIn(['role:list'])
    renderWithApp(<RolePage />)
    await screen.findByText('党员')
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull()
  })

  it('shows roles the caller may not change read-only, whatever its permissions', async () => {
    signIn(['role:list', 'role:edit', 'role:del', 'menu:list'])
    mock.onGet('/api/roles').reply(200, page([role(4, '党支部书记', { editable: false, isSystem: true }), role(6, '本院角色')]))
    mock.onGet('/api/roles/4').reply(200, role(4, '党支部书记', { menus: [1, 2, 3], editable: false, isSystem: true }))
    renderWithApp(<RolePage />)
    await screen.findByText('本院角色')
    expect(within(row('党支部书记')).getByText('内置')).toBeTruthy()
    expect(within(row('党支部书记')).queryByRole('button', { name: /编\s*辑/ })).toBeNull()
    expect(within(row('党支部书记')).queryByRole('button', { name: /删\s*除/ })).toBeNull()
    expect(within(row('本院角色')).getByRole('button', { name: /编\s*辑/ })).toBeTruthy()
    expect(within(row('本院角色')).getByRole('button', { name: /删\s*除/ })).toBeTruthy()
    // Its menus are shown, without the buttons that would save them.
    fireEvent.click(within(row('党支部书记')).getByRole('button', { name: '分配菜单' }))
    await screen.findByText('查询（user:list）')
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /全\s*选/ })).toBeNull()
  })
})
