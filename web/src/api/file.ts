import { http, LONG_TIMEOUT, upload } from './request'
import { filenameFromDisposition, saveBlob } from '@/utils/download'

export interface StoredFile {
  id: number
  name: string
  size: number
  contentType: string
  moduleName: string
  tag: string
  createTime: string
}

export function uploadFile(file: File, opts: { moduleName?: string; tag?: string; onProgress?: (p: number) => void } = {}) {
  const form = new FormData()
  form.append('file', file)
  if (opts.moduleName) form.append('moduleName', opts.moduleName)
  if (opts.tag) form.append('tag', opts.tag)
  return upload<StoredFile>('/api/file/upload', form, opts.onProgress)
}

/** Downloads a GET endpoint as a blob and saves it under the server's file name. */
export async function downloadFile(url: string, params?: object, fallbackName?: string): Promise<void> {
  const res = await http.get<Blob>(url, { params, responseType: 'blob', timeout: LONG_TIMEOUT })
  saveBlob(res.data, filenameFromDisposition(res.headers['content-disposition'] as string | undefined, fallbackName))
}

export const downloadStoredFile = (id: number, name?: string) => downloadFile('/api/file/download', { id }, name)
