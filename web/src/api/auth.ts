import { get, http, post } from './request'
import type { User } from './types'

export interface Captcha {
  img: string
  uuid: string
  enabled: boolean
}

export interface LoginBody {
  username: string
  password: string
  code: string
  uuid: string
  rememberMe: boolean
}

export const getCaptcha = () => get<Captcha>('/auth/code')
export const getPublicKey = () => get<{ publicKey: string }>('/auth/publicKey').then((r) => r.publicKey)
/** The server sets the session cookie; the token in the answer is for scripts and is not kept here. */
export const login = (body: LoginBody) => post<{ user: User }>('/auth/login', body)
/** WeLink 免登: the authorisation code WeLink gave the light app; the answer is the login's. */
export const weLinkLogin = (code: string) => get<{ user: User }>('/auth/welink/login', { code })
/** Silent: a failure here means a stale token, and the guard logs out without a dialog. */
export const getInfo = () => get<User>('/auth/info', undefined, { silent: true })
export const logout = () => http.delete('/auth/logout', { silent: true })
/** Single sign-on hands over a session id: the server answers with it as the HttpOnly session cookie. */
export const adoptSession = (sessionId: string) =>
  http.post('/auth/session', undefined, { silent: true, headers: { Authorization: `Bearer ${sessionId}` } })
