import { PERM } from '@/api/permissions'
import type { NavItem } from './menus'

/** A group of the member's pages: one entry of the top bar that opens its pages (a sub-menu). */
export interface MemberNavGroup {
  title: string
  icon: string
}

/**
 * The groups of the member's pages. Twelve and more pages in one row overflowed the top bar at 1366 px and
 * squeezed a phone's tab bar to unreadable labels; grouped, the bar holds seven entries.
 */
export const MEMBER_GROUPS = {
  records: { title: '我的档案', icon: 'idcard' },
  duties: { title: '填报评议', icon: 'solution' },
  reading: { title: '党务资讯', icon: 'notification' },
} satisfies Record<string, MemberNavGroup>

/** One page of the member's own navigation (the 党员 mode). */
export interface MemberNavEntry {
  title: string
  path: string
  icon: string
  /** The permission it needs; none: every signed-in user (within `cadre`). */
  permission?: string
  /** Only for an account a cadre's record names (the session's cadreLinked). */
  cadre?: true
  /** The group it is shown in, when the user has two or more of the group's pages; else it stands alone. */
  group?: keyof typeof MEMBER_GROUPS
}

/**
 * The member's own pages: the 党员 mode's entries in the top bar, the tab bar on a phone. The pages
 * are named routes (staticRoutes.ts); an entry shows only once its route exists, so an entry whose
 * page is not built yet is absent rather than a link to nothing. A group stands where its first page is.
 */
export const MEMBER_NAV: MemberNavEntry[] = [
  { title: '我的首页', path: '/list-home/dyHome', icon: 'home', permission: PERM.dyHome },
  { title: '我的党费', path: '/list-home/myFees', icon: 'money-collect', permission: PERM.dyHome },
  { title: '我的组织关系', path: '/list-home/myTransfers', icon: 'branches', permission: PERM.dyHome, group: 'records' },
  { title: '我的发展', path: '/list-home/myDevelopment', icon: 'rise', permission: PERM.dyHome, group: 'records' },
  // 个人档案: the member's record across the modules (printable), their archive files, 手机上传 and 档案共享.
  { title: '个人档案', path: '/user/archives', icon: 'file', permission: PERM.archiveMine, group: 'records' },
  // The cadre's own record and change requests (GET /api/gb/my answers 404 to anyone else).
  { title: '我的干部信息', path: '/gb/my', icon: 'idcard', cadre: true, group: 'records' },
  { title: '我的填报', path: '/list-home/myForms', icon: 'profile', permission: PERM.txbdFill, group: 'duties' },
  { title: '民主评议', path: '/mzpydy/self', icon: 'team', permission: PERM.mzpySelf, group: 'duties' },
  { title: '述职与廉政', path: '/list-home/myDuty', icon: 'audit', permission: PERM.dldaMine, group: 'duties' },
  { title: '党务新闻', path: '/list-home/news', icon: 'notification', permission: PERM.contentRead, group: 'reading' },
  { title: '制度文件', path: '/list-home/library', icon: 'book', permission: PERM.gzzdList, group: 'reading' },
  // 党校: the learner's home (my batches, courses, exams, 学时), which links to the study centre and 我的考试
  // (dx:learn: members and the 学员 role, who have nothing else).
  { title: '党校学习', path: '/pschool/home/page', icon: 'study', permission: PERM.dxLearn },
  { title: '消息', path: '/message/msginfo', icon: 'message', permission: PERM.dyHome },
]

/** The key of a group's entry (no page of its own). */
export const memberGroupKey = (group: string) => `member-group:${group}`

/**
 * The entries this user gets: permitted, with a route (knownPaths are the routes of the layout), a
 * cadre's own only when cadreLinked; a group's pages under the group's entry when the user has two or
 * more of them.
 */
export function memberNavItems(
  roles: readonly string[],
  knownPaths: ReadonlySet<string>,
  can: (roles: readonly string[], need: string[]) => boolean,
  cadreLinked = false,
): NavItem[] {
  const allowed = (e: MemberNavEntry) => (e.cadre ? cadreLinked : !!e.permission && can(roles, [e.permission]))
  const shown = MEMBER_NAV.filter((e) => allowed(e) && knownPaths.has(e.path))
  const item = (e: MemberNavEntry): NavItem => ({ key: e.path, title: e.title, icon: e.icon, external: false })
  const out: NavItem[] = []
  for (const e of shown) {
    const members = e.group ? shown.filter((o) => o.group === e.group) : []
    if (members.length < 2) {
      out.push(item(e))
    } else if (members[0] === e) {
      const g = MEMBER_GROUPS[e.group!]
      out.push({ key: memberGroupKey(e.group!), title: g.title, icon: g.icon, external: false, children: members.map(item) })
    }
  }
  return out
}

/** The pages of a mode's entries, groups opened (the member's pages are one or two levels). */
export function leafEntries(entries: readonly NavItem[]): NavItem[] {
  return entries.flatMap((e) => (e.children?.length ? leafEntries(e.children) : [e]))
}
