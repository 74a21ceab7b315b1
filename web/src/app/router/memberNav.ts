import { PERM } from '@/api/permissions'
import type { NavItem } from './menus'

/** One page of the member's own navigation (the 党员 mode). */
export interface MemberNavEntry {
  title: string
  path: string
  icon: string
  /** The permission it needs; none: every signed-in user (within `cadre`). */
  permission?: string
  /** Only for an account a cadre's record names (the session's cadreLinked). */
  cadre?: true
}

/**
 * The member's own pages: the 党员 mode's entries in the top bar, the tab bar on a phone. The pages
 * are named routes (staticRoutes.ts); an entry shows only once its route exists, so an entry whose
 * page is not built yet is absent rather than a link to nothing.
 */
export const MEMBER_NAV: MemberNavEntry[] = [
  { title: '我的首页', path: '/list-home/dyHome', icon: 'home', permission: PERM.dyHome },
  { title: '我的党费', path: '/list-home/myFees', icon: 'money-collect', permission: PERM.dyHome },
  { title: '我的组织关系', path: '/list-home/myTransfers', icon: 'branches', permission: PERM.dyHome },
  { title: '我的发展', path: '/list-home/myDevelopment', icon: 'rise', permission: PERM.dyHome },
  // 个人档案: the member's record across the modules (printable), their archive files, 手机上传 and 档案共享.
  { title: '个人档案', path: '/user/archives', icon: 'file', permission: PERM.archiveMine },
  { title: '我的填报', path: '/list-home/myForms', icon: 'profile', permission: PERM.txbdFill },
  { title: '党务新闻', path: '/list-home/news', icon: 'notification', permission: PERM.contentRead },
  { title: '制度文件', path: '/list-home/library', icon: 'book', permission: PERM.gzzdList },
  { title: '述职与廉政', path: '/list-home/myDuty', icon: 'audit', permission: PERM.dldaMine },
  { title: '民主评议', path: '/mzpydy/self', icon: 'team', permission: PERM.mzpySelf },
  // 党校: the learner's home (my batches, courses, exams, 学时), which links to the study centre and 我的考试
  // (dx:learn: members and the 学员 role, who have nothing else).
  { title: '党校学习', path: '/pschool/home/page', icon: 'study', permission: PERM.dxLearn },
  // The cadre's own record and change requests (GET /api/gb/my answers 404 to anyone else).
  { title: '我的干部信息', path: '/gb/my', icon: 'idcard', cadre: true },
  { title: '消息', path: '/message/msginfo', icon: 'message', permission: PERM.dyHome },
]

/**
 * The entries this user gets: permitted, with a route (knownPaths are the routes of the layout), a
 * cadre's own only when cadreLinked.
 */
export function memberNavItems(
  roles: readonly string[],
  knownPaths: ReadonlySet<string>,
  can: (roles: readonly string[], need: string[]) => boolean,
  cadreLinked = false,
): NavItem[] {
  const allowed = (e: MemberNavEntry) => (e.cadre ? cadreLinked : !!e.permission && can(roles, [e.permission]))
  return MEMBER_NAV.filter((e) => allowed(e) && knownPaths.has(e.path)).map((e) => ({
    key: e.path,
    title: e.title,
    icon: e.icon,
    external: false,
  }))
}
