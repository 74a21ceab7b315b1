import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '@/test/api'
import { flowFiles } from './api'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  URL.createObjectURL = vi.fn(() => 'blob:file')
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => mock.restore())

describe('flowFiles', () => {
  const file = { id: 9, name: '谈话记录.pdf', size: 10, uploaderName: '王书记', createTime: '2026-03-01T09:00:00Z' }

  it('reads a history file through the workflow, not the file service: previews inline, downloads as an attachment', async () => {
    const asked: { url?: string; params?: unknown }[] = []
    mock.onGet(/\/api\/fzdy\/3\/flow\/files\/9/).reply((c) => {
      asked.push({ url: c.url, params: c.params })
      return [200, new Blob(['%PDF']), { 'content-disposition': "attachment; filename*=UTF-8''%E8%B0%88.pdf" }]
    })
    const files = flowFiles('/api/fzdy', 3)
    await files.view(file)
    await files.download(file)
    expect(asked).toEqual([
      { url: '/api/fzdy/3/flow/files/9', params: { inline: 1 } },
      { url: '/api/fzdy/3/flow/files/9', params: undefined },
    ])
    await expect(files.upload(new File(['x'], 'x.txt'), () => undefined)).rejects.toThrow('办理附件随办理上传')
  })
})
