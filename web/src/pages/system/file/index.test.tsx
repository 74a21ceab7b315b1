import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ok, row } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { body, signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import FilePage from './index'

const file = (id: number, name: string, over = {}) => ({
  id,
  name,
  size: 2048,
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  moduleName: 'dyjbxx',
  moduleLabel: '党员信息',
  tag: '',
  typeLabel: 'Excel 表格',
  isPublic: false,
  uploaderId: 1,
  uploaderName: '管理员',
  createTime: '2026-01-01T00:00:00Z',
  ...over,
})

let mock: MockAdapter
let queries: Record<string, unknown>[]
beforeEach(() => {
  ;({ mock, queries } = mockListApi('/api/file', [
    file(1, '党员名册.xlsx'),
    file(2, '照片.png', { contentType: 'image/png', typeLabel: '图片', tag: 'photo', tagLabel: '证件照', size: 5 * 1024 * 1024 }),
    file(3, '图纸.dwg', { contentType: 'application/octet-stream', typeLabel: '其他（.dwg）', moduleName: 'nosuchmodule', moduleLabel: '其他', tag: 't1', tagLabel: '其他' }),
  ]))
  mock.onGet('/api/file/modules').reply(200, [
    { value: 'dyjbxx', label: '党员信息' },
    { value: 'develop', label: '发展党员记录' },
  ])
})
afterEach(() => mock.restore())

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('system/file', { timeout: 20_000 }, () => {
  it('lists files with readable sizes', async () => {
    signIn(['admin'])
    renderWithApp(<FilePage />)
    expect(await screen.findByText('党员名册.xlsx')).toBeTruthy()
    expect(within(row('党员名册.xlsx')).getByText('2.0 KB')).toBeTruthy()
    expect(within(row('照片.png')).getByText('5.0 MB')).toBeTruthy()
    expect(within(row('照片.png')).getByRole('button', { name: '预览' })).toBeTruthy()
    expect(within(row('党员名册.xlsx')).queryByRole('button', { name: '预览' })).toBeNull()
  })

  it('shows the names of module, tag and type, never their codes; the code is in the tooltip', async () => {
    signIn(['admin'])
    renderWithApp(<FilePage />)
    await screen.findByText('党员名册.xlsx')
    const photo = row('照片.png')
    expect(within(photo).getByText('党员信息')).toBeTruthy()
    expect(within(photo).getByText('证件照')).toBeTruthy()
    expect(within(photo).getByText('图片')).toBeTruthy()
    expect(within(row('党员名册.xlsx')).getByText('Excel 表格')).toBeTruthy()
    const other = row('图纸.dwg')
    expect(within(other).getByText('其他（.dwg）')).toBeTruthy()
    expect(within(other).getAllByText('其他')).toHaveLength(2)
    const table = document.querySelector('.ant-table-tbody') as HTMLElement
    for (const code of ['dyjbxx', 'photo', 'image/png', 'nosuchmodule', 't1', 'application/octet-stream', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
      expect(within(table).queryByText(code)).toBeNull()
    fireEvent.mouseEnter(within(other).getAllByText('其他')[0]) // the 模块 column comes before 标签
    expect(await screen.findByText('模块代码：nosuchmodule')).toBeTruthy()
  })

  it('filters by module name, sending its key', async () => {
    signIn(['admin'])
    renderWithApp(<FilePage />)
    await screen.findByText('党员名册.xlsx')
    const before = queries.length
    fireEvent.mouseDown(screen.getAllByRole('combobox').find((c) => c.id.endsWith('moduleName'))!)
    fireEvent.click(await screen.findByText('发展党员记录', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.length).toBeGreaterThan(before))
    expect(queries.at(-1)).toMatchObject({ moduleName: 'develop' })
  })

  it('downloads as a blob under the server file name', async () => {
    signIn(['admin'])
    mock.onGet('/api/file/download').reply(200, new Blob(['x']), { 'content-disposition': "attachment; filename*=UTF-8''%E5%85%9A%E5%91%98%E5%90%8D%E5%86%8C.xlsx" })
    const names: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    URL.createObjectURL = vi.fn(() => 'blob:x')
    URL.revokeObjectURL = vi.fn()
    renderWithApp(<FilePage />)
    await screen.findByText('党员名册.xlsx')
    fireEvent.click(within(row('党员名册.xlsx')).getByRole('button', { name: '下载' }))
    await waitFor(() => expect(names).toEqual(['党员名册.xlsx']))
    expect(mock.history.get.find((c) => c.url === '/api/file/download')?.params).toEqual({ id: 1 })
    click.mockRestore()
  })

  it('uploads with a module, shows progress and reloads', async () => {
    signIn(['admin'])
    let form: FormData | undefined
    mock.onPost('/api/file/upload').reply((c) => {
      form = c.data as FormData
      return [201, file(3, 'a.pdf')]
    })
    renderWithApp(<FilePage />)
    await screen.findByText('党员名册.xlsx')
    const before = queries.length
    fireEvent.click(screen.getByRole('button', { name: /上\s*传/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByPlaceholderText('可不填，如 school'), { target: { value: 'notice' } })
    fireEvent.change(dialog.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] } })
    await within(dialog).findByText('a.pdf')
    fireEvent.click(within(dialog).getByRole('button', { name: /上\s*传/ }))
    await waitFor(() => expect(form).toBeDefined())
    expect((form!.get('file') as File).name).toBe('a.pdf')
    expect(form!.get('moduleName')).toBe('notice')
    await waitFor(() => expect(queries.length).toBeGreaterThan(before))
    expect(await screen.findByText('上传成功')).toBeTruthy()
  })

  it('asks before deleting; no delete without file:del', async () => {
    signIn(['admin'])
    let deleted: unknown
    mock.onDelete('/api/file').reply((c) => {
      deleted = body(c)
      return [204]
    })
    const { unmount } = renderWithApp(<FilePage />)
    await screen.findByText('照片.png')
    fireEvent.click(within(row('照片.png')).getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除文件“照片.png”吗？删除后无法恢复')).toBeTruthy()
    ok()
    await waitFor(() => expect(deleted).toEqual([2]))
    unmount()

    signIn(['file:list'])
    renderWithApp(<FilePage />)
    await screen.findByText('照片.png')
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull()
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0)
  })
})
