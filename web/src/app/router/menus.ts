import type { MenuNode } from '@/api/types'
import { isExternal } from '@/utils/validate'

/** Meta of a route the app renders inside the main layout. */
export interface RouteMeta {
  title: string
  icon?: string
  noCache?: boolean
  extpath?: string
  affix?: boolean
  hidden?: boolean
  /** Sidebar entry to highlight when this (hidden) route is open. */
  activeMenu?: string
  /** Titles from the first level down to this route. */
  trail: string[]
  /**
   * A page that belongs under a menu page (a record's detail under its list): the list's path. The
   * page then keeps the list's section: the list's menu entry stays selected and the breadcrumb is the
   * list's trail followed by `crumb` (placeUnder).
   */
  parent?: string
  /** The last breadcrumb under the parent (e.g. 详情); default the title. */
  crumb?: string
}

export interface AppRoute {
  /** Absolute path without the /web base. */
  path: string
  /** Page name such as "system/user", resolved through import.meta.glob. */
  component: string
  meta: RouteMeta
  /** Absolute path of the first-level entry it belongs to ('' for static routes). */
  top: string
}

export interface NavItem {
  key: string
  title: string
  icon?: string
  external: boolean
  children?: NavItem[]
  /** A first-level entry's mode (workbench) of the top bar and its name, as the server declares them. */
  workbench?: string
  workbenchTitle?: string
}

export interface MenuModel {
  routes: AppRoute[]
  /** First-level entries for the header menu. */
  top: NavItem[]
  /** Sidebar items per first-level path. */
  side: Record<string, NavItem[]>
}

/** Names that mean "a container", not a page. */
const CONTAINERS = new Set(['Layout', 'ParentView', ''])

export function joinPath(base: string, path: string): string {
  if (isExternal(path)) return path
  const raw = path.startsWith('/') ? path : `${base}/${path}`
  const clean = raw.replace(/\/+/g, '/')
  return clean.length > 1 ? clean.replace(/\/$/, '') : clean
}

const titleOf = (n: MenuNode) => n.meta?.title || n.name || n.path

/**
 * Server menu tree → flat routes + header/sidebar models. Every leaf with a page component becomes
 * a route at its absolute path (third-level leaves are thereby flattened under their first-level
 * parent); hidden nodes become hidden routes and stay out of the menus.
 */
export function buildMenuModel(tree: MenuNode[]): MenuModel {
  const routes: AppRoute[] = []
  const side: Record<string, NavItem[]> = {}

  const walk = (node: MenuNode, base: string, trail: string[], top: string, hidden: boolean): NavItem | null => {
    const path = joinPath(base, node.path)
    const titles = [...trail, titleOf(node)]
    const isHidden = hidden || !!node.hidden
    const kids = (node.children ?? [])
      .map((c) => walk(c, path, titles, top, isHidden))
      .filter((c): c is NavItem => c !== null)
    if (!node.children?.length && !CONTAINERS.has(node.component ?? '') && !isExternal(path)) {
      routes.push({
        path,
        component: node.component,
        top,
        meta: { title: titleOf(node), icon: node.meta?.icon, noCache: node.meta?.noCache, extpath: node.meta?.extpath, hidden: isHidden, trail: titles },
      })
    }
    if (isHidden) return null
    const item: NavItem = { key: path, title: titleOf(node), icon: node.meta?.icon, external: isExternal(path) }
    if (node.children?.length) {
      // A directory whose children are all hidden shows as nothing rather than an empty submenu.
      if (kids.length === 0) return null
      item.children = kids
    }
    return item
  }

  const top: NavItem[] = []
  for (const node of tree) {
    const path = joinPath('', node.path.startsWith('/') || isExternal(node.path) ? node.path : `/${node.path}`)
    const item = walk(node, '', [], path, false)
    side[path] = item?.children ?? []
    if (item) top.push({ ...item, workbench: node.meta?.workbench, workbenchTitle: node.meta?.workbenchTitle })
  }
  return { routes, top, side }
}

/**
 * Routes that name a parent menu page take its section: its first-level entry, its menu entry as the
 * selected one and its trail plus their crumb. A parent the user's menus lack leaves the route as it is.
 */
export function placeUnder(routes: AppRoute[]): AppRoute[] {
  return routes.map((r) => {
    const parent = r.meta.parent ? routes.find((p) => p.path === r.meta.parent) : undefined
    if (!parent) return r
    return { ...r, top: parent.top, meta: { ...r.meta, activeMenu: parent.path, trail: [...parent.meta.trail, r.meta.crumb ?? r.meta.title] } }
  })
}

/** The first-level entry that owns a path: its route's top, else the longest matching prefix. */
export function topFor(pathname: string, model: MenuModel): string | undefined {
  const route = model.routes.find((r) => r.path === pathname)
  if (route?.top) return route.top
  return model.top
    .map((t) => t.key)
    .filter((k) => pathname === k || pathname.startsWith(`${k}/`))
    .sort((a, b) => b.length - a.length)[0]
}

/** First leaf of a nav item (clicking a header entry opens it). */
export function firstLeaf(item: NavItem): string {
  return item.children?.length ? firstLeaf(item.children[0]) : item.key
}
