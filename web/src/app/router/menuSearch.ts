import Fuse, { type IFuseOptions } from 'fuse.js'
import type { AppRoute } from './menus'
import { leafEntries } from './memberNav'
import { MEMBER_MODE, modeTitleOf, type Mode } from './modes'

export interface SearchEntry {
  /** Parent titles joined by ' > '. */
  title: string
  path: string
  /** The mode (工作台) the page belongs to, shown beside the result: the search spans every mode. */
  mode?: string
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

/**
 * Searchable entries: only permitted (present) and non-hidden routes, each with its mode, then the
 * member's own pages (the 党员 mode's entries, which are no menu).
 */
export function searchEntries(routes: AppRoute[], modes: Mode[] = []): SearchEntry[] {
  const pages = routes
    .filter((r) => !r.meta.hidden)
    .map((r) => ({ title: r.meta.trail.join(' > '), path: r.path, mode: modeTitleOf(r, modes) }))
  const member = modes.find((m) => m.key === MEMBER_MODE)
  const own = leafEntries(member?.entries ?? []).filter((e) => !pages.some((p) => p.path === e.key)).map((e) => ({ title: e.title, path: e.key, mode: member?.title }))
  return [...pages, ...own]
}

export function createMenuSearch(entries: SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(entries, FUSE_OPTIONS)
  return (query) => {
    const q = query.trim().slice(0, MAX_PATTERN_LENGTH)
    return q ? fuse.search(q).map((r) => r.item) : []
  }
}
