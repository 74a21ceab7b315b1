import axios from 'axios'
import { get, post } from '@/api/request'
import type { LeaveResult, SignMeeting, SignResult } from '@/api/generated/orglifeSign'

// Every call is silent: the page shows the server's refusal (签到码已过期 …) itself, in place of the
// button, and a missing session is not the signed-in shell's 重新登录 dialog but the page's 登录后签到.
const silent = { silent: true }

export const SIGN_API = '/api/zzsh/sign'

export const signMeeting = (t: string) => get<SignMeeting>(SIGN_API, { t }, silent)
export const signIn = (t: string) => post<SignResult>(SIGN_API, { t }, silent)
export const requestLeave = (t: string, reason: string) => post<LeaveResult>(`${SIGN_API}/leave`, { t, reason }, silent)

/** The call needed a session the browser no longer has. */
export const isSignedOut = (error: unknown) => axios.isAxiosError(error) && error.response?.status === 401
