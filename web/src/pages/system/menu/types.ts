export type { Menu } from '../shared/menu'

/** Body of POST / PUT /api/menus. */
export interface MenuBody {
  id?: number
  pid: number | null
  type: number
  title: string
  name: string
  component: string
  path: string
  icon: string
  sort: number
  hidden: boolean
  noCache: boolean
  extpath: string
  permission: string
}
