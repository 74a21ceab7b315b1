import { http, get, post, type Page } from '@/api/request'
import type { Beat, BeatResult, Detail, LearnerView, NodeStudy, Started } from '@/api/generated/course'

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
