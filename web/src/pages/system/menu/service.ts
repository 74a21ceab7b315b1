import { del, post, put, type Page } from '@/api/request'
import type { CrudFetcher } from '@/components/crud'
import { menuTree, type Menu } from '../shared/menu'
import { countNodes, filterTree, pruneEmptyChildren } from '@/utils/tree'
import type { MenuBody } from './types'

export { menuTree }

/**
 * The whole tree as one "page" for CrudTable; the 标题 search filters it here (the endpoint has
 * no filters), keeping the ancestors of matches.
 */
export const fetchMenuTree: CrudFetcher<Menu> = async (q) => {
  const tree = await menuTree()
  const k = typeof q.filters.blurry === 'string' ? q.filters.blurry.trim() : ''
  const shown = k ? filterTree(tree, (m) => m.title.includes(k) || m.permission.includes(k) || m.component.includes(k)) : tree
  return { content: pruneEmptyChildren(shown), totalElements: countNodes(shown) } satisfies Page<Menu>
}

export const createMenu = (body: MenuBody) => post<Menu>('/api/menus', body)
export const updateMenu = (body: MenuBody) => put<void>('/api/menus', body)
/** Deletes the entries with everything below them. */
export const deleteMenus = (ids: number[]) => del<void>('/api/menus', ids)
