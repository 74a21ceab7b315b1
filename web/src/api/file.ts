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

/** A stored file's bytes: the API wants the session's bearer token, which an <img> or a link cannot send. */
export const viewStoredFile = (id: number, opts: { silent?: boolean } = {}) =>
  http.get<Blob>('/api/file/view', { params: { id }, responseType: 'blob', silent: opts.silent }).then((r) => r.data)

const IMAGE_EXTS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'])

/**
 * How a stored file previews in the browser, or null when it only downloads. The server serves inline by
 * extension (system.InlineTypes: these images and PDF), so the name decides; the content type is the fallback.
 */
export function previewKind(name: string, contentType = ''): 'image' | 'pdf' | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1].toLowerCase()
  if (ext) return IMAGE_EXTS.has(ext) ? 'image' : ext === 'pdf' ? 'pdf' : null
  if (/^image\/(png|jpe?g|gif|webp|bmp)$/.test(contentType)) return 'image'
  return contentType === 'application/pdf' ? 'pdf' : null
}

/** Opens fetched bytes (an image or PDF) in a new tab, from a blob URL. */
export function openBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob)
  window.open(url, '_blank', 'noopener')
  // The tab has loaded the blob long before this; revoking frees the bytes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** Opens a stored file (image or PDF) in a new tab, from a blob URL fetched with the token. */
export async function openStoredFile(id: number): Promise<void> {
  openBlob(await viewStoredFile(id))
}
