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
export const login = (body: LoginBody) => post<{ token: string; user: User }>('/auth/login', body)
/** Silent: a failure here means a stale token, and the guard logs out without a dialog. */
export const getInfo = () => get<User>('/auth/info', undefined, { silent: true })
export const logout = () => http.delete('/auth/logout', { silent: true })
