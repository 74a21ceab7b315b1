import { downloadFile } from '@/api/file'
import type { MappingInput, OccupationMapping, Result, TableBrief, TableLevel } from '@/api/generated/statsAnnual'
import { get, put } from '@/api/request'
import { cleanFilters } from '@/components/crud/query'

// The tables' JSON is the server's (zhdj gen: internal/stats/annual).
export type { Check, Column, Line, OccupationMapping, Result, TableBrief, TableLevel } from '@/api/generated/statsAnnual'

/** What a table is counted for: its reporting date, the filing organisation (null: the whole scope), the lines' level. */
export interface TableQuery {
  table: string
  date: string
  orgId: number | null
  level: TableLevel
}

const API = '/api/dntj'

export const listTables = () => get<TableBrief[]>(`${API}/tables`)
export const getTable = (q: TableQuery, page: number, size: number) =>
  get<Result>(`${API}/tables/${encodeURIComponent(q.table)}`, cleanFilters({ date: q.date, orgId: q.orgId, level: q.level, page, size }))
export const exportTable = (q: TableQuery, title: string) =>
  downloadFile(`${API}/tables/${encodeURIComponent(q.table)}/export`, cleanFilters({ date: q.date, orgId: q.orgId, level: q.level }), `${title}-${q.date}.xlsx`)
export const getOccupations = () => get<OccupationMapping>(`${API}/occupations`)
export const setOccupations = (body: MappingInput) => put<OccupationMapping>(`${API}/occupations`, body)
