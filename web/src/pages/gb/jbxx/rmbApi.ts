import { downloadFile } from '@/api/file'
import { http, LONG_TIMEOUT, upload, get } from '@/api/request'
import type { Page } from '@/api/request'
import { filenameFromDisposition, saveBlob } from '@/utils/download'

/** Processing state of an imported file (cadre info processing state, spec §4): rmb.StateBegin… */
export const LRMX_BEGIN = 1
export const LRMX_SUCCESS = 2
export const LRMX_FAIL = 3

export interface LrmxFieldError {
  field: string
  message: string
}

/** One imported .lrmx file (rmb.ImportRow). */
export interface LrmxImportRow {
  id: number
  fileName: string
  state: 1 | 2 | 3
  stateLabel: string
  errors: LrmxFieldError[]
  cadreId: number | null
  cadreName: string
  createTime: string
  updateTime: string
}

/** The 干部任免审批表 of one cadre as DOCX. */
export const downloadRmb = (id: number) => downloadFile(`/api/gbjbxx/${id}/rmb`, undefined, '干部任免审批表.docx')

/** One cadre's form as an .lrmx file. */
export const downloadLrmx = (id: number) => downloadFile(`/api/gbjbxx/${id}/lrmx`, undefined, '干部任免审批表.lrmx')

/** The forms of many cadres as one zip, streamed by the server. */
export async function downloadRmbBatch(ids: number[]): Promise<void> {
  const res = await http.post<Blob>('/api/gbjbxx/rmb/batch', { ids }, { responseType: 'blob', timeout: LONG_TIMEOUT })
  saveBlob(res.data, filenameFromDisposition(res.headers['content-disposition'] as string | undefined, '干部任免审批表.zip'))
}

/** Imports .lrmx files; each answers its own row (SUCCESS or FAIL with the errors per field). */
export function importLrmx(files: File[], unitId: number | null, onProgress?: (p: number) => void): Promise<LrmxImportRow[]> {
  const form = new FormData()
  for (const f of files) form.append('files', f)
  if (unitId) form.append('unitId', String(unitId))
  return upload<LrmxImportRow[]>('/api/gbjbxx/import/lrmx', form, onProgress)
}

/** The caller's imported files, newest first. */
export const lrmxImports = (page = 0, size = 10) => get<Page<LrmxImportRow>>('/api/gbjbxx/import/lrmx', { page, size })

/** The Excel template of the forms' fields (one row a cadre). */
export const downloadExcelTemplate = () => downloadFile('/api/gbjbxx/import/excel/template', undefined, '干部任免审批表导入模板.xlsx')

/** Imports the rows of a filled template; each row answers its own processing row. */
export function importExcel(file: File, unitId: number | null, onProgress?: (p: number) => void): Promise<LrmxImportRow[]> {
  const form = new FormData()
  form.append('file', file)
  if (unitId) form.append('unitId', String(unitId))
  return upload<LrmxImportRow[]>('/api/gbjbxx/import/excel', form, onProgress)
}
