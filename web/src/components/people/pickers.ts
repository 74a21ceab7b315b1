import { get, type Page } from '@/api/request'
import type { RemoteOption } from '@/components/RemoteSelect'

const PICKER_SIZE = 100

/** A class of GET /api/common/getBjInfo. */
export interface ClassPickerItem {
  id: number
  code: string
  name: string
  grade: string
  major: string
  unitId: number
  unitName: string
}

/** A student or teacher of GET /api/common/{xsjbxx,jsjbxx}. */
export interface PersonPickerItem {
  kind: 'xs' | 'js'
  kindLabel: string
  id: number
  name: string
  number: string
  gender: string
  unitId: number
  unitName: string
}

/** Grades to narrow classes by: one grade (a form) or several (a search), none when empty. */
export type Grades = string | string[] | null | undefined

export const searchClasses = (text: string, unitId?: number | null, grade?: Grades): Promise<RemoteOption[]> => {
  const grades = (Array.isArray(grade) ? grade : grade ? [grade] : []).filter(Boolean)
  return get<Page<ClassPickerItem>>('/api/common/getBjInfo', {
    page: 0,
    size: PICKER_SIZE,
    ...(text ? { blurry: text } : {}),
    ...(unitId ? { unitId } : {}),
    ...(grades.length ? { grade: grades } : {}),
  }).then((p) => p.content.map((c) => ({ value: c.id, label: `${c.name}（${c.unitName}）` })))
}

export const searchTeachers = (text: string, unitId?: number | null): Promise<RemoteOption[]> =>
  get<Page<PersonPickerItem>>('/api/common/jsjbxx', { page: 0, size: PICKER_SIZE, ...(text ? { blurry: text } : {}), ...(unitId ? { unitId } : {}) }).then((p) =>
    p.content.map((t) => ({ value: t.id, label: `${t.name}（${t.number}）` })),
  )
