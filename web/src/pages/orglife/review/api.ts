import { get, post, put, type Page } from '@/api/request'
import type { TrailEntry } from '@/components/trail/ChangeTrail'
import type { DueInput, GradeInput, ReportInput, ReportView, RoundDetail, RoundInput, RoundView } from '@/api/generated/secreview'

/** 书记述职评议 (docs/secreview.md): szpy:* in the caller's organisation scope, one's own report whatever it. */
export const ROUNDS = '/api/szpy/rounds'
export const REPORTS = '/api/szpy/reports'

const round = (id: number) => `${ROUNDS}/${id}`
const report = (id: number) => `${REPORTS}/${id}`

export interface RoundQuery {
  page: number
  size: number
  year?: number
  level?: string
}

export const listRounds = (q: RoundQuery) => get<Page<RoundView>>(ROUNDS, q)
export const openRound = (body: RoundInput) => post<RoundView>(ROUNDS, body)
export const roundDetail = (id: number) => get<RoundDetail>(round(id))
export const moveDue = (id: number, body: DueInput) => put<RoundView>(`${round(id)}/due`, body)
export const roundAction = (id: number, action: 'close' | 'reopen') => post<RoundView>(`${round(id)}/${action}`)

export interface ReportQuery {
  page: number
  size: number
  state?: number
  blurry?: string
}

export const listReports = (id: number, q: ReportQuery) => get<Page<ReportView>>(`${round(id)}/reports`, q)
export const exportUrl = (id: number) => `${round(id)}/reports/export`

export const myReports = () => get<ReportView[]>('/api/szpy/mine')
export const reportDetail = (id: number) => get<ReportView>(report(id))
export const saveReport = (id: number, body: ReportInput) => put<ReportView>(report(id), body)
export const submitReport = (id: number, body: ReportInput) => post<ReportView>(`${report(id)}/submit`, body)
export const gradeReport = (id: number, body: GradeInput) => post<ReportView>(`${report(id)}/grade`, body)
export const returnReport = (id: number, reason: string) => post<ReportView>(`${report(id)}/return`, { reason })
export const reportTrail = (id: number, page: number, size: number) => get<Page<TrailEntry>>(`${report(id)}/trail`, { page, size })
export const attachmentsApi = (id: number) => `${report(id)}/attachments`
