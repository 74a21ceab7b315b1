import { downloadFile } from '@/api/file'
import type { Comparison, Diff, RosterEntry, Snapshot, SnapshotChange, SnapshotDetail, TableView, TakeInput } from '@/api/generated/statsSnapshot'
import { get, LONG_TIMEOUT, post, type Page } from '@/api/request'
import { cleanFilters } from '@/components/crud/query'

// The snapshots' JSON is the server's (zhdj gen: internal/stats/snapshot).
export type { Cell, Comparison, Diff, FrozenLine, RosterEntry, Snapshot, SnapshotChange, SnapshotDetail, TableHead, TableView } from '@/api/generated/statsSnapshot'

const API = '/api/sjkz'

/** A roster's or a difference's filters. */
export interface MemberFilter {
  orgId?: number | null
  name?: string
}

export const listSnapshots = (page: number, size: number) => get<Page<Snapshot>>(`${API}/snapshots`, { page, size })
/** Taking a snapshot writes every counted member in one transaction: seconds at 200,000 members, hence the long timeout. */
export const takeSnapshot = (body: TakeInput) => post<Snapshot>(`${API}/snapshots`, body, { timeout: LONG_TIMEOUT })
export const getSnapshot = (id: number) => get<SnapshotDetail>(`${API}/snapshots/${id}`)
export const getFrozenTable = (id: number, key: string, level: string, page: number, size: number) =>
  get<TableView>(`${API}/snapshots/${id}/tables/${encodeURIComponent(key)}`, { level, page, size })
export const getRoster = (id: number, f: MemberFilter, page: number, size: number) =>
  get<Page<RosterEntry>>(`${API}/snapshots/${id}/members`, cleanFilters({ ...f, page, size }))
export const exportRoster = (s: Snapshot, f: MemberFilter) =>
  downloadFile(`${API}/snapshots/${s.id}/members/export`, cleanFilters({ ...f }), `数据快照花名册-${s.date ?? ''}.xlsx`)
export const compare = (a: number, b: number) => get<Comparison>(`${API}/compare`, { a, b })
export const getDiff = (a: number, b: number, f: MemberFilter & { change?: SnapshotChange | null }, page: number, size: number) =>
  get<Page<Diff>>(`${API}/compare/members`, cleanFilters({ a, b, ...f, page, size }))
export const exportComparison = (a: Snapshot, b: Snapshot) =>
  downloadFile(`${API}/compare/export`, { a: a.id, b: b.id }, `数据快照对比-${a.date ?? ''}-${b.date ?? ''}.xlsx`)
