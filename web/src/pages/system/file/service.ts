import { http } from '@/api/request'
import { downloadStoredFile, uploadFile } from '@/api/file'
import { deleter } from '@/components/crud'
import { getFetcherWithDates } from '@/components/crud/filters'
import type { FileRow } from './types'

export const fetchFiles = getFetcherWithDates<FileRow>('/api/file')
export const deleteFiles = deleter('/api/file')
export { downloadStoredFile, uploadFile }

/** Images and PDF open in a new tab (fetched with the token, shown from a blob URL). */
export async function previewFile(id: number): Promise<void> {
  const res = await http.get<Blob>('/api/file/view', { params: { id }, responseType: 'blob' })
  const url = URL.createObjectURL(res.data)
  window.open(url, '_blank', 'noopener')
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export const canPreview = (contentType: string) => /^image\/(png|jpe?g|gif|webp|bmp)$/.test(contentType) || contentType === 'application/pdf'
