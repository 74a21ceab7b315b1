import { get, post, put } from '@/api/request'
import { deleter, getFetcher, type CrudFetcher } from '@/components/crud'
import type { SchoolClass, Student, Teacher } from './types'

/** The CRUD endpoints of one people resource (xsjbxx, jsjbxx, bj). */
function resource<T, B>(name: string) {
  const url = `/api/${name}`
  return {
    fetch: getFetcher<T>(url) as CrudFetcher<T>,
    /** unmask shows the ID number and phone in clear (ry:unmask, logged by the server). */
    detail: (id: number, unmask = false) => get<T>(`${url}/${id}`, unmask ? { unmask: true } : undefined),
    create: (body: B) => post<T>(url, body),
    /** Fields left out keep their value; a masked ID number or phone sent back unchanged keeps its value too. */
    update: (body: B & { id: number }) => put<T>(url, body),
    remove: deleter(url),
  }
}

export type PersonBody = Record<string, unknown>

export const students = resource<Student, PersonBody>('xsjbxx')
export const teachers = resource<Teacher, PersonBody>('jsjbxx')
export const classes = resource<SchoolClass, PersonBody>('bj')

/** GET /api/ry/coverage/mine: whether the caller sees the registry by their branch's coverage, and which of their branches have none. */
export interface MyCoverage {
  branch: boolean
  uncovered: string[]
}

/** Silent: the lists work without it (it only explains why they are short). */
export const myCoverage = () => get<MyCoverage>('/api/ry/coverage/mine', undefined, { silent: true })
