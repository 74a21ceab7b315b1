import Cookies from 'js-cookie'

/**
 * The session token lives in an HttpOnly cookie that the server sets at sign-in and clears at
 * logout: no script can read it, so an injected script cannot steal the session. The server also
 * sets this non-secret marker cookie, with the same lifetime, so the app knows a session exists
 * without asking the server first.
 */
export const SIGNED_IN_COOKIE = 'zhdj_signed_in'

export function hasSession(): boolean {
  return Cookies.get(SIGNED_IN_COOKIE) === '1'
}

/** Forgets the marker of a session the server no longer knows (the server clears both at logout). */
export function forgetSession(): void {
  Cookies.remove(SIGNED_IN_COOKIE, { path: '/' })
}
