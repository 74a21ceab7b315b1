import { del, get, post, put, upload } from './request'

export interface PasswordCheck {
  needChange: boolean
  reason: 'initial' | 'reset' | 'weak' | ''
}

export interface SessionInfo {
  id: string
  ip: string
  userAgent: string
  createTime: string
  lastSeenTime: string
  expireTime: string
  current: boolean
}

export interface CenterBody {
  nickName: string
  gender: string
  phone: string
  email: string
}

export const checkPassword = () => get<PasswordCheck>('/api/users/check', undefined, { silent: true })
export const updateCenter = (body: CenterBody) => put<void>('/api/users/center', body)
export const updateAvatar = (file: File, onProgress?: (p: number) => void) => {
  const form = new FormData()
  form.append('avatar', file)
  return upload<{ avatar: string }>('/api/users/updateAvatar', form, onProgress)
}
/** Both passwords RSA-encrypted by the caller. */
export const updatePass = (body: { oldPass: string; newPass: string }) => post<void>('/api/users/updatePass', body)
export const updatePassByAdmin = (body: { username: string; newPass: string }) => post<void>('/api/users/updatePassByAdmin', body)
/** A code for the e-mail change, sent to the account's own phone. */
export const sendEmailCode = () => post<{ message: string; interval: number }>('/api/users/emailCode')
/** 更换邮箱 with the code sent to the phone and the password (RSA-encrypted). */
export const updateEmail = (code: string, body: { password: string; email: string }) =>
  post<void>(`/api/users/updateEmail/${encodeURIComponent(code)}`, body)
export const mySessions = () => get<SessionInfo[]>('/api/users/sessions')
export const endOtherSessions = () => del<void>('/api/users/sessions/others')
