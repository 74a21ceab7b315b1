import { del, get, http, LONG_TIMEOUT, put, post, type Page } from '@/api/request'
import { downloadFile } from '@/api/file'

/** Batch states of the staged import (spec: NO_START 0, STASHED_END 1, COLLECT_END 2, IMPORT_END 3). */
export const BATCH_NO_START = 0
export const BATCH_STASHED = 1
export const BATCH_COLLECTED = 2
export const BATCH_IMPORTED = 3

export type RowStatus = 'new' | 'changed' | 'unchanged' | 'invalid'

export const ROW_STATUS_LABELS: Record<RowStatus, string> = { new: '新增', changed: '变更', unchanged: '未变', invalid: '错误' }

/** A column of the kind's template (GET /api/import/{kind}/columns). */
export interface ImportColumn {
  key: string
  label: string
  required: boolean
  /** Dictionary whose labels the cell accepts. */
  dict?: string
  example?: string
  /** An ID number or phone: stored encrypted while staged and shown masked. */
  personal?: 'idNumber' | 'phone'
}

export interface ImportBatch {
  id: number
  kind: string
  fileName: string
  state: number
  total: number
  newCount: number
  changedCount: number
  unchangedCount: number
  invalidCount: number
  createdBy: number
  createdAt: string
  committedAt: string | null
  /** Row numbers of the template's example rows (序号 示例) the upload left out; answered by the upload only. */
  exampleRows?: number[]
  /** What the commit hands back once (the user import's initial passwords); never stored. */
  result?: unknown
}

export interface ImportRow {
  id: number
  rowNo: number
  status: RowStatus
  cells: Record<string, string>
  errors: { column: string; message: string }[]
  changes: { field: string; label: string; old: string; new: string }[]
  targetId: number | null
}

const base = (kind: string) => `/api/import/${encodeURIComponent(kind)}`

export const importColumns = (kind: string) => get<ImportColumn[]>(`${base(kind)}/columns`)

export const downloadImportTemplate = (kind: string, title: string) => downloadFile(`${base(kind)}/template`, undefined, `${title}导入模板.xlsx`)

/**
 * Uploads the xlsx; the server stages and validates it before answering. Silent: the wizard
 * shows the server's reason (bad header, empty sheet, …) next to the upload box.
 */
export function uploadBatch(kind: string, file: File, onProgress?: (percent: number) => void): Promise<ImportBatch> {
  const form = new FormData()
  form.append('file', file)
  return http
    .post<ImportBatch>(`${base(kind)}/batches`, form, {
      timeout: LONG_TIMEOUT,
      silent: true,
      headers: { 'Content-Type': 'multipart/form-data' },
      onUploadProgress: (e) => {
        if (onProgress && e.total) onProgress(Math.round((e.loaded * 100) / e.total))
      },
    })
    .then((r) => r.data)
}

/** The batch's bad rows as the user typed them, with a 错误原因 column (fix them there and upload the file again). */
export const downloadInvalidRows = (kind: string, id: number, title: string) =>
  downloadFile(`${base(kind)}/batches/${id}/invalid.xlsx`, undefined, `${title}导入错误行.xlsx`)

export const getBatch = (kind: string, id: number) => get<ImportBatch>(`${base(kind)}/batches/${id}`)

export const batchRows = (kind: string, id: number, status: RowStatus | '', page: number, size: number) =>
  get<Page<ImportRow>>(`${base(kind)}/batches/${id}/rows`, { status, page, size })

export const updateRow = (kind: string, batchId: number, rowId: number, cells: Record<string, string>) =>
  put<{ row: ImportRow; batch: ImportBatch }>(`${base(kind)}/batches/${batchId}/rows/${rowId}`, { cells })

export const commitBatch = (kind: string, id: number, skipInvalid: boolean) =>
  post<ImportBatch>(`${base(kind)}/batches/${id}/commit`, { skipInvalid }, { timeout: LONG_TIMEOUT })

export const abandonBatch = (kind: string, id: number) => del<void>(`${base(kind)}/batches/${id}`)
