import type { AppRoute, MenuModel, NavItem } from './menus'
import { topFor } from './menus'
import { leafEntries } from './memberNav'

/**
 * Modes of the top bar (spec: the mode switch of 党员首页 / 党建工作台 / 干部工作台). Each first-level
 * menu belongs to the mode (workbench) the server gives it; the 党员 mode is the member's own pages
 * (memberNav.ts). The top bar shows one mode's entries, so twenty first-level menus never crowd it.
 */
export interface Mode {
  key: string
  title: string
  entries: NavItem[]
}

export const MEMBER_MODE = 'member'
export const MEMBER_MODE_TITLE = '党员'
/** First-level entries the server gives no mode (an older server) share one. */
const UNSORTED = { key: 'menus', title: '菜单' }

/**
 * The user's modes: the member's own first when there is one, then the server's in the order their
 * first entries come. The 党员 mode needs the member's pages and an account linked to a member, unless
 * it is all the user has (an unlinked member still gets their home, which says so).
 */
export function buildModes(top: NavItem[], member: NavItem[], linkedToMember: boolean): Mode[] {
  const server: Mode[] = []
  for (const item of top) {
    const key = item.workbench || UNSORTED.key
    let mode = server.find((m) => m.key === key)
    if (!mode) {
      mode = { key, title: item.workbenchTitle || UNSORTED.title, entries: [] }
      server.push(mode)
    }
    mode.entries.push(item)
  }
  const own = member.length > 0 && (linkedToMember || server.length === 0)
  return own ? [{ key: MEMBER_MODE, title: MEMBER_MODE_TITLE, entries: member }, ...server] : server
}

/** The switch shows with its permission and a choice to make. */
export function showModeSwitch(modes: Mode[], mayGroup: boolean): boolean {
  return mayGroup && modes.length > 1
}

/** The mode shown: the one remembered when the user still has it, else the first menus' mode. */
export function currentMode(modes: Mode[], remembered: string | undefined): Mode | undefined {
  return modes.find((m) => m.key === remembered) ?? modes.find((m) => m.key !== MEMBER_MODE) ?? modes[0]
}

/** Where a mode starts: its first entry's first page (no page of its own). */
export function modeHome(mode: Mode): string | undefined {
  const first = mode.entries[0]
  return first ? leafOf(first) : undefined
}

/** The 干部工作台 (spec §2): the cadre mode's own home page. */
export const CADRE_WORKBENCH = '/workbench/gb/home'

/** The 党建工作台 (spec §2): the party-building mode's own home page. */
export const PARTY_WORKBENCH = '/workbench/dj/home'

/**
 * Where choosing a mode leads: the cadre mode opens the 干部工作台 for holders of gb:workbench:navbar, the
 * party-building mode the 党建工作台 for holders of dj:workbench:navbar (the mode switch's items), each once
 * its page is registered; any other mode, or without them, its first page.
 */
export function modeStart(
  mode: Mode,
  mayCadreWorkbench: boolean,
  routes: ReadonlySet<string>,
  mayPartyWorkbench = false,
): string | undefined {
  if (mode.key === 'cadre' && mayCadreWorkbench && routes.has(CADRE_WORKBENCH)) return CADRE_WORKBENCH
  if (mode.key === 'party' && mayPartyWorkbench && routes.has(PARTY_WORKBENCH)) return PARTY_WORKBENCH
  return modeHome(mode)
}

function leafOf(item: NavItem): string {
  return item.children?.length ? leafOf(item.children[0]) : item.key
}

/**
 * The mode a page belongs to, so opening it (from the search, a link, a to-do) shows its mode: a
 * member's own page is the 党员 mode's, a menu page its first-level entry's. Pages every user has
 * (首页, 个人中心, 消息) belong to none: the mode stays as it was.
 */
export function modeOfPath(pathname: string, model: MenuModel, modes: Mode[], shared: ReadonlySet<string>): string | undefined {
  if (shared.has(pathname)) return undefined
  const member = modes.find((m) => m.key === MEMBER_MODE)
  if (member && leafEntries(member.entries).some((e) => e.key === pathname)) return MEMBER_MODE
  const top = topFor(pathname, model)
  return top ? modeOfTop(top, modes) : undefined
}

/** The mode whose entries include a first-level entry. */
export function modeOfTop(top: string, modes: Mode[]): string | undefined {
  return modes.find((m) => m.key !== MEMBER_MODE && m.entries.some((e) => e.key === top))?.key
}

/**
 * The entry of the mode to highlight for a page: its own (a member's page, also inside a group, whose
 * entry the menu then marks too) or its first-level entry.
 */
export function activeEntry(mode: Mode | undefined, pathname: string, model: MenuModel): string | undefined {
  if (!mode) return undefined
  if (mode.key === MEMBER_MODE) return leafEntries(mode.entries).find((e) => e.key === pathname)?.key
  const top = topFor(pathname, model)
  return top && mode.entries.some((e) => e.key === top) ? top : undefined
}

/** A route's mode name for the menu search. */
export function modeTitleOf(route: AppRoute, modes: Mode[]): string | undefined {
  if (!route.top) return undefined
  const key = modeOfTop(route.top, modes)
  return modes.find((m) => m.key === key)?.title
}
