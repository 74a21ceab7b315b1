import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import { body, mockApi, page, signIn } from '@/test/api'
import MessageAdminPage, { isValidNoticeLink } from './index'

let mock: MockAdapter
const searches: { body: unknown; params: unknown }[] = []
beforeEach(() => {
  searches.length = 0
  mock = mockApi()
  mock.onGet('/api/dept/ByNoAuth').reply(200, page([{ id: 2, pid: null, name: '计算机学院', sort: 0, enabled: true, createTime: '' }]))
  mock.onPost('/api/users/list').reply((c) => {
    const b = body(c) as Record<string, unknown>
    searches.push({ body: b, params: c.params })
    if (b.deptId === 2) return [200, page([makeUser({ id: 21, username: 's21', nickName: '学生甲' }), makeUser({ id: 22, username: 's22', nickName: '学生乙' })])]
    return [200, page([makeUser({ id: 7, username: 'zhangsan', nickName: '张三', dept: { id: 2, name: '计算机学院' } })])]
  })
})
afterEach(() => mock.restore())

const send = () => fireEvent.click(screen.getByRole('button', { name: /发\s*送/ }))

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('system/message', { timeout: 20_000 }, () => {
  it('link rule matches the server', () => {
    expect(isValidNoticeLink('')).toBe(true)
    expect(isValidNoticeLink('/party/member?id=1')).toBe(true)
    expect(isValidNoticeLink('https://example.edu.cn/a')).toBe(true)
    expect(isValidNoticeLink('//evil.com')).toBe(false)
    expect(isValidNoticeLink('javascript:alert(1)')).toBe(false)
  })

  it('requires recipients and a title', async () => {
    signIn(['admin'])
    renderWithApp(<MessageAdminPage />)
    send()
    expect(await screen.findByText('请选择接收人')).toBeTruthy()
    expect(screen.getByText('请输入标题')).toBeTruthy()
    fireEvent.change(screen.getByPlaceholderText('可不填，如 /dyjbxx/detail?id=1'), { target: { value: 'javascript:alert(1)' } })
    send()
    expect(await screen.findByText('链接须为以 / 开头的站内路径或 http(s) 地址')).toBeTruthy()
  })

  it('sends a reminder message to a searched user after confirmation', async () => {
    signIn(['admin'])
    let sent: unknown
    mock.onPost('/api/msgPushHistory').reply((c) => {
      sent = body(c)
      return [201, { count: 1 }]
    })
    renderWithApp(<MessageAdminPage />)
    const picker = screen.getAllByRole('combobox')[0]
    fireEvent.focus(picker)
    fireEvent.mouseDown(picker)
    fireEvent.click(await screen.findByText('张三（zhangsan） · 计算机学院', { selector: '.ant-select-item-option-content' }))
    expect(searches[0]).toEqual({ body: { enabled: true }, params: { page: 0, size: 20 } })
    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: '支部大会通知' } })
    fireEvent.change(screen.getByPlaceholderText('请输入内容'), { target: { value: '周五下午三点' } })
    fireEvent.click(screen.getByRole('switch'))
    send()
    expect(await screen.findByText('确定向 1 人发送消息“支部大会通知”吗？发送后不能撤回。')).toBeTruthy()
    expect(sent).toBeUndefined()
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /发\s*送/ }))
    await waitFor(() => expect(sent).toEqual({ title: '支部大会通知', content: '周五下午三点', link: '', userIds: [7], isRemind: true }))
    expect(await screen.findByText('消息已发送给 1 人')).toBeTruthy()
  })

  it('sends a to-do to everyone of a department', async () => {
    signIn(['admin'])
    let sent: unknown
    mock.onPost('/api/msgTodo').reply((c) => {
      sent = body(c)
      return [201, { count: 2 }]
    })
    renderWithApp(<MessageAdminPage />)
    fireEvent.click(screen.getByText('待办事项'))
    await waitFor(() => expect(screen.queryByText('设为提醒')).toBeNull())
    fireEvent.mouseDown(screen.getAllByRole('combobox')[1])
    fireEvent.click(await screen.findByText('计算机学院', { selector: '.ant-select-tree-title' }))
    fireEvent.click(screen.getByRole('button', { name: '添加该部门用户' }))
    expect(await screen.findByText('已选 2 人')).toBeTruthy()
    expect(searches.at(-1)!.body).toEqual({ deptId: 2, enabled: true })
    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: '提交思想汇报' } })
    fireEvent.change(screen.getByPlaceholderText('可不填，如 /dyjbxx/detail?id=1'), { target: { value: '/message/msginfo' } })
    send()
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /发\s*送/ }))
    await waitFor(() => expect(sent).toEqual({ title: '提交思想汇报', content: '', link: '/message/msginfo', userIds: [21, 22] }))
  })

  it('no send button without msg:add', () => {
    signIn(['user:list'])
    renderWithApp(<MessageAdminPage />)
    expect(screen.queryByRole('button', { name: /发\s*送/ })).toBeNull()
  })
})
