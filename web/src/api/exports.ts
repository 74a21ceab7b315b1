import { downloadFile } from './file'
import { get } from './request'

/** A background export (system.StartExport): its state and the rows written so far. */
export interface ExportJob {
  id: number
  title: string
  fileName: string
  /** 0 生成中, 1 已完成, 2 失败 (system.ExportRunning…). */
  state: 0 | 1 | 2
  stateLabel: string
  rows: number
  size: number
  error: string
  createTime: string
  finishTime: string | null
}

export const EXPORT_RUNNING = 0
export const EXPORT_DONE = 1

/** Starts a list's export as a background job: the list's export URL with background=true answers the job. */
export const startExport = (url: string, params: object) => get<ExportJob>(url, { ...params, background: true })

export const exportJob = (id: number) => get<ExportJob>(`/api/exports/${id}`, undefined, { silent: true })

/** The finished file; only its requester may download it. */
export const downloadExport = (job: Pick<ExportJob, 'id' | 'fileName'>) => downloadFile(`/api/exports/${job.id}/file`, undefined, job.fileName)
