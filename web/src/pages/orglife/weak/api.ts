import { get, post, put, type Page } from '@/api/request'
import type { CaseView, Detail, PlanInput, ProposeInput, Progress, ReportInput, ScreenResult } from '@/api/generated/weakorg'

export type { CaseState, CaseView, Detail, Hit, Measure, MeasureInput, PlanInput, Progress, ProposeInput, ScreenResult } from '@/api/generated/weakorg'
export { CASE_STATES, CASE_STATE_NAMES, DICT_CRITERION, STAGES } from '@/api/generated/weakorg'

/** 软弱涣散党组织 (docs/weakorg.md): rsrs:* in the caller's organisation scope. */
export const CASES = '/api/rsrs/cases'
const one = (id: number) => `${CASES}/${id}`

export type Stage = 'candidates' | 'ledger'

export interface CaseQuery {
  year: number
  stage: Stage
  page: number
  size: number
  blurry?: string
}

export const listCases = (q: CaseQuery) => get<Page<CaseView>>(CASES, q)
export const exportUrl = `${CASES}/export`
export const caseDetail = (id: number) => get<Detail>(one(id))
export const screenYear = (year: number) => post<ScreenResult>('/api/rsrs/screen', { year })
export const proposeCase = (body: ProposeInput) => post<Detail>(CASES, body)

/** The steps taking one text: 推荐认定, 认定, 不予认定, 申请销号, 批准销号, 退回. */
export type Step = 'recommend' | 'confirm' | 'reject' | 'close-request' | 'close-approve' | 'close-return'
export const caseStep = (id: number, step: Step, text: string) => post<Detail>(`${one(id)}/${step}`, { text })
export const savePlan = (id: number, body: PlanInput) => put<Detail>(`${one(id)}/plan`, body)
export const reportProgress = (id: number, body: ReportInput) => post<Progress>(`${one(id)}/progress`, body)

export const caseFiles = (id: number) => `${one(id)}/attachments`
export const progressFiles = (id: number) => `/api/rsrs/progress/${id}/attachments`
export const caseTrail = (id: number, page: number, size: number) => get<Page<never>>(`${one(id)}/trail`, { page, size })
