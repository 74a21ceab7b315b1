import axios from 'axios'
import { get, post } from '@/api/request'
import type { Mark } from '@/api/generated/ballot'
import type { Fill, ReceiptLink } from '@/api/generated/survey'

// Silent: the page shows the server's refusals (您已提交回执, 回执填写已截止 …) itself, and a missing session
// leads to the login page and back rather than to the signed-in shell's 重新登录 dialog.
const silent = { silent: true }

/** The caller's receipt of a meeting: where to answer it (a questionnaire's link), docs/survey.md "Meeting receipt". */
export const meetingReceipt = (meetingId: number) => get<ReceiptLink>(`/api/wj/meeting/${meetingId}`, undefined, silent)

/** A questionnaire at its public link (the token), and the caller's answer (docs/survey.md). */
export const openSurvey = (token: string) => get<Fill>(`/api/wj/link/${token}`, undefined, silent)
export const answerSurvey = (token: string, marks: Mark[]) => post<Fill>(`/api/wj/link/${token}`, { marks }, silent)

/** The HTTP status of a failed call (0: none). */
export const statusOf = (error: unknown) => (axios.isAxiosError(error) ? (error.response?.status ?? 0) : 0)
