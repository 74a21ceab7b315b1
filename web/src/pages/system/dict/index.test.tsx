import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ok, row } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { body, mockApi, page, signIn } from '@/test/api'
import DictPage from './index'

let mock: MockAdapter
const detailQueries: unknown[] = []
beforeEach(() => {
  detailQueries.length = 0
  mock = mockApi()
  mock.onGet('/api/dict').reply(200, page([
    { id: 1, name: 'DJ_COMM_XB', description: '性别', createTime: '' },
    { id: 2, name: 'YES_NO', description: '是否', createTime: '' },
  ]))
  mock.onGet('/api/dictDetail').reply((c) => {
    detailQueries.push(c.params)
    return [200, page([
      { id: 11, dictId: 1, label: '男', value: '1', sort: 1, enabled: true },
      { id: 12, dictId: 1, label: '女', value: '2', sort: 2, enabled: false },
    ])]
  })
})
afterEach(() => mock.restore())

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('system/dict', { timeout: 20_000 }, () => {
  it('shows the values of the clicked dictionary', async () => {
    signIn(['admin'])
    renderWithApp(<DictPage />)
    expect(await screen.findByText('点击左侧字典，查看和维护它的值')).toBeTruthy()
    fireEvent.click(await screen.findByText('DJ_COMM_XB'))
    expect(await screen.findByText('字典值：DJ_COMM_XB（性别）')).toBeTruthy()
    expect(await screen.findByText('男')).toBeTruthy()
    expect(within(row('女')).getByText('停用')).toBeTruthy()
    expect(detailQueries[0]).toMatchObject({ dictName: 'DJ_COMM_XB', page: 0, size: 10 })
  })

  it('validates a new value and posts it with the dictionary id', async () => {
    signIn(['admin'])
    let posted: unknown
    mock.onPost('/api/dictDetail').reply((c) => {
      posted = body(c)
      return [201, {}]
    })
    renderWithApp(<DictPage />)
    fireEvent.click(await screen.findByText('DJ_COMM_XB'))
    await screen.findByText('男')
    fireEvent.click(screen.getByRole('button', { name: /新增字典值/ }))
    const dialog = await screen.findByRole('dialog')
    ok()
    expect(await within(dialog).findByText('请输入字典标签')).toBeTruthy()
    expect(within(dialog).getByText('请输入字典值')).toBeTruthy()
    fireEvent.change(within(dialog).getByPlaceholderText('显示的文字，如 男'), { target: { value: '未说明' } })
    fireEvent.change(within(dialog).getByPlaceholderText('保存的值，如 1'), { target: { value: '9' } })
    ok()
    await waitFor(() => expect(posted).toEqual({ dictId: 1, label: '未说明', value: '9', sort: 999, enabled: true }))
  })

  it('checks dictionary names', async () => {
    signIn(['admin'])
    renderWithApp(<DictPage />)
    await screen.findByText('YES_NO')
    fireEvent.click(screen.getByRole('button', { name: /新增字典$/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByPlaceholderText('请输入字典名称'), { target: { value: '1性别' } })
    ok()
    expect(await within(dialog).findByText('字典名称须以字母开头，由2-100位字母、数字或下划线组成')).toBeTruthy()
  })

  it('asks before deleting a value and sends its id', async () => {
    signIn(['admin'])
    let deleted: unknown
    mock.onDelete('/api/dictDetail').reply((c) => {
      deleted = body(c)
      return [204]
    })
    renderWithApp(<DictPage />)
    fireEvent.click(await screen.findByText('DJ_COMM_XB'))
    await screen.findByText('女')
    fireEvent.click(within(row('女')).getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除字典值“女”吗？')).toBeTruthy()
    ok()
    await waitFor(() => expect(deleted).toEqual([12]))
  })

  it('read-only without dict:add/edit/del', async () => {
    signIn(['dict:list'])
    renderWithApp(<DictPage />)
    fireEvent.click(await screen.findByText('DJ_COMM_XB'))
    await screen.findByText('男')
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull()
  })
})
