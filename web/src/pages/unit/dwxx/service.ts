import { del, get, post, put, type Page } from '@/api/request'
import { cleanFilters, type CrudFetcher } from '@/components/crud'
import type { TrailEntry } from '@/components/trail/ChangeTrail'
import { countNodes, forestOf } from '@/utils/tree'
import type { Team, TeamBody, Unit, UnitBody } from './types'

/** The server's page limit: enough for every unit of a university. */
const ALL = 10000

/** Browsing (no filter but the status) shows the units as a tree; any search shows a paged list. */
export function isBrowsing(filters: Record<string, unknown>): boolean {
  return Object.keys(cleanFilters(filters)).every((k) => k === 'status')
}

/** The unit list: the whole tree (one request) while browsing, else the server's page. */
export const fetchUnits: CrudFetcher<Unit> = async (q) => {
  const filters = cleanFilters(q.filters)
  if (isBrowsing(filters)) {
    const p = await get<Page<Unit>>('/api/dwxx', { page: 0, size: ALL, sort: q.sort.length ? q.sort : ['sort,asc'], ...filters })
    return { content: forestOf(p.content), totalElements: countNodes(p.content) }
  }
  return get<Page<Unit>>('/api/dwxx', { page: q.page, size: q.size, sort: q.sort, ...filters })
}

export const unitDetail = (id: number) => get<Unit>(`/api/dwxx/${id}`)
export const createUnit = (body: UnitBody) => post<Unit>('/api/dwxx', body)
export const updateUnit = (body: UnitBody) => put<Unit>('/api/dwxx', body)
export const revokeUnit = (id: number, revokedOn: string) => post<Unit>(`/api/dwxx/${id}/revoke`, { revokedOn })
export const restoreUnit = (id: number) => post<Unit>(`/api/dwxx/${id}/restore`)

export const unitTrail = (id: number, page: number, size: number) => get<Page<TrailEntry>>(`/api/dwxx/${id}/trail`, { page, size })
export const restoreUnitTrail = (trailId: number) => post<Unit>('/api/dwxx/trail/restore', { trailId })

export const unitTeams = (id: number) => get<Page<Team>>(`/api/dwxx/${id}/ldbz`).then((p) => p.content)
export const createTeam = (unitId: number, body: TeamBody) => post<Team>(`/api/dwxx/${unitId}/ldbz`, body)
export const updateTeam = (unitId: number, body: TeamBody) => put<void>(`/api/dwxx/${unitId}/ldbz`, body)
export const deleteTeams = (unitId: number, ids: number[]) => del<void>(`/api/dwxx/${unitId}/ldbz`, ids)

/** Where a unit opens from other pages (the trail): its list with the detail drawer open. */
export const unitPath = (id: number) => `/unit/dwxx?id=${id}`
