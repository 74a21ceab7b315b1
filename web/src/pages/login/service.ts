import Cookies from 'js-cookie'

/** Remember-me keeps only the user name (one day); the password is never stored in the browser. */
const USERNAME_COOKIE = 'username'

export const rememberedUsername = () => Cookies.get(USERNAME_COOKIE) ?? ''

export function rememberUsername(username: string, remember: boolean): void {
  if (remember) Cookies.set(USERNAME_COOKIE, username, { expires: 1 })
  else Cookies.remove(USERNAME_COOKIE)
}

/** The server's entry to the central sign-on (CAS), returning to page (a path of this app) afterwards. */
export function casLoginUrl(page: string): string {
  return page === '/' ? '/auth/cas/login' : `/auth/cas/login?redirect=${encodeURIComponent(page)}`
}
