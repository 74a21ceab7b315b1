import { cleanFilters, type CrudFetcher, type CrudQuery } from './query'
import { get, type Page } from '@/api/request'

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The search form sends dates as YYYY-MM-DD and the server reads a bare date as midnight, so an
 * "until" date would leave out its own day: make `…To` filters the end of that day.
 */
export function inclusiveDates(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filters).map(([k, v]) => [k, /To$/.test(k) && typeof v === 'string' && DATE_ONLY.test(v) ? `${v} 23:59:59` : v]),
  )
}

/** A GET list whose `…To` date filters include their whole day. */
export function getFetcherWithDates<T>(url: string): CrudFetcher<T> {
  return (q: CrudQuery) => get<Page<T>>(url, { page: q.page, size: q.size, sort: q.sort, ...inclusiveDates(cleanFilters(q.filters)) })
}
