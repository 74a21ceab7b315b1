import Fuse, { type IFuseOptions } from 'fuse.js'
import type { AppRoute } from './menus'

export interface SearchEntry {
  /** Parent titles joined by ' > '. */
  title: string
  path: string
}

/** Options of spec §9 (fuse.js 7 has no maxPatternLength; patterns are cut to 32 below). */
export const FUSE_OPTIONS: IFuseOptions<SearchEntry> = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
}
export const MAX_PATTERN_LENGTH = 32

/** Searchable entries: only permitted (present) and non-hidden routes. */
export function searchEntries(routes: AppRoute[]): SearchEntry[] {
  return routes.filter((r) => !r.meta.hidden).map((r) => ({ title: r.meta.trail.join(' > '), path: r.path }))
}

export function createMenuSearch(entries: SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(entries, FUSE_OPTIONS)
  return (query) => {
    const q = query.trim().slice(0, MAX_PATTERN_LENGTH)
    return q ? fuse.search(q).map((r) => r.item) : []
  }
}
