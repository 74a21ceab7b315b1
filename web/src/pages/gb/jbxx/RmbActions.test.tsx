import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { captureDownloads, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import RmbActions from './RmbActions'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

describe('gb/jbxx 任免审批表 actions', { timeout: 30_000 }, () => {
  it('downloads one form, the batch and the lrmx for holders of gbjbxx:rmb, and offers no import', async () => {
    signIn(['gbjbxx:list', 'gbjbxx:rmb'])
    const asked: string[] = []
    mock.onGet('/api/gbjbxx/5/rmb').reply((c) => {
      asked.push(c.url!)
      return [200, new Blob(['docx']), { 'content-disposition': "attachment; filename*=UTF-8''%E5%BC%A0%E4%B8%89-%E5%B9%B2%E9%83%A8%E4%BB%BB%E5%85%8D%E5%AE%A1%E6%89%B9%E8%A1%A8.docx" }]
    })
    let batch: unknown = null
    mock.onPost('/api/gbjbxx/rmb/batch').reply((c) => {
      batch = JSON.parse(c.data as string)
      return [200, new Blob(['zip'])]
    })
    const files = captureDownloads()
    try {
      const { rerender } = renderWithApp(<RmbActions selectedIds={[5]} />)
      expect(screen.queryByRole('button', { name: /导入lrmx/ })).toBeNull()
      fireEvent.click(screen.getByRole('button', { name: /下载任免审批表/ }))
      await waitFor(() => expect(files.saved).toEqual(['张三-干部任免审批表.docx']))
      rerender(<RmbActions selectedIds={[5, 6]} />)
      expect((screen.getByRole('button', { name: /下载任免审批表/ }) as HTMLButtonElement).disabled).toBe(true)
      expect((screen.getByRole('button', { name: /导出lrmx/ }) as HTMLButtonElement).disabled).toBe(true)
      fireEvent.click(screen.getByRole('button', { name: /批量下载/ }))
      await waitFor(() => expect(batch).toEqual({ ids: [5, 6] }))
      await waitFor(() => expect(files.saved).toEqual(['张三-干部任免审批表.docx', '干部任免审批表.zip']))
      expect(asked).toEqual(['/api/gbjbxx/5/rmb'])
    } finally {
      files.restore()
    }
  })

  it('shows nothing without either permission', () => {
    signIn(['gbjbxx:list'])
    renderWithApp(<RmbActions selectedIds={[5]} />)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('imports lrmx files and shows each file’s state and errors', async () => {
    signIn(['gbjbxx:list', 'gbjbxx:import'])
    let sent: FormData | null = null
    mock.onPost('/api/gbjbxx/import/lrmx').reply((c) => {
      sent = c.data as FormData
      return [
        200,
        [
          { id: 1, fileName: '张三.lrmx', state: 2, stateLabel: '成功', errors: [], cadreId: 9, cadreName: '张三', createTime: '', updateTime: '' },
          { id: 2, fileName: '坏.lrmx', state: 3, stateLabel: '失败', errors: [{ field: '出生年月', message: '「1990.13」不是年月（如 199009 或 1990.09）' }], cadreId: null, cadreName: '李四', createTime: '', updateTime: '' },
        ],
      ]
    })
    let imported = 0
    renderWithApp(<RmbActions selectedIds={[]} onImported={() => imported++} />)
    expect(screen.queryByRole('button', { name: /下载任免审批表/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /导入lrmx/ }))
    const dialog = await screen.findByRole('dialog')
    const start = within(dialog).getByRole('button', { name: /开始导入/ })
    expect((start as HTMLButtonElement).disabled).toBe(true)
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['<Person/>'], '张三.lrmx'), new File(['<Person/>'], '坏.lrmx')] } })
    await waitFor(() => expect((within(dialog).getByRole('button', { name: /开始导入/ }) as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(within(dialog).getByRole('button', { name: /开始导入/ }))
    await within(dialog).findByText('共 2 个文件：成功 1 个，失败 1 个')
    expect((sent as unknown as FormData).getAll('files').map((f) => (f as File).name)).toEqual(['张三.lrmx', '坏.lrmx'])
    within(dialog).getByText('成功')
    within(dialog).getByText('出生年月：「1990.13」不是年月（如 199009 或 1990.09）')
    expect(imported).toBe(1)
  })
})

describe('gb/jbxx 任免审批表 Excel import', { timeout: 30_000 }, () => {
  it('imports a filled template and shows each row', async () => {
    signIn(['gbjbxx:list', 'gbjbxx:import'])
    let sent: FormData | null = null
    mock.onPost('/api/gbjbxx/import/excel').reply((c) => {
      sent = c.data as FormData
      return [200, [{ id: 1, fileName: '干部.xlsx 第2行', state: 3, stateLabel: '失败', errors: [{ field: '性别', message: '应为「男」或「女」，而不是「未知」' }], cadreId: null, cadreName: '吴十', createTime: '', updateTime: '' }]]
    })
    renderWithApp(<RmbActions selectedIds={[]} />)
    fireEvent.click(screen.getByRole('button', { name: /导入lrmx/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByText('Excel 模板'))
    within(dialog).getByRole('button', { name: /下载 Excel 模板/ })
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['x'], '干部.xlsx')] } })
    await waitFor(() => expect((within(dialog).getByRole('button', { name: /开始导入/ }) as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(within(dialog).getByRole('button', { name: /开始导入/ }))
    await within(dialog).findByText('共 1 行：成功 0 行，失败 1 行')
    within(dialog).getByText('性别：应为「男」或「女」，而不是「未知」')
    expect(((sent as unknown as FormData).get('file') as File).name).toBe('干部.xlsx')
  })
})
