import { http, get, post, type Page } from '@/api/request'
import { downloadFile } from '@/api/file'
import type { Beat, BeatResult, Detail, LearnerView, MyCourse, NodeStudy, Started } from '@/api/generated/course'
import type { MyBatch } from '@/api/generated/pschool'

/** The study centre (dx:learn): the caller's own progress only. */
const API = '/api/pschool'

export const learnerCourses = (q: { page: number; size: number; blurry?: string }) => get<Page<LearnerView>>(`${API}/course`, q)
export const learnerCourse = (id: number) => get<Detail>(`${API}/course/${id}`)
export const studyNode = (id: number) => get<NodeStudy>(`${API}/node/${id}`)
export const startNode = (id: number) => post<Started>(`${API}/node/${id}/start`)
export const beatNode = (id: number, body: Beat) => post<BeatResult>(`${API}/node/${id}/beat`, body, { silent: true })

/** The node's file with range requests; the session cookie signs a <video> or <iframe> request in. */
export const nodeFileUrl = (id: number) => `${API}/node/${id}/file`
/** The study pages by node type. */
export const nodePath = (id: number, nodeType: number) => (nodeType === 1 ? `/pschool/video/view?node=${id}` : `/pschool/doc/view?node=${id}`)

/** A document's bytes (a PDF shown from a blob URL: the file service's sandboxing headers would block the viewer in a frame). */
export const nodeFileBlob = (id: number) => http.get<Blob>(nodeFileUrl(id), { responseType: 'blob' }).then((r) => r.data)

/** 我的课程: the courses the caller started, the one studied last first, with the node to resume. */
export const myCourses = (q: { page: number; size: number }) => get<Page<MyCourse>>(`${API}/my/courses`, q)

/** 我的培训班: the caller's batches with their progress against the requirements (dx:learn). */
export const myBatches = () => get<MyBatch[]>('/api/dx/my/batches')
/** The caller's own certificate of a batch they completed (DOCX). */
export const myCertificate = (batchId: number, title: string) =>
  downloadFile(`/api/dx/my/batches/${batchId}/certificate`, undefined, `${title}结业证书.docx`)

/**
 * The caller's 学时 of a year against the year's target, from the hours report (学时统计,
 * GET /api/xssb/my). Silent: the home shows a quiet "unavailable" line when it fails, not an error.
 */
export interface MyHours {
  year: number
  target: number
  online: number
  offline: number
  total: number
  met: boolean
}
export const myHours = (year: number) => get<MyHours>('/api/xssb/my', { year }, { silent: true })
/** The full personal hours report. */
export const HOURS_REPORT_PATH = '/xssb/active/user'
/** A batch's course for its detail: silent, a course unpublished since is shown as such rather than as an error. */
export const batchCourse = (id: number) => get<Detail>(`${API}/course/${id}`, undefined, { silent: true })
