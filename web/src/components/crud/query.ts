import dayjs from 'dayjs'
import { del, get, post, type Page } from '@/api/request'

/** What a list page asks for: 0-based page, size, repeated sort, and the search form's filters. */
export interface CrudQuery {
  page: number
  size: number
  sort: string[]
  filters: Record<string, unknown>
}

export type CrudFetcher<T> = (q: CrudQuery) => Promise<Page<T>>

export const DEFAULT_PAGE_SIZE = 10

export function initialQuery(size = DEFAULT_PAGE_SIZE, sort: string[] = []): CrudQuery {
  return { page: 0, size, sort, filters: {} }
}

/** Filters without empty values (the server rejects unknown-but-empty fields no better than absent ones). */
export function cleanFilters(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)),
  )
}

/** antd's sorter → `field,asc|desc` strings. */
export function sortParams(sorter: unknown): string[] {
  const list = (Array.isArray(sorter) ? sorter : [sorter]) as { field?: unknown; columnKey?: unknown; order?: string | null }[]
  return list
    .filter((s) => s && s.order)
    .map((s) => `${String(Array.isArray(s.field) ? s.field.join('.') : (s.field ?? s.columnKey))},${s.order === 'ascend' ? 'asc' : 'desc'}`)
}

/** GET list endpoints: everything in the query string. */
export function getFetcher<T>(url: string): CrudFetcher<T> {
  return (q) => get<Page<T>>(url, { page: q.page, size: q.size, sort: q.sort, ...cleanFilters(q.filters) })
}

/** GET endpoints answering a whole, short list (not paged): shown as one page. */
export function listFetcher<T>(url: string): CrudFetcher<T> {
  return wholeList(() => get<T[]>(url))
}

/** A whole, short list read by `load` (e.g. a record's sub-table): shown as one page. */
export function wholeList<T>(load: () => Promise<T[]>): CrudFetcher<T> {
  return async () => {
    const list = await load()
    return { content: list, totalElements: list.length }
  }
}

/** POST list endpoints (e.g. /api/users/list): paging in the query, filters in the body. */
export function postFetcher<T>(url: string): CrudFetcher<T> {
  return (q) => post<Page<T>>(url, cleanFilters(q.filters), { params: { page: q.page, size: q.size, sort: q.sort } })
}

/** Delete endpoints take a JSON array of ids. */
export function deleter(url: string): (ids: (string | number)[]) => Promise<void> {
  return (ids) => del<void>(url, ids)
}

const day = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v)

/**
 * Search-form values → filters: dates become "YYYY-MM-DD" (the API's date format), and a date
 * range `k` becomes `kFrom` and `kTo`.
 */
export function formToFilters(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).flatMap(([k, v]) =>
      Array.isArray(v) && v.length === 2 && v.some((d) => dayjs.isDayjs(d))
        ? [
            [`${k}From`, day(v[0])],
            [`${k}To`, day(v[1])],
          ]
        : [[k, day(v)]],
    ),
  )
}
