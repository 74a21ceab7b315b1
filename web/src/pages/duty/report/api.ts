import { get, post, put, type Page } from '@/api/request'
import type { ReportInput, ReportView, ReviewInput, TaskInput, TaskView } from '@/api/generated/duty'

/** 值班工作报告 (docs/duty.md): zbgz:* in the caller's organisation scope, one's own reports whatever it. */
export const TASKS = '/api/zbgz/tasks'
const task = (id: number) => `${TASKS}/${id}`
const report = (id: number) => `/api/zbgz/reports/${id}`

export const listTasks = (q: { page: number; size: number; kind?: string }) => get<Page<TaskView>>(TASKS, q)
export const createTask = (body: TaskInput) => post<TaskView>(TASKS, body)
export const taskDetail = (id: number) => get<TaskView>(task(id))
export const listReports = (id: number, q: { page: number; size: number; state?: number }) => get<Page<ReportView>>(`${task(id)}/reports`, q)
export const reportsExport = (id: number) => `${task(id)}/reports/export`
export const missingExport = (id: number) => `${task(id)}/missing/export`
export const myReports = () => get<ReportView[]>('/api/zbgz/mine')
export const reportDetail = (id: number) => get<ReportView>(report(id))
export const saveReport = (id: number, body: ReportInput) => put<ReportView>(report(id), body)
export const submitReport = (id: number, body: ReportInput) => post<ReportView>(`${report(id)}/submit`, body)
export const passReport = (id: number, body: ReviewInput) => post<ReportView>(`${report(id)}/pass`, body)
export const returnReport = (id: number, body: ReviewInput) => post<ReportView>(`${report(id)}/return`, body)
export const attachmentsApi = (id: number) => `${report(id)}/attachments`
