import { get, put, post } from '@/api/request'
import { deleter, getFetcher } from '@/components/crud'
import type { Role, RoleBody } from './types'

export const fetchRoles = getFetcher<Role>('/api/roles')
export const getRole = (id: number) => get<Role>(`/api/roles/${id}`)
/** A role as its form edits it: with its custom departments and custom party organisations. */
export const getRoleForEdit = async (id: number): Promise<Role> => {
  const [role, scope] = await Promise.all([getRole(id), get<{ orgs: { id: number }[] }>(`/api/dzzxx/roleScope/${id}`)])
  return { ...role, dzzIds: scope.orgs.map((o) => o.id) }
}
export const createRole = (body: RoleBody) => post<Role>('/api/roles', body)
export const updateRole = (body: RoleBody) => put<void>('/api/roles', body)
export const deleteRoles = deleter('/api/roles')
/** Replaces the role's menus; menuIds must include the half-checked parents. */
export const saveRoleMenus = (id: number, menuIds: number[]) => put<void>('/api/roles/menu', { id, menuIds })
export { menuTree } from '../shared/menu'
