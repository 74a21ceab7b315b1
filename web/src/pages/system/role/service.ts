import { get, put, post } from '@/api/request'
import { deleter, getFetcher } from '@/components/crud'
import type { Role, RoleBody } from './types'

export const fetchRoles = getFetcher<Role>('/api/roles')
export const getRole = (id: number) => get<Role>(`/api/roles/${id}`)
export const createRole = (body: RoleBody) => post<Role>('/api/roles', body)
export const updateRole = (body: RoleBody) => put<void>('/api/roles', body)
export const deleteRoles = deleter('/api/roles')
/** Replaces the role's menus; menuIds must include the half-checked parents. */
export const saveRoleMenus = (id: number, menuIds: number[]) => put<void>('/api/roles/menu', { id, menuIds })
export { menuTree } from '../shared/menu'
