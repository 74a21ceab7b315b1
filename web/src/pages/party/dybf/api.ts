import { del, get, post, put, type Page } from '@/api/request'
import { downloadFile } from '@/api/file'
import type { CaseChange, CaseInput, CaseView, Decision, RecordInput, RecordView, ResolveInput, Threshold, Total, VisitRow } from '@/api/generated/aid'

/** The 党员帮扶 endpoints (internal/aid). */
const A = '/api/dybf'

export type Query = Record<string, string | number | undefined>

export const fetchCases = (q: Query) => get<Page<CaseView>>(`${A}/cases`, q)
export const addCase = (body: CaseInput) => post<CaseView>(`${A}/cases`, body)
export const updateCase = (id: number, body: CaseChange) => put<CaseView>(`${A}/cases/${id}`, body)
export const deleteCase = (id: number) => del<void>(`${A}/cases/${id}`)
export const resolveCase = (id: number, body: ResolveInput) => post<CaseView>(`${A}/cases/${id}/resolve`, body)
export const fetchRecords = (q: Query) => get<Page<RecordView>>(`${A}/records`, q)
export const addRecord = (body: RecordInput) => post<RecordView>(`${A}/records`, body)
export const updateRecord = (id: number, body: RecordInput) => put<RecordView>(`${A}/records/${id}`, body)
export const deleteRecord = (id: number) => del<void>(`${A}/records/${id}`)
export const decideRecord = (id: number, body: Decision) => post<RecordView>(`${A}/records/${id}/decide`, body)
export const exportRecords = (q: Query) => downloadFile(`${A}/records/export`, q, '党员帮扶记录.xlsx')
export const fetchTotals = (q: Query) => get<Page<Total>>(`${A}/totals`, q)
export const fetchVisits = (q: Query) => get<Page<VisitRow>>(`${A}/visits`, q)
export const fetchThreshold = () => get<Threshold>(`${A}/threshold`)
