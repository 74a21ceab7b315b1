import { get } from '@/api/request'

/** Menu types of the server: 0 directory, 1 page, 2 button. */
export const MENU_DIR = 0
export const MENU_PAGE = 1
export const MENU_BUTTON = 2

export const MENU_TYPE_LABELS: Record<number, string> = { [MENU_DIR]: '目录', [MENU_PAGE]: '菜单', [MENU_BUTTON]: '按钮' }

/** A node of GET /api/menus/tree. */
export interface Menu {
  id: number
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
  /** A first-level directory's mode of the top bar (party, cadre, system); '' below the first level. */
  workbench: string
  createTime?: string
  children?: Menu[]
}

/** The full menu tree (menu:list). */
export const menuTree = () => get<Menu[]>('/api/menus/tree')

/** The modes a first-level directory may belong to (menu:list). */
export const menuWorkbenches = () => get<{ value: string; label: string }[]>('/api/menus/workbenches')
