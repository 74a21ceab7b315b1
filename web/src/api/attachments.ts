import type { Attachment } from '@/components/flow/types'
import { downloadFile } from './file'
import { del, get, http, upload } from './request'

/** An attachment as a record's attachment routes answer it (system.AttachRoutes). */
export interface RecordAttachment extends Attachment {
  recordId: number
  kind: string
  fileId: number
}

/**
 * The attachments of one record, under its API (e.g. `/api/dyjbxx/5/attachments`): listed, uploaded,
 * removed, viewed and downloaded there, so whoever sees the record sees its files and nobody else.
 */
export function recordAttachments(base: string) {
  const kindQuery = (kind?: string) => (kind ? `?kind=${encodeURIComponent(kind)}` : '')
  return {
    /** Of one kind ('' the general attachments), or of every kind. */
    list: (kind?: string) => get<RecordAttachment[]>(base, kind === undefined ? undefined : { kind }),
    upload: (file: File, kind?: string, onProgress?: (p: number) => void) => {
      const form = new FormData()
      form.append('file', file)
      return upload<RecordAttachment>(`${base}${kindQuery(kind)}`, form, onProgress)
    },
    remove: (id: number) => del<void>(`${base}/${id}`),
    view: (id: number, opts: { silent?: boolean } = {}) =>
      http.get<Blob>(`${base}/${id}/view`, { responseType: 'blob', silent: opts.silent }).then((r) => r.data),
    download: (a: Attachment) => downloadFile(`${base}/${a.id}/download`, undefined, a.name),
  }
}

export type RecordAttachmentsApi = ReturnType<typeof recordAttachments>
