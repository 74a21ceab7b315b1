/** The user object of docs/api.md. */
export interface User {
  id: number
  username: string
  nickName: string
  gender: string
  phone: string
  email: string
  avatar: string
  dept: { id: number; name: string } | null
  /** 所在党组织: the party organisation the account belongs to (its data scope anchor). */
  org?: { id: number; name: string } | null
  /** The party member whose account it is. */
  member?: { id: number; name: string } | null
  /** A cadre's record names the account (gb_jbxx.user_id): 我的干部信息 is offered. */
  cadreLinked?: boolean
  roles: string[]
  roleList: { id: number; name: string }[]
  enabled: boolean
  activated: boolean
  hasLeft: boolean
  locked: boolean
  lastLoginTime: string | null
  createTime: string
}

/** A node of GET /api/menus/myTree. */
export interface MenuNode {
  path: string
  component: string
  name?: string
  hidden?: boolean
  redirect?: string
  alwaysShow?: boolean
  meta?: {
    title?: string
    icon?: string
    noCache?: boolean
    extpath?: string
    /** A first-level entry's mode (workbench) of the top bar, with its name. */
    workbench?: string
    workbenchTitle?: string
  }
  children?: MenuNode[]
}
