import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { body, captureDownloads, mockApi, signIn } from '@/test/api'
import { renderWithApp as wrap } from '@/test/render'
import CrudTable, { type ExportAction, type Selection } from './CrudTable'
import type { CrudQuery } from './query'
import { useCrud } from './useCrud'

interface Row {
  id: number
  name: string
  code: string
  children?: Row[]
}

const rows = (page: number): Row[] => Array.from({ length: 10 }, (_, i) => ({ id: page * 10 + i + 1, name: `行${page * 10 + i + 1}`, code: `C${page * 10 + i + 1}` }))

function Page(props: {
  fetch: (q: CrudQuery) => Promise<{ content: Row[]; totalElements: number }>
  onDelete?: (ids: React.Key[]) => Promise<unknown>
  batch?: (s: Selection<Row>) => React.ReactNode
  tree?: boolean
  exportAction?: ExportAction
  onRowClick?: (r: Row) => void
}) {
  const crud = useCrud<Row>({ key: 'kit', fetch: props.fetch })
  return (
    <CrudTable<Row>
      crud={crud}
      tree={props.tree}
      columnsKey="test.kit"
      columns={[
        { title: '名称', dataIndex: 'name' },
        { title: '编码', dataIndex: 'code' },
        { title: '操作', key: 'actions', fixed: 'right', render: () => '编辑' },
      ]}
      searchFields={[{ name: 'blurry', label: '关键字' }]}
      onDelete={props.onDelete}
      batchActions={props.batch}
      exportAction={props.exportAction}
      onRow={(r) => ({ onDoubleClick: () => props.onRowClick?.(r) })}
    />
  )
}

const check = (text: string) => fireEvent.click(within(screen.getByText(text).closest('tr')!).getByRole('checkbox'))

let mock: MockAdapter
beforeEach(() => {
  localStorage.clear()
  mock = mockApi()
})
afterEach(() => mock.restore())

describe('crud kit', { timeout: 20_000 }, () => {
  it('keeps the selection across pages and names the chosen rows before a batch delete', async () => {
    const fetch = vi.fn((q: CrudQuery) => Promise.resolve({ content: rows(q.page), totalElements: 20 }))
    const onDelete = vi.fn(() => Promise.resolve())
    wrap(<Page fetch={fetch} onDelete={onDelete} />)
    await screen.findByText('行1')
    check('行1')
    check('行3')
    fireEvent.click(screen.getByTitle('2'))
    await screen.findByText('行11')
    check('行12')
    expect(screen.getByText(/已选 3 项/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除“行1”、“行3”、“行12”（共 3 条）吗？')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith([1, 3, 12]))
    await waitFor(() => expect(screen.queryByText(/已选/)).toBeNull())
  })

  it('gives batch actions the selected rows', async () => {
    const seen: Row[][] = []
    wrap(
      <Page
        fetch={() => Promise.resolve({ content: rows(0), totalElements: 10 })}
        batch={(s) => (
          <button disabled={s.rows.length === 0} onClick={() => seen.push(s.rows)}>
            批量处理
          </button>
        )}
      />,
    )
    await screen.findByText('行1')
    expect((screen.getByRole('button', { name: '批量处理' }) as HTMLButtonElement).disabled).toBe(true)
    check('行2')
    fireEvent.click(screen.getByRole('button', { name: '批量处理' }))
    expect(seen[0].map((r) => r.name)).toEqual(['行2'])
  })

  it('hides and moves columns, remembered per user on the server; fixed columns stay', async () => {
    signIn(['admin'])
    let stored: unknown = null
    const saved: unknown[] = []
    mock.onGet('/api/users/prefs').reply((c) => [200, { key: (c.params as { key: string }).key, value: stored }])
    mock.onPut('/api/users/prefs').reply((c) => {
      const b = body(c) as { key: string; value: unknown }
      expect(b.key).toBe('columns.test.kit')
      stored = b.value
      saved.push(b.value)
      return [204]
    })
    const fetch = () => Promise.resolve({ content: rows(0), totalElements: 10 })
    const headers = () => [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent).filter(Boolean)
    const first = wrap(<Page fetch={fetch} />)
    await screen.findByText('行1')
    expect(headers()).toEqual(['名称', '编码', '操作'])
    fireEvent.click(screen.getByRole('button', { name: '列设置' }))
    const popup = await screen.findByRole('tooltip')
    expect(within(popup).queryByText('操作')).toBeNull()
    fireEvent.click(within(popup).getByRole('button', { name: '上移编码' }))
    await waitFor(() => expect(headers()).toEqual(['编码', '名称', '操作']))
    fireEvent.click(within(popup).getByRole('checkbox', { name: '名称' }))
    await waitFor(() => expect(screen.queryByText('行1')).toBeNull())
    expect(saved).toEqual([
      { hidden: [], order: ['code', 'name'] },
      { hidden: ['name'], order: ['code', 'name'] },
    ])
    first.unmount()

    // Another browser (a fresh cache) reads the user's settings from the server.
    wrap(<Page fetch={fetch} />)
    await screen.findByText('C1')
    await waitFor(() => expect(headers()).toEqual(['编码', '操作']))
    expect(screen.getAllByText('编辑').length).toBeGreaterThan(0)
    fireEvent.click(screen.getByRole('button', { name: '列设置' }))
    fireEvent.click(await screen.findByText('恢复默认'))
    await waitFor(() => expect(headers()).toEqual(['名称', '编码', '操作']))
    expect(saved.at(-1)).toBeNull()
  })

  it('a list opened again starts with the search it was left with; 重置 clears it', async () => {
    const fetch = vi.fn((q: CrudQuery) => Promise.resolve({ content: rows(q.page), totalElements: 30 }))
    // The list closes (a detail opens in its place) and opens again, in the same app.
    function Reopened() {
      const [open, setOpen] = useState(true)
      return (
        <>
          <button onClick={() => setOpen((o) => !o)}>切换</button>
          {open && <Page fetch={fetch} />}
        </>
      )
    }
    wrap(<Reopened />)
    await screen.findByText('行1')
    fireEvent.change(screen.getByPlaceholderText('请输入关键字'), { target: { value: '张' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 0, filters: { blurry: '张' } })))
    fireEvent.click(screen.getByTitle('2'))
    await screen.findByText('行11')
    fireEvent.click(screen.getByRole('button', { name: '切换' }))
    await waitFor(() => expect(screen.queryByText('行11')).toBeNull())

    fetch.mockClear()
    fireEvent.click(screen.getByRole('button', { name: '切换' }))
    await screen.findByText('行11')
    expect((screen.getByPlaceholderText('请输入关键字') as HTMLInputElement).value).toBe('张')
    expect(fetch).toHaveBeenCalledWith(expect.objectContaining({ page: 1, filters: { blurry: '张' } }))
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }))
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ page: 0, filters: {} })))
    expect((screen.getByPlaceholderText('请输入关键字') as HTMLInputElement).value).toBe('')
  })

  it('tree mode shows the whole tree without a pager, and onRow reaches the rows', async () => {
    const onRowClick = vi.fn()
    const tree = [{ id: 1, name: '根', code: 'R', children: [{ id: 2, name: '子', code: 'S' }] }]
    wrap(<Page tree fetch={() => Promise.resolve({ content: tree, totalElements: 2 })} onRowClick={onRowClick} />)
    await screen.findByText('根')
    expect(document.querySelector('.ant-pagination')).toBeNull()
    expect(screen.getByText('共 2 条')).toBeTruthy()
    fireEvent.doubleClick(screen.getByText('根').closest('tr')!)
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }))
  })

  it('folds extra search fields away, keeping their values while folded', async () => {
    const fetch = vi.fn((q: CrudQuery) => Promise.resolve({ content: rows(q.page), totalElements: 10 }))
    function Folded() {
      const crud = useCrud<Row>({ key: 'folded', fetch })
      return (
        <CrudTable<Row>
          crud={crud}
          columns={[{ title: '名称', dataIndex: 'name' }]}
          searchFields={[{ name: 'blurry', label: '关键字' }, { name: 'code', label: '编码' }]}
          searchVisible={1}
        />
      )
    }
    wrap(<Folded />)
    await screen.findByText('行1')
    const code = screen.getByPlaceholderText('请输入编码')
    expect(code.closest('.ant-form-item')!.className).toMatch(/hidden/)
    fireEvent.click(screen.getByText(/展开（1项）/))
    expect(code.closest('.ant-form-item')!.className).not.toMatch(/hidden/)
    fireEvent.change(code, { target: { value: 'C7' } })
    fireEvent.click(screen.getByText('收起'))
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { code: 'C7' } })))
  })

  it('exports with the current filters and saves under the server file name', async () => {
    let params: unknown
    mock.onGet('/api/x/export').reply((c) => {
      params = c.params
      return [200, new Blob(['x']), { 'content-disposition': "attachment; filename*=UTF-8''%E5%90%8D%E5%86%8C.xlsx" }]
    })
    const { saved, restore } = captureDownloads()
    try {
      const fetch = vi.fn(() => Promise.resolve({ content: rows(0), totalElements: 10 }))
      wrap(<Page fetch={fetch} exportAction={{ url: '/api/x/export', fileName: '列表.xlsx' }} />)
      await screen.findByText('行1')
      fireEvent.change(screen.getByPlaceholderText('请输入关键字'), { target: { value: '张' } })
      fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
      // The search has taken effect once the list is asked for with it.
      await waitFor(() => expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { blurry: '张' } })))
      fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }))
      await waitFor(() => expect(saved).toEqual(['名册.xlsx']))
      expect(params).toEqual({ blurry: '张' })
    } finally {
      restore()
    }
  })
})
