import { get } from './request'
import type { MenuNode } from './types'

export const myMenuTree = () => get<MenuNode[]>('/api/menus/myTree')
