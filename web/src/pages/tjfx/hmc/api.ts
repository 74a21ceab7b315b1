import { downloadFile } from '@/api/file'
import type { QueryResult, Roster } from '@/api/generated/statsQuery'
import { get } from '@/api/request'
import { cleanFilters } from '@/components/crud/query'

export type { QueryResult, Roster } from '@/api/generated/statsQuery'

const API = '/api/hmc'

export const getRosters = () => get<Roster[]>(`${API}/rosters`)
export const getRoster = (key: string, orgId: number | null, page: number, size: number) =>
  get<QueryResult>(`${API}/roster/${key}`, cleanFilters({ orgId, page, size }))
export const exportRoster = (r: Roster, orgId: number | null) => downloadFile(`${API}/roster/${r.key}/export`, cleanFilters({ orgId }), `${r.title}.xlsx`)
