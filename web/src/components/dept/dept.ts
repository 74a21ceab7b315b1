import { useQuery } from '@tanstack/react-query'
import { get, type Page } from '@/api/request'

/** A department as GET /api/dept and /api/dept/ByNoAuth answer. */
export interface Dept {
  id: number
  pid: number | null
  name: string
  sort: number
  enabled: boolean
  createTime: string
  updateTime?: string
  children?: Dept[]
}

/** The whole enabled tree for pickers (any signed-in user). */
export const deptPickerTree = () => get<Page<Dept>>('/api/dept/ByNoAuth').then((p) => p.content)

export const DEPT_PICKER_KEY = ['dept', 'picker'] as const

/** The picker tree, cached for the page's lifetime. */
export function useDeptPickerTree(enabled = true) {
  return useQuery({ queryKey: DEPT_PICKER_KEY, queryFn: deptPickerTree, staleTime: 60_000, enabled })
}
