/** Standalone public pages (no session, no layout) → their page folder. */
export const PUBLIC_PAGES: Record<string, string> = {
  '/login': 'login',
  '/kclogin': 'login',
  '/lylogin': 'login',
  '/rjlogin': 'login',
  '/newlogin': 'login',
  '/salogin': 'login',
  '/404': 'error/404',
  '/401': 'error/401',
  '/payment': 'payment',
  '/mobileUpload': 'mobileUpload',
}

/** Public pages matched by prefix (spec §2: "/democratic/meeting*", "/questionnaire*"). */
export const PUBLIC_PREFIXES: Record<string, string> = {
  '/democratic/meeting': 'democratic/meeting',
  '/questionnaire': 'questionnaire',
}

export const REDIRECT_PREFIX = '/redirect/'
export const LOGIN_PATHS = ['/login', '/newlogin']
export const HOME_PATH = '/home/home'

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
  /** Where '/' lands: the first visible menu route. */
  firstPath: string | undefined
}

export type GuardDecision = { kind: 'allow' } | { kind: 'load' } | { kind: 'redirect'; to: string }

/** The navigation guard as a pure function; the Gate component only carries out its answer. */
export function decide(input: GuardInput): GuardDecision {
  const { pathname, search, signedIn, ready, newLogin, firstPath } = input
  if (signedIn) {
    if (LOGIN_PATHS.includes(pathname)) return { kind: 'redirect', to: '/' }
    if (isPublicPath(pathname) && !pathname.startsWith(REDIRECT_PREFIX)) return { kind: 'allow' }
    if (!ready) return { kind: 'load' }
    if (pathname === '/') return { kind: 'redirect', to: firstPath ?? HOME_PATH }
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
  if (!target || !target.startsWith('/') || target.startsWith('//')) return '/'
  return target
}
