import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PERM } from '@/api/permissions'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { formatTime } from '@/utils/time'
import AttachmentList, { type AttachmentSource } from './AttachmentList'
import type { Attachment } from './types'

const FILES: Attachment[] = [
  { id: 1, name: '入党申请书.pdf', size: 2048, contentType: 'application/pdf', uploaderName: '张三', createTime: '2026-03-01T09:00:00Z' },
  { id: 2, name: '证件照.jpg', size: 5 * 1024 * 1024, uploaderName: '张三', createTime: '2026-03-01T09:05:00Z' },
  { id: 3, name: '思想汇报.docx', size: 100, uploaderName: '李四', createTime: '2026-03-02T10:00:00Z' },
]

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  URL.createObjectURL = vi.fn(() => 'blob:preview')
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => mock.restore())

const row = (name: string) => within(screen.getByText(name).closest('tr')!)

/** An editable list that keeps its value, and reports every change. */
function Editable({ changes, perm = PERM.dyEdit, source }: { changes: Attachment[][]; perm?: typeof PERM.dyEdit; source?: AttachmentSource }) {
  const [files, setFiles] = useState<Attachment[]>(FILES)
  return (
    <AttachmentList
      value={files}
      onChange={(next) => {
        changes.push(next)
        setFiles(next)
      }}
      uploadPerm={perm}
      removePerm={perm}
      moduleName="dyfz"
      tag="apply"
      source={source}
    />
  )
}

describe('AttachmentList', { timeout: 20_000 }, () => {
  it('lists name, size, uploader and time; read-only offers no upload or delete', () => {
    signIn(['admin'])
    renderWithApp(<AttachmentList value={FILES} readOnly />)
    expect(row('入党申请书.pdf').getByText('2.0 KB')).toBeTruthy()
    expect(row('证件照.jpg').getByText('5.0 MB')).toBeTruthy()
    expect(row('思想汇报.docx').getByText('李四')).toBeTruthy()
    expect(row('思想汇报.docx').getByText(formatTime('2026-03-02T10:00:00Z'))).toBeTruthy()
    expect(row('入党申请书.pdf').getByRole('button', { name: '预览' })).toBeTruthy()
    expect(row('证件照.jpg').getByRole('button', { name: '预览' })).toBeTruthy()
    expect(row('思想汇报.docx').queryByRole('button', { name: '预览' })).toBeNull()
    expect(screen.queryByRole('button', { name: /上传附件/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull()
  })

  it('says when there is nothing attached', () => {
    renderWithApp(<AttachmentList value={null} readOnly emptyText="申请人未上传材料" />)
    expect(screen.getByText('申请人未上传材料')).toBeTruthy()
  })

  it('uploads through the file service and adds each file with its uploader', async () => {
    signIn(['dy:edit'], { nickName: '王五' })
    const forms: FormData[] = []
    mock.onPost('/api/file/upload').reply((c) => {
      const form = c.data as FormData
      forms.push(form)
      const name = (form.get('file') as File).name
      return [201, { id: 10 + forms.length, name, size: 4, contentType: 'image/png', moduleName: 'dyfz', tag: 'apply', createTime: '2026-03-03T08:00:00Z' }]
    })
    const changes: Attachment[][] = []
    renderWithApp(<Editable changes={changes} />)
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!
    const chosen = [new File(['a'], '谈话记录.png', { type: 'image/png' }), new File(['b'], '政审材料.png', { type: 'image/png' })]
    fireEvent.change(input, { target: { files: chosen } })
    await waitFor(() => expect(changes).toHaveLength(2))
    expect(forms.map((f) => [f.get('moduleName'), f.get('tag')])).toEqual([
      ['dyfz', 'apply'],
      ['dyfz', 'apply'],
    ])
    // Both uploads finished into the list: the second did not overwrite the first.
    expect(changes[1].map((a) => a.name).sort()).toEqual(['入党申请书.pdf', '思想汇报.docx', '政审材料.png', '证件照.jpg', '谈话记录.png'].sort())
    expect(changes[1].find((a) => a.name === '谈话记录.png')).toMatchObject({ size: 4, contentType: 'image/png', uploaderName: '王五' })
    expect(await screen.findByText('谈话记录.png')).toBeTruthy()
  })

  it('deletes only after confirmation', async () => {
    signIn(['dy:edit'])
    const changes: Attachment[][] = []
    renderWithApp(<Editable changes={changes} />)
    fireEvent.click(row('思想汇报.docx').getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除附件“思想汇报.docx”吗？')).toBeTruthy()
    expect(changes).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(changes).toHaveLength(1))
    expect(changes[0].map((a) => a.id)).toEqual([1, 2])
    await waitFor(() => expect(screen.queryByText('思想汇报.docx')).toBeNull())
  })

  it('offers upload and delete only to holders of their permissions', () => {
    signIn(['dy:list'])
    renderWithApp(<Editable changes={[]} />)
    expect(screen.getByText('思想汇报.docx')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /上传附件/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull()
    expect(row('思想汇报.docx').getByRole('button', { name: /下\s*载/ })).toBeTruthy()
  })

  it('downloads by id under the server file name', async () => {
    signIn(['admin'])
    mock.onGet('/api/file/download').reply(200, new Blob(['x']), { 'content-disposition': "attachment; filename*=UTF-8''%E6%80%9D%E6%83%B3%E6%B1%87%E6%8A%A5.docx" })
    const names: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    renderWithApp(<AttachmentList value={FILES} readOnly />)
    fireEvent.click(row('思想汇报.docx').getByRole('button', { name: /下\s*载/ }))
    await waitFor(() => expect(names).toEqual(['思想汇报.docx']))
    expect(mock.history.get.find((c) => c.url === '/api/file/download')?.params).toEqual({ id: 3 })
    click.mockRestore()
  })

  it('previews an image in the image viewer and a PDF in a new tab, fetched with the token', async () => {
    signIn(['admin'])
    mock.onGet('/api/file/view').reply(200, new Blob(['x']))
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    renderWithApp(<AttachmentList value={FILES} readOnly />)
    fireEvent.click(row('证件照.jpg').getByRole('button', { name: '预览' }))
    await waitFor(() => expect(document.querySelector('.ant-image-preview')).not.toBeNull())
    expect(document.querySelector<HTMLImageElement>('.ant-image-preview img')?.getAttribute('src')).toBe('blob:preview')
    expect(mock.history.get.filter((c) => c.url === '/api/file/view').map((c) => c.params)).toEqual([{ id: 2 }])

    fireEvent.click(row('入党申请书.pdf').getByRole('button', { name: '预览' }))
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:preview', '_blank', 'noopener'))
    expect(mock.history.get.filter((c) => c.url === '/api/file/view').map((c) => c.params)).toEqual([{ id: 2 }, { id: 1 }])
    open.mockRestore()
  })

  it('inline, each name previews what the browser shows and downloads the rest', async () => {
    signIn(['admin'])
    mock.onGet('/api/file/view').reply(200, new Blob(['x']))
    mock.onGet('/api/file/download').reply(200, new Blob(['x']))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    renderWithApp(<AttachmentList value={FILES} readOnly inline />)
    expect(screen.queryByRole('table')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /思想汇报\.docx/ }))
    await waitFor(() => expect(mock.history.get.map((c) => c.url)).toEqual(['/api/file/download']))
    fireEvent.click(screen.getByRole('button', { name: /证件照\.jpg/ }))
    await waitFor(() => expect(mock.history.get.map((c) => c.url)).toEqual(['/api/file/download', '/api/file/view']))
    click.mockRestore()
  })

  it('with a record source, stores uploads and removals there and fetches the bytes from it', async () => {
    signIn(['dy:edit'])
    const calls: string[] = []
    let failRemove = true
    const changes: Attachment[][] = []
    const source: AttachmentSource = {
      view: (a) => (calls.push(`view ${a.id}`), Promise.resolve(new Blob(['x']))),
      download: (a) => (calls.push(`download ${a.id}`), Promise.resolve()),
      upload: (file) => (calls.push(`upload ${file.name}`), Promise.resolve({ id: 40, name: file.name, size: 1, uploaderName: '王五' })),
      remove: (a) => (calls.push(`remove ${a.id}`), failRemove ? Promise.reject(new Error('refused')) : Promise.resolve()),
    }
    renderWithApp(<Editable changes={changes} source={source} />)
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, { target: { files: [new File(['a'], '政审材料.pdf')] } })
    await waitFor(() => expect(changes).toHaveLength(1))
    expect(changes[0].at(-1)).toMatchObject({ id: 40, name: '政审材料.pdf' })
    fireEvent.click(row('证件照.jpg').getByRole('button', { name: '预览' }))
    fireEvent.click(row('思想汇报.docx').getByRole('button', { name: /下\s*载/ }))
    await waitFor(() => expect(calls).toEqual(['upload 政审材料.pdf', 'view 2', 'download 3']))
    expect(mock.history.get).toHaveLength(0)

    // A removal the server refuses leaves the file listed; an accepted one drops it.
    const remove = async () => {
      fireEvent.click(row('思想汇报.docx').getByRole('button', { name: /删\s*除/ }))
      fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }))
    }
    await remove()
    await waitFor(() => expect(calls.at(-1)).toBe('remove 3'))
    expect(changes).toHaveLength(1)
    failRemove = false
    await remove()
    await waitFor(() => expect(changes).toHaveLength(2))
    expect(changes[1].map((a) => a.id)).toEqual([1, 2, 40])
  })
})
