import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderWithApp } from '@/test/render'
import { makeUser } from '@/test/fixtures'
import { body, mockApi, page, signIn } from '@/test/api'
import UserPage from './index'

const DEPTS = page([{ id: 1, pid: null, name: '学校', sort: 0, enabled: true, createTime: '', children: [{ id: 2, pid: 1, name: '计算机学院', sort: 1, enabled: true, createTime: '' }] }])
const USERS = page([
  makeUser({
    id: 7,
    username: 'zhangsan',
    nickName: '张三',
    gender: '1',
    dept: { id: 2, name: '计算机学院' },
    org: { id: 31, name: '计算机教工党支部' },
    member: { id: 41, name: '张老三' },
    roleList: [{ id: 5, name: '党员' }],
    roles: [],
  }),
  makeUser({ id: 8, username: 'lisi', nickName: '李四', gender: '2', locked: true, roles: [] }),
])

let mock: MockAdapter
const lists: { url: string; params: unknown; body: unknown }[] = []

beforeEach(() => {
  lists.length = 0
  mock = mockApi()
  mock.onGet('/api/dept/ByNoAuth').reply(200, DEPTS)
  mock.onGet('/api/dictDetail/map').reply(200, { DJ_COMM_XB: [{ label: '男', value: '1' }, { label: '女', value: '2' }] })
  mock.onGet('/api/roles/all').reply(200, [{ id: 5, name: '党员', level: 4 }])
  mock.onPost(/\/api\/users\/list/).reply((c) => {
    lists.push({ url: c.url!, params: c.params, body: body(c) })
    return [200, USERS]
  })
})
afterEach(() => mock.restore())

const row = (text: string) => screen.getByText(text).closest('tr')!
const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))

const IMPORT_COLUMNS = [
  { key: 'username', label: '用户名', required: true },
  { key: 'nickName', label: '姓名', required: true },
  { key: 'phone', label: '手机号', required: false, personal: 'phone' },
  { key: 'dept', label: '部门名称', required: false },
]

const importBatch = (over: Record<string, unknown> = {}) => ({
  id: 9,
  kind: 'user',
  fileName: 'users.xlsx',
  state: 2,
  total: 2,
  newCount: 2,
  changedCount: 0,
  unchangedCount: 0,
  invalidCount: 0,
  createdBy: 1,
  createdAt: '2026-03-01T00:00:00Z',
  committedAt: null,
  ...over,
})

/** Opens the page's import (the staged import of kind `user`) and uploads a workbook; returns the dialog. */
async function importWorkbook(staged: ReturnType<typeof importBatch>, rows: unknown[] = []) {
  mock.onGet('/api/import/user/columns').reply(200, IMPORT_COLUMNS)
  mock.onPost('/api/import/user/batches').reply(200, staged)
  mock.onGet('/api/import/user/batches/9/rows').reply((c) => {
    const status = (c.params as { status?: string }).status
    return [200, page(rows.filter((r) => !status || (r as { status: string }).status === status))]
  })
  renderWithApp(<MemoryRouter><UserPage /></MemoryRouter>)
  await screen.findByText('张三')
  fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }))
  const dialog = await screen.findByRole('dialog')
  fireEvent.click(await within(dialog).findByRole('button', { name: /下一步/ }))
  const input = dialog.querySelector('input[type=file]') as HTMLInputElement
  fireEvent.change(input, { target: { files: [new File(['x'], 'users.xlsx')] } })
  expect(await within(dialog).findByText('总行数')).toBeTruthy()
  return dialog
}

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('system/user', { timeout: 20_000 }, () => {
  it('lists users, shows dictionary labels and filters by the clicked department', async () => {
    signIn(['admin'])
    renderWithApp(<MemoryRouter><UserPage /></MemoryRouter>)
    expect(await screen.findByText('张三')).toBeTruthy()
    expect(within(row('张三')).getByText('男')).toBeTruthy()
    expect(within(row('张三')).getByText('党员')).toBeTruthy()
    expect(within(row('李四')).getByText('已锁定')).toBeTruthy()
    expect(lists[0].body).toEqual({})

    fireEvent.click(await screen.findByText('计算机学院', { selector: '.ant-tree-title' }))
    await waitFor(() => expect(lists.at(-1)!.body).toEqual({ deptId: 2 }))

    fireEvent.change(screen.getByPlaceholderText('用户名、姓名、手机号或邮箱'), { target: { value: '张' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(lists.at(-1)!.body).toEqual({ blurry: '张', deptId: 2 }))
  })

  it('validates the new-user form in Chinese, then posts the body', async () => {
    signIn(['admin'])
    let posted: unknown
    mock.onPost('/api/users').reply((c) => {
      posted = body(c)
      return [201, { id: 9, username: 'wangwu', nickName: '王五', initialPassword: 'Xy7#kP2m!Q4z' }]
    })
    renderWithApp(<MemoryRouter><UserPage /></MemoryRouter>)
    await screen.findByText('张三')
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }))
    const dialog = await screen.findByRole('dialog')
    ok()
    expect(await within(dialog).findByText('请输入用户名')).toBeTruthy()
    expect(within(dialog).getByText('请输入姓名')).toBeTruthy()

    fireEvent.change(within(dialog).getByPlaceholderText('请输入用户名（工号或学号）'), { target: { value: 'wang wu' } })
    fireEvent.change(within(dialog).getByPlaceholderText('请输入手机号'), { target: { value: '123' } })
    ok()
    expect(await within(dialog).findByText('用户名须为2-64位字母、数字或 _ . @ -')).toBeTruthy()
    expect(within(dialog).getByText('请输入正确的手机号码')).toBeTruthy()
    expect(posted).toBeUndefined()

    fireEvent.change(within(dialog).getByPlaceholderText('请输入用户名（工号或学号）'), { target: { value: 'wangwu' } })
    fireEvent.change(within(dialog).getByPlaceholderText('请输入姓名'), { target: { value: '王五' } })
    fireEvent.change(within(dialog).getByPlaceholderText('请输入手机号'), { target: { value: '13800138000' } })
    ok()
    await waitFor(() =>
      expect(posted).toEqual({ username: 'wangwu', nickName: '王五', gender: '', phone: '13800138000', email: '', deptId: null, orgId: null, roleIds: [], enabled: true }),
    )
    // The generated initial password is shown once, with the warning and a copy button.
    expect((await screen.findByTestId('initial-password')).textContent).toBe('Xy7#kP2m!Q4z')
    expect(screen.getByText(/请妥善保管，关闭后将无法再次查看/)).toBeTruthy()
    expect(screen.getByRole('button', { name: /复制密码/ })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /我已保存，关闭/ }))
    await waitFor(() => expect(screen.queryByTestId('initial-password')).toBeNull())
  })

  it('resets a password and shows the new one once', async () => {
    signIn(['admin'])
    mock.onPost('/api/users/managerResetPass/').reply(200, { id: 7, username: 'zhangsan', nickName: '张三', initialPassword: 'Rs9@tW3n#Lq8' })
    renderWithApp(<MemoryRouter><UserPage /></MemoryRouter>)
    await screen.findByText('张三')
    fireEvent.click(within(row('张三')).getByRole('button', { name: /更多/ }))
    fireEvent.click(await screen.findByText('重置密码'))
    expect(await screen.findByText(/确定为用户“张三”生成新的初始密码吗/)).toBeTruthy()
    ok()
    expect((await screen.findByTestId('initial-password')).textContent).toBe('Rs9@tW3n#Lq8')
    expect(screen.getByText(/请妥善保管，关闭后将无法再次查看/)).toBeTruthy()
  })

  it('lists the initial passwords of imported accounts once, with print and download', async () => {
    signIn(['admin'])
    mock.onPost('/api/import/user/batches/9/commit').reply(200, {
      ...importBatch({ state: 3, committedAt: '2026-03-01T00:01:00Z' }),
      result: {
        passwords: [
          { id: 21, username: 'imp1', nickName: '导入一', initialPassword: 'Aa1!aaaaaaaa' },
          { id: 22, username: 'imp2', nickName: '导入二', initialPassword: 'Bb2@bbbbbbbb' },
        ],
      },
    })
    const dialog = await importWorkbook(importBatch())
    fireEvent.click(within(dialog).getByRole('button', { name: /下一步/ }))
    fireEvent.click(await within(dialog).findByRole('button', { name: /确认导入/ }))
    fireEvent.click(await screen.findByRole('button', { name: /确定导入/ }))
    expect(await screen.findByText('Bb2@bbbbbbbb')).toBeTruthy()
    expect(screen.getByText('导入一')).toBeTruthy()
    expect(screen.getByText(/请妥善保管，关闭后将无法再次查看/)).toBeTruthy()
    expect(screen.getByRole('button', { name: /打\s*印/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: /下\s*载$/ })).toBeTruthy()
  })

  it('edits with the current department and roles', async () => {
    signIn(['admin'])
    let sent: unknown
    mock.onPut('/api/users').reply((c) => {
      sent = body(c)
      return [204]
    })
    renderWithApp(<MemoryRouter><UserPage /></MemoryRouter>)
    await screen.findByText('张三')
    fireEvent.click(within(row('张三')).getByRole('button', { name: /编\s*辑/ }))
    const dialog = await screen.findByRole('dialog')
    expect((within(dialog).getByPlaceholderText('请输入姓名') as HTMLInputElement).value).toBe('张三')
    ok()
    await waitFor(() => expect(sent).toMatchObject({ id: 7, username: 'zhangsan', gender: '1', deptId: 2, orgId: 31, roleIds: [5], enabled: true }))
  })

  it('shows each account\'s 所在党组织 and member, and filters by the organisation', async () => {
    signIn(['admin'])
    mock.onGet('/api/common/dzz').reply(200, page([{ id: 31, pid: null, name: '计算机教工党支部', shortName: '', type: '5', typeLabel: '党支部', parentName: '' }]))
    renderWithApp(<MemoryRouter><UserPage /></MemoryRouter>)
    await screen.findByText('zhangsan')
    expect(within(row('zhangsan')).getByText('计算机教工党支部')).toBeTruthy()
    expect(within(row('zhangsan')).getByRole('link', { name: '张老三' }).getAttribute('href')).toContain('/dyjbxx/detail?id=41')
    fireEvent.mouseDown(screen.getAllByRole('combobox').find((c) => c.closest('.ant-form-item')?.textContent?.includes('所在党组织'))!)
    fireEvent.click(await screen.findByText('计算机教工党支部', { selector: '.ant-select-tree-title' }))
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(lists.at(-1)!.body).toEqual({ orgId: 31 }))
  })

  it('asks before deleting a row and sends its id', async () => {
    signIn(['admin'])
    let deleted: unknown
    mock.onDelete('/api/users').reply((c) => {
      deleted = body(c)
      return [204]
    })
    renderWithApp(<MemoryRouter><UserPage /></MemoryRouter>)
    await screen.findByText('张三')
    fireEvent.click(within(row('张三')).getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除用户“张三”吗？')).toBeTruthy()
    expect(deleted).toBeUndefined()
    ok()
    await waitFor(() => expect(deleted).toEqual([7]))
  })

  it('hides buttons the user lacks', async () => {
    signIn(['user:list'])
    renderWithApp(<MemoryRouter><UserPage /></MemoryRouter>)
    await screen.findByText('张三')
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull()
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy()
  })

  it('confirms before disabling through the switch', async () => {
    signIn(['user:list', 'user:edit'])
    let sent: unknown
    mock.onPut('/api/users/updateState').reply((c) => {
      sent = body(c)
      return [204]
    })
    renderWithApp(<MemoryRouter><UserPage /></MemoryRouter>)
    await screen.findByText('张三')
    fireEvent.click(within(row('张三')).getByRole('switch'))
    expect(await screen.findByText(/确定停用用户“张三”吗/)).toBeTruthy()
    ok()
    await waitFor(() => expect(sent).toEqual({ ids: [7], enabled: false }))
  })

  it('activates the chosen accounts of 未激活账号 in one call', async () => {
    signIn(['admin'])
    let sent: unknown
    mock.onPost('/api/users/registerNoEnterUser').reply((c) => {
      sent = body(c)
      return [204]
    })
    renderWithApp(<MemoryRouter><UserPage /></MemoryRouter>)
    await screen.findByText('张三')
    fireEvent.click(screen.getByText('未激活账号'))
    await waitFor(() => expect(lists.at(-1)!.url).toBe('/api/users/listNoEnterUser'))
    await screen.findByText('张三')
    const batch = screen.getByRole('button', { name: /批量激活/ })
    expect((batch as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(row('张三')).getByRole('checkbox'))
    fireEvent.click(within(row('李四')).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: /批量激活（2）/ }))
    expect(await screen.findByText(/确定激活选中的 2 个账号吗/)).toBeTruthy()
    ok()
    await waitFor(() => expect(sent).toEqual({ ids: [7, 8] }))
  })

  it('shows the invalid rows by column and imports nothing while they remain', async () => {
    signIn(['admin'])
    const bad = (id: number, rowNo: number, column: string, message: string) => ({
      id, rowNo, status: 'invalid', cells: { username: `u${rowNo}`, nickName: '某人', phone: '', dept: '' }, errors: [{ column, message }], changes: [], targetId: null,
    })
    const dialog = await importWorkbook(importBatch({ newCount: 0, invalidCount: 2 }), [
      bad(31, 3, 'phone', '请输入正确的手机号码'),
      bad(32, 5, 'dept', '部门“不存在学院”不存在'),
    ])
    expect(within(dialog).getByRole('tab', { name: '错误（2）' }).getAttribute('aria-selected')).toBe('true')
    const cells = await waitFor(() => {
      const found = dialog.querySelectorAll('[data-invalid="true"]')
      if (found.length !== 2) throw new Error('invalid cells not shown yet')
      return found
    })
    fireEvent.mouseEnter(cells[0])
    expect((await screen.findAllByText('请输入正确的手机号码')).length).toBeGreaterThan(0)
    fireEvent.click(within(dialog).getByRole('button', { name: /下一步/ }))
    expect(await within(dialog).findByText('还有 2 行数据有误')).toBeTruthy()
    expect((within(dialog).getByRole('button', { name: /确认导入/ }) as HTMLButtonElement).disabled).toBe(true)
  })

})
