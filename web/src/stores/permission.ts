import { create } from 'zustand'
import { myMenuTree } from '@/api/menu'
import type { MenuNode } from '@/api/types'
import { buildMenuModel, placeUnder, type AppRoute, type MenuModel } from '@/app/router/menus'
import { availableNamedRoutes, LAYOUT_ROUTES } from '@/app/router/staticRoutes'

const EMPTY: MenuModel = { routes: [], top: [], side: {} }

interface PermissionState {
  loaded: boolean
  model: MenuModel
  /** Every route inside the main layout: static, named (when present) and menu routes. */
  routes: AppRoute[]
  /** First-level entry whose children fill the sidebar; kept when a static page is open. */
  activeTop: string
  setMenus: (tree: MenuNode[]) => void
  loadMenus: () => Promise<void>
  setActiveTop: (top: string) => void
  reset: () => void
}

export function mergeRoutes(...lists: AppRoute[][]): AppRoute[] {
  const seen = new Set<string>()
  return lists.flat().filter((r) => (seen.has(r.path) ? false : (seen.add(r.path), true)))
}

export const usePermissionStore = create<PermissionState>((set, get) => ({
  loaded: false,
  model: EMPTY,
  routes: [],
  activeTop: '',
  setMenus: (tree) => {
    const model = buildMenuModel(tree)
    set({
      loaded: true,
      model,
      routes: placeUnder(mergeRoutes(LAYOUT_ROUTES, availableNamedRoutes(), model.routes)),
      activeTop: get().activeTop || model.top[0]?.key || '',
    })
  },
  loadMenus: async () => get().setMenus(await myMenuTree()),
  setActiveTop: (activeTop) => set({ activeTop }),
  reset: () => set({ loaded: false, model: EMPTY, routes: [], activeTop: '' }),
}))
