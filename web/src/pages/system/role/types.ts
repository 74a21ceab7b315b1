/** Data scopes of a role and their labels. */
export const DATA_SCOPES = [
  { value: 'ALL', label: '全部' },
  { value: 'LEVEL', label: '本级' },
  { value: 'LEVEL_AND_BELOW', label: '本级及下级' },
  { value: 'CUSTOM', label: '自定义' },
  { value: 'SELF', label: '仅本人' },
] as const

export type DataScope = (typeof DATA_SCOPES)[number]['value']

export interface Role {
  id: number
  name: string
  description: string
  level: number
  dataScope: DataScope
  dataScopeLabel?: string
  createTime: string
  /** Menu ids (GET /api/roles/{id} only; the list answers []). */
  menus: number[]
  /** Custom-scope department ids (GET /api/roles/{id} only). */
  depts: number[]
  /** Custom-scope party organisation ids (read apart, from GET /api/dzzxx/roleScope/{id}). */
  dzzIds?: number[]
  /** A role the platform ships with: only the super administrator changes it. */
  isSystem?: boolean
  /**
   * Whether the caller may change the role (edit, delete, menus). A non-admin sees the roles it
   * manages and the system roles it may assign; the server refuses changes to the others anyway.
   */
  editable: boolean
}

export interface RoleBody {
  id?: number
  name: string
  description: string
  level: number
  dataScope: DataScope
  deptIds: number[]
  /** The party organisations of a custom scope, each with its subtree (stored in the same save). */
  dzzIds: number[]
}
