import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { captureDownloads, mockApi, page } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { defineResource } from './resource'
import ResourcePage from './ResourcePage'

interface Person {
  id: number
  name: string
}

const roster = defineResource<Person>({
  key: 'roster-background',
  noun: '党员',
  api: { fetch: () => Promise.resolve(page([{ id: 1, name: '甲党员' }])) },
  export: { url: '/api/dyjbxx/export', fileName: '党员花名册.xlsx', label: '导出花名册', background: true },
  fields: [{ name: 'name', label: '姓名', search: true }],
})

const job = (state: 0 | 1, rows: number) => ({ id: 7, title: '党员花名册', fileName: '党员花名册-20261129.xlsx', state, stateLabel: '', rows, size: 0, error: '', createTime: '', finishTime: null })

describe('background export', { timeout: 20_000 }, () => {
  it('starts the job with the list filters, shows the rows written, then downloads the file', async () => {
    const mock = mockApi()
    const downloads = captureDownloads()
    try {
      const started: Record<string, unknown>[] = []
      mock.onGet('/api/dyjbxx/export').reply((c) => {
        started.push(c.params as Record<string, unknown>)
        return [202, job(0, 0)]
      })
      mock.onGet('/api/exports/7').replyOnce(200, job(0, 500)).onGet('/api/exports/7').reply(200, job(1, 1203))
      const files: string[] = []
      mock.onGet('/api/exports/7/file').reply((c) => {
        files.push(c.url ?? '')
        return [200, new Blob(['x']), { 'content-disposition': "attachment; filename*=UTF-8''%E5%85%9A%E5%91%98%E8%8A%B1%E5%90%8D%E5%86%8C-20261129.xlsx" }]
      })
      renderWithApp(<ResourcePage resource={roster} />)
      await screen.findByText('甲党员')
      fireEvent.click(screen.getByRole('button', { name: /导出花名册/ }))

      const progress = await screen.findByTestId('export-progress')
      expect(within(progress).getByText('500')).toBeTruthy()
      expect(started).toEqual([expect.objectContaining({ background: true })])

      expect(await screen.findByText('党员花名册已生成', undefined, { timeout: 5000 })).toBeTruthy()
      expect(screen.getByText('党员花名册-20261129.xlsx，共 1203 行。文件仅您本人可以下载。')).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: /下载文件/ }))
      await waitFor(() => expect(downloads.saved).toEqual(['党员花名册-20261129.xlsx']))
      expect(files).toHaveLength(1)
    } finally {
      downloads.restore()
      mock.restore()
    }
  })
})
