import { get, post } from '@/api/request'
import type { CodeInput, MyPaper, PaperReport } from '@/api/generated/cadreAssess'

// Silent: the evaluator's pages say themselves what a refusal means (not on the roll, a spent link).
const silent = { silent: true }

/** The caller's open papers of 干部考核. */
export const myPapers = () => get<MyPaper[]>('/api/gbkh/evaluation', undefined, silent)
/** The 述职报告 of a paper the caller is on the roll of. */
export const paperReports = (ballotRoundId: number) => get<PaperReport[]>(`/api/gbkh/papers/${ballotRoundId}/reports`, undefined, silent)
/** The same for a one-time link (public). */
export const linkReports = (body: CodeInput) => post<PaperReport[]>('/api/gbkh/papers/reports', body, silent)

/** The one sentence of a link that does not open (unknown, spent, or its round closed). */
export const LINK_INVALID = '该测评链接无效或已使用，不能再测评。如有疑问请联系考核组织者。'
