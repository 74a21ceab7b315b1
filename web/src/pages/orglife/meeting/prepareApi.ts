// The preparation of 组织生活会 and 民主生活会 and the rectification items (docs/orglife.md "Preparation",
// "Rectification items"); the JSON types are generated from internal/orglife (`make gen`).
import { get, post, put } from '@/api/request'
import type { OpinionsInput, Preparation, ProgressInput, RectifyInput, RectifyView, TalksInput } from '@/api/generated/orglifePrepare'
import { MEETINGS } from './api'

export type { Preparation, RectifyInput, RectifyView } from '@/api/generated/orglifePrepare'
export { RECTIFY_STATES } from '@/api/generated/orglifePrepare'

const prepare = (id: number) => `${MEETINGS}/${id}/prepare`

export const preparationOf = (id: number) => get<Preparation>(prepare(id))
export const confirmTalks = (id: number, body: TalksInput) => put<Preparation>(`${prepare(id)}/talks`, body)
export const recordOpinions = (id: number, body: OpinionsInput) => put<Preparation>(`${prepare(id)}/opinions`, body)
/** A participant's 对照检查材料 (kind `check`), kept per attendee. */
export const checkFilesApi = (attendeeId: number) => `/api/zzsh/attendees/${attendeeId}/attachments`

/** Whether a meeting's type has a preparation and rectification items of its own (组织生活会, 民主生活会). */
export const reviewed = (typeCode: string) => typeCode === 'zzshh' || typeCode === 'mzshh'

export const RECTIFY = '/api/zzsh/rectify'
export const rectifyOf = (id: number) => get<RectifyView[]>(`${MEETINGS}/${id}/rectify`)
export const addRectify = (id: number, body: RectifyInput) => post<RectifyView>(`${MEETINGS}/${id}/rectify`, body)
export const updateRectify = (itemId: number, body: RectifyInput) => put<RectifyView>(`${RECTIFY}/${itemId}`, body)
export const addProgress = (itemId: number, body: ProgressInput) => post<RectifyView>(`${RECTIFY}/${itemId}/progress`, body)
export const closeRectify = (itemId: number, note: string) => post<RectifyView>(`${RECTIFY}/${itemId}/close`, { note })
