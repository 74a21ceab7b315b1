import Cookies from 'js-cookie'

/** Remember-me keeps only the user name (one day); the password is never stored in the browser. */
const USERNAME_COOKIE = 'username'

export const rememberedUsername = () => Cookies.get(USERNAME_COOKIE) ?? ''

export function rememberUsername(username: string, remember: boolean): void {
  if (remember) Cookies.set(USERNAME_COOKIE, username, { expires: 1 })
  else Cookies.remove(USERNAME_COOKIE)
}
