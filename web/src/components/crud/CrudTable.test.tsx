import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import CrudTable from './CrudTable'
import { cleanFilters, sortParams, type CrudQuery } from './query'
import { useCrud } from './useCrud'
import { renderWithApp as wrap } from '@/test/render'
import { gone } from '@/test/page'

interface Row {
  id: number
  name: string
}

function Page({ fetch, onDelete }: { fetch: (q: CrudQuery) => Promise<{ content: Row[]; totalElements: number; totalElementsCapped?: boolean }>; onDelete?: (ids: React.Key[]) => Promise<unknown> }) {
  const crud = useCrud<Row>({ key: 'rows', fetch })
  return (
    <CrudTable<Row>
      crud={crud}
      columns={[{ title: '名称', dataIndex: 'name', sorter: true }]}
      searchFields={[{ name: 'blurry', label: '关键字' }]}
      onDelete={onDelete}
    />
  )
}

const rows = (page: number) => Array.from({ length: 10 }, (_, i) => ({ id: page * 10 + i + 1, name: `用户${page * 10 + i + 1}` }))

// Renders antd tables and dialogs: slow on a loaded 2-core runner.
describe('crud table', { timeout: 20_000 }, () => {
  it('pure helpers', () => {
    expect(cleanFilters({ a: '', b: null, c: [], d: 0, e: 'x', f: false })).toEqual({ d: 0, e: 'x', f: false })
    expect(sortParams({ field: 'name', order: 'ascend' })).toEqual(['name,asc'])
    expect(sortParams([{ field: 'a', order: 'descend' }, { field: 'b', order: null }])).toEqual(['a,desc'])
    expect(sortParams({ field: 'x' })).toEqual([])
  })

  it('shows a capped total as "≥ N" (the server stopped counting at its cap)', async () => {
    const fetch = vi.fn(() => Promise.resolve({ content: rows(0), totalElements: 100000, totalElementsCapped: true }))
    wrap(<Page fetch={fetch} />)
    expect(await screen.findByText('≥ 100000 条')).toBeTruthy()
    expect(screen.queryByText('共 100000 条')).toBeNull()
  })

  it('a list still loading shows placeholder rows, not 暂无数据; the empty state only once the answer is empty', async () => {
    let answer: (page: { content: Row[]; totalElements: number }) => void = () => {}
    const fetch = vi.fn(() => new Promise<{ content: Row[]; totalElements: number }>((resolve) => (answer = resolve)))
    wrap(<Page fetch={fetch} />)
    expect(await screen.findByTestId('list-skeleton')).toBeTruthy()
    expect(screen.queryByText('暂无数据')).toBeNull()
    answer({ content: [], totalElements: 0 })
    expect(await screen.findByText('暂无数据')).toBeTruthy()
    expect(screen.queryByTestId('list-skeleton')).toBeNull()
  })

  it('a search that finds nothing says so, not that there is nothing', async () => {
    const fetch = vi.fn((q: CrudQuery) => Promise.resolve(q.filters.blurry ? { content: [], totalElements: 0 } : { content: rows(0), totalElements: 10 }))
    wrap(<Page fetch={fetch} />)
    await screen.findByText('用户1')
    fireEvent.change(screen.getByPlaceholderText('请输入关键字'), { target: { value: '无此人' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    expect(await screen.findByText('没有符合搜索条件的记录：可修改条件后重新搜索，或点「重置」')).toBeTruthy()
    expect(screen.queryByText('暂无数据')).toBeNull()
  })

  it('loads page 0, searches with filters, pages and sorts', async () => {
    const fetch = vi.fn((q: CrudQuery) => Promise.resolve({ content: rows(q.page), totalElements: 25 }))
    wrap(<Page fetch={fetch} />)
    expect(await screen.findByText('用户1')).toBeTruthy()
    expect(fetch).toHaveBeenLastCalledWith({ page: 0, size: 10, sort: [], filters: {} })
    expect(screen.getByText('共 25 条')).toBeTruthy()

    fireEvent.change(screen.getByPlaceholderText('请输入关键字'), { target: { value: '张' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ page: 0, size: 10, sort: [], filters: { blurry: '张' } }))

    fireEvent.click(screen.getByTitle('2'))
    expect(await screen.findByText('用户11')).toBeTruthy()
    expect(fetch).toHaveBeenLastCalledWith({ page: 1, size: 10, sort: [], filters: { blurry: '张' } })

    fireEvent.click(screen.getByText('名称'))
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ sort: ['name,asc'] })))
  })

  it('deletes the selected rows after a confirmation naming them, then reloads', async () => {
    const fetch = vi.fn(() => Promise.resolve({ content: rows(0).slice(0, 3), totalElements: 3 }))
    const onDelete = vi.fn(() => Promise.resolve())
    wrap(<Page fetch={fetch} onDelete={onDelete} />)
    await screen.findByText('用户1')
    const del = screen.getByRole('button', { name: /删\s*除/ })
    expect((del as HTMLButtonElement).disabled).toBe(true)

    const row = screen.getByText('用户2').closest('tr')!
    fireEvent.click(within(row).getByRole('checkbox'))
    fireEvent.click(del)
    expect(await screen.findByText('确定删除“用户2”吗？')).toBeTruthy()
    const calls = fetch.mock.calls.length
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith([2]))
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(calls))
  })

  it('cancel leaves the rows alone', async () => {
    const onDelete = vi.fn(() => Promise.resolve())
    wrap(<Page fetch={() => Promise.resolve({ content: rows(0).slice(0, 2), totalElements: 2 })} onDelete={onDelete} />)
    await screen.findByText('用户1')
    fireEvent.click(within(screen.getByText('用户1').closest('tr')!).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }))
    await screen.findByText('确定删除“用户1”吗？')
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }))
    await gone('确定删除“用户1”吗？')
    expect(onDelete).not.toHaveBeenCalled()
  })
})
