import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { body, captureDownloads, mockApi, page } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { ImportBatch, ImportRow } from './api'
import ImportWizard from './ImportWizard'
import { ok } from '@/test/page'

const COLUMNS = [
  { key: 'name', label: '姓名', required: true },
  { key: 'idNumber', label: '身份证号码', required: true },
  { key: 'gender', label: '性别', required: false, dict: 'DJ_COMM_XB' },
]

const batch = (over: Partial<ImportBatch> = {}): ImportBatch => ({
  id: 5,
  kind: 'dyjbxx',
  fileName: '党员.xlsx',
  state: 2,
  total: 3,
  newCount: 1,
  changedCount: 1,
  unchangedCount: 0,
  invalidCount: 1,
  createdBy: 1,
  createdAt: '2026-03-01T00:00:00Z',
  committedAt: null,
  ...over,
})

const BAD: ImportRow = {
  id: 12,
  rowNo: 4,
  status: 'invalid',
  cells: { name: '王五', idNumber: '123', gender: '男' },
  errors: [{ column: 'idNumber', message: '请输入正确的身份证号码' }],
  changes: [],
  targetId: null,
}

let mock: MockAdapter
let current: ImportBatch
beforeEach(() => {
  current = batch()
  mock = mockApi()
  mock.onGet('/api/import/dyjbxx/columns').reply(200, COLUMNS)
  mock.onGet('/api/dictDetail/map').reply(200, { DJ_COMM_XB: [{ label: '男', value: '1' }, { label: '女', value: '2' }] })
  mock.onPost('/api/import/dyjbxx/batches').reply(() => [200, current])
  mock.onGet('/api/import/dyjbxx/batches/5/rows').reply((c) => {
    const status = (c.params as { status: string }).status
    if (status === 'invalid') return [200, current.invalidCount ? page([BAD]) : page([])]
    if (status === 'new') return [200, page([{ ...BAD, id: 10, rowNo: 2, status: 'new', cells: { name: '张三', idNumber: '110105199003071234', gender: '男' }, errors: [] }])]
    return [200, page([])]
  })
})
afterEach(() => mock.restore())

const next = () => fireEvent.click(screen.getByRole('button', { name: /下一步/ }))

async function upload() {
  renderWithApp(<ImportWizard kind="dyjbxx" title="党员信息" onClose={() => undefined} onDone={onDone} />)
  expect(await screen.findByRole('button', { name: /下载导入模板/ })).toBeTruthy()
  next()
  const input = document.querySelector('input[type="file"]') as HTMLInputElement
  fireEvent.change(input, { target: { files: [new File(['x'], '党员.xlsx')] } })
  // Validation result: the counts, and the error tab first.
  expect(await screen.findByText('总行数')).toBeTruthy()
}
const onDone = vi.fn()

describe('ImportWizard', { timeout: 30_000 }, () => {
  it('uploads, shows the invalid cell with its message, fixes the row and commits', async () => {
    await upload()
    expect(screen.getByRole('tab', { name: '错误（1）' }).getAttribute('aria-selected')).toBe('true')
    const cell = await waitFor(() => {
      const c = document.querySelector('[data-invalid="true"]')
      if (!c) throw new Error('no invalid cell yet')
      return c as HTMLElement
    })
    // The value as typed and the reason, in the row itself: no hovering needed.
    expect(cell.textContent).toBe('123请输入正确的身份证号码')
    expect(within(cell).getByText('请输入正确的身份证号码')).toBeTruthy()
    expect(cell.closest('td')?.getAttribute('class') ?? '').not.toContain('ellipsis')

    let put: unknown
    mock.onPut('/api/import/dyjbxx/batches/5/rows/12').reply((c) => {
      put = body(c)
      current = batch({ newCount: 2, invalidCount: 0 })
      return [200, { row: { ...BAD, status: 'new', errors: [] }, batch: current }]
    })
    fireEvent.click(within(cell.closest('tr')!).getByRole('button', { name: '修改' }))
    const dialog = (await screen.findByText('修改第 4 行')).closest('.ant-modal') as HTMLElement
    fireEvent.change(within(dialog).getByDisplayValue('123'), { target: { value: '11010519900307123X' } })
    ok(dialog)
    await waitFor(() => expect(put).toEqual({ cells: { name: '王五', idNumber: '11010519900307123X', gender: '男' } }))
    expect(await screen.findByRole('tab', { name: '错误（0）' })).toBeTruthy()

    let committed: unknown
    mock.onPost('/api/import/dyjbxx/batches/5/commit').reply((c) => {
      committed = body(c)
      return [200, batch({ newCount: 2, invalidCount: 0, state: 3, committedAt: '2026-03-01T00:01:00Z' })]
    })
    next()
    expect(await screen.findByText('全部数据校验通过')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /确认导入/ }))
    expect(await screen.findByText(/将新增 2 条、更新 1 条/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /确定导入/ }))
    await waitFor(() => expect(committed).toEqual({ skipInvalid: false }))
    expect(await screen.findByText('导入完成')).toBeTruthy()
    expect(screen.getByText(/新增 2 条，更新 1 条/)).toBeTruthy()
    expect(onDone).toHaveBeenCalled()
  })

  it('says that the template\'s example row was left out', async () => {
    current = batch({ exampleRows: [2] })
    await upload()
    expect(screen.getByText('第 2 行是模板的示例行（序号为“示例”），未导入')).toBeTruthy()
  })

  it('shows an error of the whole row in its own column and downloads the bad rows', async () => {
    mock.onGet('/api/import/dyjbxx/batches/5/rows').reply(() => [200, page([{ ...BAD, errors: [{ column: '', message: '与第 2 行的身份证号码重复' }] }])])
    let asked = ''
    mock.onGet('/api/import/dyjbxx/batches/5/invalid.xlsx').reply((c) => {
      asked = c.url ?? ''
      return [200, new Blob(['x']), { 'content-disposition': "attachment; filename*=UTF-8''%E9%94%99.xlsx" }]
    })
    const { saved, restore } = captureDownloads()
    try {
      await upload()
      expect(await screen.findByRole('columnheader', { name: '整行问题' })).toBeTruthy()
      expect(screen.getByText('与第 2 行的身份证号码重复')).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: /下载错误行/ }))
      await waitFor(() => expect(saved).toEqual(['错.xlsx']))
      expect(asked).toBe('/api/import/dyjbxx/batches/5/invalid.xlsx')
    } finally {
      restore()
    }
  })

  it('commits only with 跳过错误行 while invalid rows remain', async () => {
    let committed: unknown
    mock.onPost('/api/import/dyjbxx/batches/5/commit').reply((c) => {
      committed = body(c)
      return [200, batch({ state: 3 })]
    })
    await upload()
    next()
    const commit = await screen.findByRole('button', { name: /确认导入/ })
    expect((commit as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('checkbox', { name: /跳过错误行/ }))
    fireEvent.click(commit)
    expect(await screen.findByText(/1 条错误行不导入/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /确定导入/ }))
    await waitFor(() => expect(committed).toEqual({ skipInvalid: true }))
    expect(await screen.findByText(/跳过错误 1 条/)).toBeTruthy()
  })

  it('abandons a batch after confirmation and goes back to the upload', async () => {
    let deleted = false
    mock.onDelete('/api/import/dyjbxx/batches/5').reply(() => {
      deleted = true
      return [200]
    })
    await upload()
    fireEvent.click(screen.getByRole('button', { name: /放弃本批次/ }))
    expect(await screen.findByText(/确定放弃本批次（党员.xlsx）吗/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(deleted).toBe(true))
    expect(await screen.findByText('点击或拖动 .xlsx 文件到此处上传')).toBeTruthy()
  })

  it('shows the server reason when a file is refused, and refuses other file types', async () => {
    mock.onPost('/api/import/dyjbxx/batches').reply(400, { message: '第一行的列名与模板不一致：缺少“姓名”' })
    renderWithApp(<ImportWizard kind="dyjbxx" title="党员信息" onClose={() => undefined} />)
    await screen.findByRole('button', { name: /下载导入模板/ })
    next()
    const input = document.querySelector('input[type="file"]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.csv')] } })
    expect(await screen.findByText('请上传 .xlsx 格式的文件')).toBeTruthy()
    fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [new File(['x'], 'b.xlsx')] } })
    expect(await screen.findByText('第一行的列名与模板不一致：缺少“姓名”')).toBeTruthy()
  })
})
