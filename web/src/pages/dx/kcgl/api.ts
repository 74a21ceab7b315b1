import { del, get, post, put, upload, type Page } from '@/api/request'
import type { Detail, Input, ItemInput, View } from '@/api/generated/course'

/** 课程管理: kc:* in the caller's organisation scope. */
export const API = '/api/dx/course'

const one = (id: number) => `${API}/${id}`
const item = (id: number, itemId: number) => `${one(id)}/items/${itemId}`

export interface ListParams {
  page: number
  size: number
  blurry?: string
  state?: number
}

export const listCourses = (q: ListParams) => get<Page<View>>(API, q)
export const courseDetail = (id: number) => get<Detail>(one(id))
export const createCourse = (body: Input) => post<Detail>(API, body)
export const updateCourse = (id: number, body: Input) => put<Detail>(one(id), body)
export const deleteCourses = (ids: number[]) => del<void>(API, ids)
export const setPublished = (id: number, publish: boolean) => post<Detail>(`${one(id)}/${publish ? 'publish' : 'unpublish'}`)
export const addItem = (id: number, body: ItemInput) => post<Detail>(`${one(id)}/items`, body)
export const updateItem = (id: number, itemId: number, body: ItemInput) => put<Detail>(item(id, itemId), body)
export const deleteItem = (id: number, itemId: number) => del<Detail>(item(id, itemId))
export const moveItem = (id: number, itemId: number, dir: 'up' | 'down') => post<Detail>(`${item(id, itemId)}/move?dir=${dir}`)

/** Uploads a node's video or document (multipart "file"), with the upload's progress. */
export function uploadNodeFile(id: number, itemId: number, file: File, onProgress?: (p: number) => void) {
  const form = new FormData()
  form.append('file', file)
  return upload<Detail>(`${item(id, itemId)}/file`, form, onProgress)
}

/** Uploads the course's cover image. */
export function uploadCover(id: number, file: File) {
  const form = new FormData()
  form.append('file', file)
  return upload<Detail>(`${one(id)}/cover`, form)
}

/** The length of a video file in whole seconds, read by the browser from its metadata (null when it cannot). */
export function videoDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const v = document.createElement('video')
    const done = (d: number | null) => {
      URL.revokeObjectURL(url)
      resolve(d)
    }
    v.preload = 'metadata'
    v.onloadedmetadata = () => done(Number.isFinite(v.duration) && v.duration > 0 ? Math.round(v.duration) : null)
    v.onerror = () => done(null)
    v.src = url
  })
}
