import { get, http, post } from './request'
import type { User } from './types'
import type { PublicKey } from './generated/publicKey'

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
/** The key (and its algorithm, RSA or SM2) the browser encrypts passwords with. */
export const getPublicKey = () => get<PublicKey>('/auth/publicKey')
/** The server sets the session cookie; the token in the answer is for scripts and is not kept here. */
export const login = (body: LoginBody) => post<{ user: User }>('/auth/login', body)
/** WeLink 免登: the authorisation code WeLink gave the light app; the answer is the login's. */
export const weLinkLogin = (code: string) => get<{ user: User }>('/auth/welink/login', { code })
/** What a request for an SMS code answers, the same whether or not the phone may use it. */
export interface CodeSent {
  message: string
  /** Seconds before another code may be asked for. */
  interval: number
}
/** A sign-in code (login) or a password-reset code (reset) to the phone. */
export const sendSmsCode = (phone: string, type: 'login' | 'reset') => post<CodeSent>('/auth/sms/verify', { phone, type })
/** 短信验证码登录: the answer is the login's. */
export const vercodeLogin = (body: { phone: string; vercode: string; rememberMe: boolean }) => post<{ user: User }>('/auth/vercode/login', body)
/** A registration code to the phone on a party member's record. */
export const sendRegisterCode = (phone: string) => post<CodeSent>('/auth/sms/register/verify', { phone })
/** 自助注册 (password encrypted, RSA or SM2): the account is made and signed in. */
export const register = (body: { phone: string; vercode: string; password: string }) =>
  post<{ user: User; username: string }>('/auth/register', body)
/** 找回密码 (newPass encrypted, RSA or SM2): answers the account's username. */
export const resetPassword = (body: { phone: string; vercode: string; newPass: string }) => post<{ username: string }>('/api/users/resetPass', body)
/** Silent: a failure here means a stale token, and the guard logs out without a dialog. */
export const getInfo = () => get<User>('/auth/info', undefined, { silent: true })
export const logout = () => http.delete('/auth/logout', { silent: true })
/** Single sign-on hands over a session id: the server answers with it as the HttpOnly session cookie. */
export const adoptSession = (sessionId: string) =>
  http.post('/auth/session', undefined, { silent: true, headers: { Authorization: `Bearer ${sessionId}` } })
