import type { User } from '@/api/types'

/** A row of the user lists: the user object plus what only administrators see. */
export interface UserRow extends User {
  isAdmin?: boolean
  /** Why the password must change: initial | reset | weak | '' */
  pwdState?: string
}

/** Body of POST / PUT /api/users. */
export interface UserBody {
  id?: number
  username: string
  nickName: string
  gender: string
  phone: string
  email: string
  deptId: number | null
  /** 所在党组织 (null: none) */
  orgId: number | null
  roleIds: number[]
  enabled: boolean
}

export interface RoleOption {
  id: number
  name: string
  level?: number
}

/** An initial password the server generated; it is answered once and stored only as a hash. */
export interface InitialPassword {
  id?: number
  username: string
  nickName?: string
  initialPassword: string
}

/** The list views of the page, each its own endpoint. */
export type UserView = 'all' | 'weak' | 'noEnter' | 'hasLeft'

export const PWD_STATE_LABELS: Record<string, string> = {
  initial: '初始密码',
  reset: '已被重置',
  weak: '不符合密码规则',
}
