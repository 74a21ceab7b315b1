import type { Menu } from '../shared/menu'

export type { Menu }

/** Body of POST / PUT /api/menus: a menu's own fields. */
export type MenuBody = Omit<Menu, 'id' | 'createTime' | 'children'> & { id?: number }
