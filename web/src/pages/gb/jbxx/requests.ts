import { SELF_FIELDS, type RequestInput, type RequestView } from '@/api/generated/cadre'
import { del, get, post, type Page } from '@/api/request'
import type { MyRecord } from '@/api/generated/cadre'

/** The cadre's own record and change requests (/api/gb/my), and their review (/api/gbjbxx/requests). */
export const myRecord = () => get<MyRecord>('/api/gb/my')
export const myRequests = () => get<RequestView[]>('/api/gb/my/requests')
export const propose = (b: RequestInput) => post<RequestView>('/api/gb/my/requests', b)
export const withdraw = (ids: number[]) => del<void>('/api/gb/my/requests', ids)
export const pendingRequests = (page: number, size: number) =>
  get<Page<RequestView>>('/api/gbjbxx/requests', { page, size, state: 'pending' })
export const accept = (id: number) => post<RequestView>(`/api/gbjbxx/requests/${id}/accept`, {})
export const reject = (id: number, note: string) => post<RequestView>(`/api/gbjbxx/requests/${id}/reject`, { note })

const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '')

/**
 * The items of a basic-information change: one per field a cadre may change whose value the form
 * changed (a masked phone sent back unchanged is no change).
 */
export function basicItems(before: Record<string, unknown>, after: Record<string, unknown>, reason = ''): RequestInput[] {
  return SELF_FIELDS.filter((f) => f in after && !same(before[f], after[f]) && !(f === 'phone' && String(after[f] ?? '').includes('*'))).map(
    (field) => ({ target: 'jbxx', field, value: after[field] ?? '', reason }),
  )
}

/** How a proposed value reads in the review list. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '（空）'
  if (typeof v !== 'object') return String(v)
  return Object.entries(v as Record<string, unknown>)
    .filter(([k, x]) => !['id', 'cadreId', 'sort', 'createTime', 'updateTime'].includes(k) && x !== null && x !== '' && x !== undefined)
    .map(([, x]) => String(x))
    .join('，')
}
