import { del, get, post, put, type Page } from '@/api/request'
import { cleanFilters, getFetcher, type CrudFetcher } from '@/components/crud'
import type { TrailEntry } from '@/components/trail/ChangeTrail'
import { countNodes, pruneEmptyChildren } from '@/utils/tree'
import type { OrgBody, OrgDetail, OrgNode, OrgRelation } from './types'

/** The visible tree with member counts (one request); filters: name, status (1, 2 or all). */
export const buildTree = (filters: Record<string, unknown> = {}) => get<OrgNode[]>('/api/dzzxx/buildtree', cleanFilters(filters))

export const fetchTree: CrudFetcher<OrgNode> = async (q) => {
  const tree = await buildTree(q.filters)
  return { content: pruneEmptyChildren(tree), totalElements: countNodes(tree) }
}

export { orgPath } from '@/components/org/org'

export const orgDetail = (id: number) => get<OrgDetail>(`/api/dzzxx/${id}`)
export const createOrg = (body: OrgBody) => post<OrgDetail>('/api/dzzxx', body)
export const updateOrg = (body: OrgBody) => put<void>('/api/dzzxx', body)
export const deleteOrgs = (ids: number[]) => del<void>('/api/dzzxx', ids)

export const moveOrg = (id: number, pid: number | null) => post<void>('/api/dzzxx/move', { id, pid })
export const mergeOrgs = (sourceIds: number[], targetId: number) =>
  post<{ membersMoved: number; childrenMoved: number }>('/api/dzzxx/merge', { sourceIds, targetId })
export const splitOrg = (id: number, newOrg: OrgBody, childIds: number[]) => post<OrgDetail>('/api/dzzxx/split', { id, newOrg, childIds })
export const revokeOrg = (id: number, revokedOn: string) => post<void>('/api/dzzxx/revoke', { id, revokedOn })

export const orgTrail = (id: number, page: number, size: number) => get<Page<TrailEntry>>(`/api/dzzxx/${id}/trail`, { page, size })
export const restoreOrg = (trailId: number) => post<void>('/api/dzzxx/trail/restore', { trailId })

export const fetchRelations: CrudFetcher<OrgRelation> = getFetcher<OrgRelation>('/api/dzzxx/relations')

/** The update body of an organisation as it is (rename and other partial edits start from it). */
export function bodyOf(d: OrgDetail): OrgBody {
  return {
    id: d.id,
    code: d.code,
    name: d.name,
    shortName: d.shortName,
    type: d.type,
    category: d.category,
    unitDeptId: d.unitDeptId,
    foundedOn: d.foundedOn ?? '',
    secretaryName: d.secretaryName,
    committee: d.committee,
    termStart: d.termStart ?? '',
    termYears: d.termYears,
    contactPhone: d.contactPhone,
    sort: d.sort,
  }
}

/** A class or unit of a branch's coverage (覆盖范围) in the people registry. */
export interface CoverageItem {
  id: number
  name: string
  code: string
  grade: string
  unitName: string
}

/** GET /api/ry/coverage/{id}: what a branch covers, chosen within its college. */
export interface Coverage {
  dzzId: number
  dzzName: string
  collegeId: number
  collegeName: string
  /** The caller may change it (a scope above the branch). */
  editable: boolean
  classes: CoverageItem[]
  units: CoverageItem[]
}

export const coverageOf = (id: number) => get<Coverage>(`/api/ry/coverage/${id}`)
export const setCoverage = (dzzId: number, classIds: number[], unitIds: number[]) => put<void>('/api/ry/coverage', { dzzId, classIds, unitIds })
/** The college's classes a branch may cover, searched by name or code (the first 50). */
export const coverableClasses = (id: number, text: string) =>
  get<Page<CoverageItem>>(`/api/ry/coverage/${id}/classes`, { page: 0, size: 50, ...(text ? { blurry: text } : {}) }).then((p) => p.content)
/** The college's units (the college and those below it). */
export const coverableUnits = (id: number) => get<CoverageItem[]>(`/api/ry/coverage/${id}/units`)
