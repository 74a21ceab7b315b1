import { PERM } from '@/api/permissions'
import { hasPermission } from '@/utils/permission'

/** Standalone public pages (no session, no layout) → their page folder. */
export const PUBLIC_PAGES: Record<string, string> = {
  '/login': 'login',
  '/kclogin': 'login',
  '/lylogin': 'login',
  '/rjlogin': 'login',
  '/newlogin': 'login',
  '/salogin': 'login',
  // SMS self-service (docs/signon.md): 注册账号 and 找回密码
  '/register': 'register',
  '/resetPass': 'resetPass',
  '/404': 'error/404',
  '/401': 'error/401',
  '/payment': 'payment',
  '/mobileUpload': 'mobileUpload',
}

/** Public pages matched by prefix (spec §2: "/democratic/meeting*", "/questionnaire*"). */
export const PUBLIC_PREFIXES: Record<string, string> = {
  '/democratic/meeting': 'democratic/meeting',
  '/questionnaire': 'questionnaire',
  // 凭票码投票: a ballot by a printed one-time code (no account), ?round=<id>
  '/vote': 'vote',
  // 干部考核's one-time links (docs/assess.md): /cadre/anonymous?round=&code= and /cadre/anonymous/evaluation
  '/cadre/anonymous': 'cadre/anonymous',
}

export const REDIRECT_PREFIX = '/redirect/'
export const LOGIN_PATHS = ['/login', '/newlogin']
export const HOME_PATH = '/home/home'
/** The party member's own home (spec §2), built as the page list-home/dyHome. */
export const MEMBER_HOME_PATH = '/list-home/dyHome'
export const MEMBER_HOME_PAGE = 'list-home/dyHome'

/** The learner's party-school home (spec §2 /pschool/home/page, 我的党校), built as the page pschool/home. */
export const LEARNER_HOME_PATH = '/pschool/home/page'
export const LEARNER_HOME_PAGE = 'pschool/home'

/**
 * Where '/' (and so a fresh sign-in) lands, decided by permission rather than role name: 首页 for
 * everyone, except a user holding the member home (dy:home) without the home page's figures
 * (home:view), who lands on their own home once that page exists, and a learner holding the party
 * school's learning (dx:learn) and neither (the 学员 role), who lands on 我的党校.
 */
export function landingPath(roles: readonly string[], memberHomeExists: boolean, learnerHomeExists = false): string {
  if (hasPermission(roles, [PERM.homeView])) return HOME_PATH
  if (memberHomeExists && hasPermission(roles, [PERM.dyHome])) return MEMBER_HOME_PATH
  if (learnerHomeExists && hasPermission(roles, [PERM.dxLearn]) && !hasPermission(roles, [PERM.dyHome])) return LEARNER_HOME_PATH
  return HOME_PATH
}

export function publicPrefixPage(pathname: string): string | undefined {
  const hit = Object.keys(PUBLIC_PREFIXES).find((p) => pathname.startsWith(p))
  return hit ? PUBLIC_PREFIXES[hit] : undefined
}

export function isPublicPath(pathname: string): boolean {
  return pathname in PUBLIC_PAGES || pathname.startsWith(REDIRECT_PREFIX) || publicPrefixPage(pathname) !== undefined
}

/** Pages that turn grey when the system setting isDead is 'true'. */
export function isDeadStyled(pathname: string): boolean {
  return isPublicPath(pathname) || pathname === HOME_PATH
}

export interface GuardInput {
  pathname: string
  search: string
  signedIn: boolean
  /** User info and menus are loaded. */
  ready: boolean
  newLogin: boolean
  /** Where '/' lands (landingPath). */
  landing: string
}

export type GuardDecision = { kind: 'allow' } | { kind: 'load' } | { kind: 'redirect'; to: string }

/** The navigation guard as a pure function; the Gate component only carries out its answer. */
export function decide(input: GuardInput): GuardDecision {
  const { pathname, search, signedIn, ready, newLogin, landing } = input
  if (signedIn) {
    // Just signed in on a login page: straight to where the sign-in was asked for (the login page navigates there
    // too; going to / first would load the back office's home on the way, on a phone opening a link as well).
    if (LOGIN_PATHS.includes(pathname)) return { kind: 'redirect', to: safeRedirect(new URLSearchParams(search).get('redirect')) }
    if (isPublicPath(pathname) && !pathname.startsWith(REDIRECT_PREFIX)) return { kind: 'allow' }
    if (!ready) return { kind: 'load' }
    if (pathname === '/') return { kind: 'redirect', to: landing }
    return { kind: 'allow' }
  }
  if (isPublicPath(pathname)) return { kind: 'allow' }
  const login = newLogin ? '/newlogin' : '/login'
  const target = pathname + search
  return { kind: 'redirect', to: target === '/' ? login : `${login}?redirect=${encodeURIComponent(target)}` }
}

/** The sessionId handed over by single sign-on, if the URL carries one. */
export function sessionIdFrom(search: string): string | null {
  return new URLSearchParams(search).get('sessionId')
}

/** Only same-app paths are accepted as a post-login target (no open redirect). */
export function safeRedirect(target: string | null): string {
  // "/\\host" is "//host" to a URL parser: another origin, like "//host".
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/'
  return target
}
