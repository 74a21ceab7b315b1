import type { AppRoute } from '@/app/router/menus'
import { OTHER_TYPES } from './types'

/** The meeting page's component: one menu entry per built-in type, and 其他会议 for the school's own. */
export const MEETING_PAGE = 'orglife/meeting'

/** The list's type from the page's path: its last segment (zbdydh … mzshh), `other` for 其他会议 (qthy). */
export function typeOfPath(pathname: string): string {
  const last = pathname.split('/').filter(Boolean).at(-1) ?? ''
  return last === 'qthy' ? OTHER_TYPES : last
}

/**
 * The path of the meeting page where meetings of `typeCode` are arranged, among the caller's routes: the type's
 * own page, else 其他会议 for a type of the school's; undefined when the caller has neither.
 */
export function meetingPathOf(routes: AppRoute[], typeCode: string): string | undefined {
  const pages = routes.filter((r) => r.component === MEETING_PAGE)
  return (pages.find((r) => typeOfPath(r.path) === typeCode) ?? pages.find((r) => typeOfPath(r.path) === OTHER_TYPES))?.path
}
