import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { body, captureDownloads, exportsOf, mockApi, page, signIn } from '@/test/api'
import { findDialog, ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import type { QueryRequest, QueryResult, SavedQuery, SourceInfo } from './api'
import QueryPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/common/dzz').reply(200, page([]))
  mock.onGet('/api/dictDetail/map').reply(200, {
    DJ_COMM_XB: [
      { label: '男', value: '1' },
      { label: '女', value: '2' },
    ],
  })
  mock.onGet('/api/zhcx/sources').reply(200, sources)
})
afterEach(() => mock.restore())

const sources: SourceInfo[] = [
  {
    key: 'members',
    label: '党员',
    columns: ['name', 'gender'],
    fields: [
      { key: 'name', label: '姓名', kind: 'text', dict: '', options: [], ops: [{ op: 'eq', label: '等于' }, { op: 'contains', label: '包含' }] },
      { key: 'gender', label: '性别', kind: 'dict', dict: 'DJ_COMM_XB', options: [], ops: [{ op: 'eq', label: '等于' }, { op: 'empty', label: '为空' }] },
      { key: 'age', label: '年龄', kind: 'age', dict: '', options: [], ops: [{ op: 'gte', label: '大于等于' }, { op: 'between', label: '介于' }] },
    ],
  },
  { key: 'orgs', label: '党组织', columns: ['name'], fields: [{ key: 'name', label: '党组织名称', kind: 'text', dict: '', options: [], ops: [{ op: 'eq', label: '等于' }] }] },
]

const result: QueryResult = {
  columns: [
    { key: 'name', label: '姓名' },
    { key: 'gender', label: '性别' },
  ],
  content: [{ id: 7, cells: { name: '张三', gender: '男' } }],
  totalElements: 1,
}

const saved = (over: Partial<SavedQuery> = {}): SavedQuery => ({
  id: 3,
  name: '男党员',
  source: 'members',
  filter: { logic: 'and', groups: [{ logic: 'and', conditions: [{ field: 'gender', op: 'eq', values: ['1'] }] }] },
  columns: ['name'],
  shared: false,
  ownerId: 1,
  createTime: '2026-12-01T08:00:00Z',
  updateTime: '2026-12-01T08:00:00Z',
  mine: true,
  ...over,
})

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <QueryPage />
    </MemoryRouter>,
  )

const choose = async (name: string, option: string) => {
  const box = screen.getAllByRole('combobox', { name }).at(-1) as HTMLElement
  fireEvent.focus(box)
  fireEvent.mouseDown(box)
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' })
  fireEvent.click(options.at(-1) as HTMLElement)
}

describe('综合查询', { timeout: 20_000 }, () => {
  it('builds a condition from the allowlist, runs it and shows the rows', async () => {
    signIn([PERM.zhcxList])
    mock.onGet('/api/zhcx/saved').reply(200, [])
    const runs: QueryRequest[] = []
    mock.onPost('/api/zhcx/run').reply((c) => {
      runs.push(body(c) as QueryRequest)
      return [200, result]
    })
    renderPage()
    expect(await screen.findByText('设置条件后点击「查询」；结果限于您的管理范围')).toBeTruthy()
    expect(screen.getByText('没有条件：查询管理范围内的全部记录')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /保存查询/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /添加条件$/ }))
    // No field yet: the operator shows its placeholder, not a code such as "eq".
    const op = screen.getByRole('combobox', { name: '比较方式' }).closest('.ant-select')!
    expect(op.textContent).toBe('比较方式')
    await choose('查询字段', '性别')
    expect(op.textContent).toBe('等于')
    await choose('取值', '男')
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }))
    expect(await screen.findByText('张三')).toBeTruthy()
    expect(runs[0]).toEqual({
      source: 'members',
      filter: { logic: 'and', groups: [{ logic: 'and', conditions: [{ field: 'gender', op: 'eq', values: ['1'] }] }] },
      columns: ['name', 'gender'],
      sort: '',
      desc: false,
      page: 0,
      size: 20,
    })
    expect(screen.getByText('共 1 条')).toBeTruthy()
  })

  it('offers the value inputs of the operator: two for between, none for empty', async () => {
    signIn([PERM.zhcxList])
    mock.onGet('/api/zhcx/saved').reply(200, [])
    const runs: QueryRequest[] = []
    mock.onPost('/api/zhcx/run').reply((c) => {
      runs.push(body(c) as QueryRequest)
      return [200, { ...result, content: [], totalElements: 0 }]
    })
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: /添加条件$/ }))
    await choose('查询字段', '年龄')
    await choose('比较方式', '介于')
    fireEvent.change(screen.getByRole('spinbutton', { name: '取值（起）' }), { target: { value: '30' } })
    fireEvent.change(screen.getByRole('spinbutton', { name: '取值（止）' }), { target: { value: '39' } })
    fireEvent.click(screen.getByRole('button', { name: /添加条件组/ }))
    await choose('查询字段', '性别')
    await choose('比较方式', '为空')
    expect(screen.queryAllByRole('combobox', { name: '取值' })).toHaveLength(0)
    fireEvent.click(screen.getByRole('radio', { name: '或者' }))
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }))
    expect(await screen.findByText('管理范围内没有符合条件的记录')).toBeTruthy()
    expect(runs[0].filter).toEqual({
      logic: 'or',
      groups: [
        { logic: 'and', conditions: [{ field: 'age', op: 'between', values: ['30', '39'] }] },
        { logic: 'and', conditions: [{ field: 'gender', op: 'empty', values: [] }] },
      ],
    })
  })

  it('saves a query, shared, and deletes its own after a confirmation', async () => {
    signIn([PERM.zhcxList, PERM.zhcxSave])
    let list = [saved({ id: 9, name: '他人的', mine: false, shared: true, ownerId: 2 })]
    mock.onGet('/api/zhcx/saved').reply(() => [200, list])
    const created: unknown[] = []
    mock.onPost('/api/zhcx/saved').reply((c) => {
      created.push(body(c))
      const s = saved({ name: '我的查询', shared: true, columns: [] })
      list = [s, ...list]
      return [201, s]
    })
    const deleted: unknown[] = []
    mock.onDelete('/api/zhcx/saved').reply((c) => {
      deleted.push(body(c))
      list = list.filter((s) => s.mine === false)
      return [204]
    })
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: /保存查询/ }))
    const dialog = await findDialog('保存查询')
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: ' 我的查询 ' } })
    fireEvent.click(within(dialog).getByRole('checkbox'))
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }))
    await waitFor(() => expect(created).toHaveLength(1))
    expect(created[0]).toEqual({ name: '我的查询', shared: true, source: 'members', filter: { logic: 'and', groups: [{ logic: 'and', conditions: [] }] }, columns: [] })
    // The saved query is the loaded one: its owner may delete it, after a confirmation.
    fireEvent.click(await screen.findByRole('button', { name: /删除该查询/ }))
    expect(await screen.findByText('确定删除查询“我的查询”吗？')).toBeTruthy()
    ok(screen.getByText('确定删除查询“我的查询”吗？').closest('.ant-modal') as HTMLElement)
    await waitFor(() => expect(deleted).toEqual([[3]]))
  })

  it('loads another’s shared query without offering to delete it, and exports it', async () => {
    signIn([PERM.zhcxList, PERM.zhcxSave, PERM.zhcxExport])
    mock.onGet('/api/zhcx/saved').reply(200, [saved({ id: 9, name: '他人的', mine: false, shared: true, ownerId: 2 })])
    const exported = exportsOf(mock.onGet('/api/zhcx/export'))
    const downloads = captureDownloads()
    try {
      renderPage()
      await screen.findByRole('button', { name: /保存查询/ })
      const box = screen.getByRole('combobox', { name: '已保存的查询' })
      fireEvent.focus(box)
      fireEvent.mouseDown(box)
      const option = await waitFor(() => document.querySelector('.ant-select-item-option[title="他人的"]') as HTMLElement)
      expect(option.textContent).toContain('他人共享')
      fireEvent.click(option)
      expect(screen.queryByRole('button', { name: /删除该查询/ })).toBeNull()
      fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }))
      await waitFor(() => expect(downloads.saved).toEqual(['综合查询-党员.xlsx']))
      const q = JSON.parse((exported[0] as { q: string }).q) as QueryRequest
      expect(q.filter.groups[0].conditions).toEqual([{ field: 'gender', op: 'eq', values: ['1'] }])
      expect(q.columns).toEqual(['name'])
    } finally {
      downloads.restore()
    }
  })
})
