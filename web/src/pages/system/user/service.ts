import { get, post, put } from '@/api/request'
import { downloadFile } from '@/api/file'
import { cleanFilters, deleter, postFetcher, type CrudFetcher } from '@/components/crud'
import type { InitialPassword, RoleOption, UserBody, UserRow, UserView } from './types'

/** Paged lists: paging in the query, filters `{blurry, deptId, enabled, ...}` in the body. */
export const listFetchers: Record<UserView, CrudFetcher<UserRow>> = {
  all: postFetcher<UserRow>('/api/users/list'),
  weak: postFetcher<UserRow>('/api/users/listWeakPasswordPeople'),
  noEnter: postFetcher<UserRow>('/api/users/listNoEnterUser'),
  hasLeft: postFetcher<UserRow>('/api/users/listHasLeftUser'),
}

/** The answer carries the new account's random initial password, the only time it is shown. */
export const createUser = (body: UserBody) => post<UserRow & { initialPassword: string }>('/api/users', body)
export const updateUser = (body: UserBody) => put<void>('/api/users', body)
export const deleteUsers = deleter('/api/users')
export const setUsersEnabled = (ids: number[], enabled: boolean) => put<void>('/api/users/updateState', { ids, enabled })
export const unlockUsers = (ids: number[]) => post<void>('/api/users/unLock', { ids })
/** A new random initial password, answered once; the user must change it at the next sign-in. */
export const resetToInitial = (id: number) => post<InitialPassword>('/api/users/managerResetPass/', { id })
export const activateUsers = (ids: number[]) => post<void>('/api/users/registerNoEnterUser', { ids })
export const disableLeftUsers = (ids: number[]) => post<void>('/api/users/disabledUser', { ids })

/** Roles for the form; silent, because the page also works for editors without role:list. */
export const allRoles = () => get<RoleOption[]>('/api/roles/all', undefined, { silent: true })

export const exportUsers = (filters: Record<string, unknown>) => downloadFile('/api/users/export', cleanFilters(filters), '用户列表.xlsx')

