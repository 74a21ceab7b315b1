import { create } from 'zustand'

export interface TagView {
  /** Pathname: the tab's identity (one tab per page). */
  path: string
  /** Pathname plus query as last visited: where clicking the tab goes. */
  fullPath: string
  title: string
  affix?: boolean
}

export const HOME_PATH = '/home/home'
const NO_NAME = 'no-name'

interface TagsState {
  visitedViews: TagView[]
  /** Paths whose page stays mounted while hidden (keep-alive); noCache routes never enter. */
  cachedViews: string[]
  addView: (view: TagView, noCache?: boolean) => void
  delView: (path: string) => void
  delCachedView: (path: string) => void
  delOthersViews: (path: string) => void
  delAllViews: () => void
  reset: () => void
}

export const useTagsStore = create<TagsState>((set) => ({
  visitedViews: [],
  cachedViews: [],
  addView: (view, noCache = false) =>
    set((s) => {
      const known = s.visitedViews.some((v) => v.path === view.path)
      const visitedViews = known
        ? s.visitedViews.map((v) => (v.path === view.path && v.fullPath !== view.fullPath ? { ...v, fullPath: view.fullPath } : v))
        : [...s.visitedViews, { ...view, title: view.title || NO_NAME }]
      const cachedViews = noCache || s.cachedViews.includes(view.path) ? s.cachedViews : [...s.cachedViews, view.path]
      return { visitedViews, cachedViews }
    }),
  delView: (path) =>
    set((s) => ({
      visitedViews: s.visitedViews.filter((v) => v.path !== path || v.affix),
      cachedViews: s.cachedViews.filter((p) => p !== path),
    })),
  delCachedView: (path) => set((s) => ({ cachedViews: s.cachedViews.filter((p) => p !== path) })),
  delOthersViews: (path) =>
    set((s) => ({
      visitedViews: s.visitedViews.filter((v) => v.affix || v.path === path),
      cachedViews: s.cachedViews.filter((p) => p === path),
    })),
  delAllViews: () => set((s) => ({ visitedViews: s.visitedViews.filter((v) => v.affix), cachedViews: [] })),
  reset: () => set({ visitedViews: [], cachedViews: [] }),
}))

/** Where to go after closing the active tab: the last remaining tab, or home when none remain. */
export function pathAfterClose(remaining: TagView[]): string {
  return remaining.length > 0 ? remaining[remaining.length - 1].fullPath : HOME_PATH
}
