import Cookies from 'js-cookie'

export const TOKEN_KEY = 'Admin-Token'

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_KEY)
}

/** remember → the cookie lives one day; otherwise it ends with the browser session. */
export function setToken(token: string, remember = false): void {
  Cookies.set(TOKEN_KEY, token, { path: '/', sameSite: 'Lax', ...(remember ? { expires: 1 } : {}) })
}

export function removeToken(): void {
  Cookies.remove(TOKEN_KEY, { path: '/' })
}
