import { del, get, post, put, type Page } from '@/api/request'
import { cleanFilters, type CrudFetcher } from '@/components/crud'
import type { Dept } from '@/components/dept/dept'
import { countNodes, pruneEmptyChildren } from '@/utils/tree'
import type { DeptBody } from './types'

/** The managed tree (dept:list, data scope applies); with a name filter the server answers a flat list. */
export const deptList = (filters: Record<string, unknown> = {}) => get<Page<Dept>>('/api/dept', cleanFilters(filters))

export const fetchDepts: CrudFetcher<Dept> = async (q) => {
  const { content } = await deptList(q.filters)
  return { content: pruneEmptyChildren(content), totalElements: countNodes(content) }
}

export const createDept = (body: DeptBody) => post<Dept>('/api/dept', body)
export const updateDept = (body: DeptBody) => put<void>('/api/dept', body)
export const deleteDepts = (ids: number[]) => del<void>('/api/dept', ids)
