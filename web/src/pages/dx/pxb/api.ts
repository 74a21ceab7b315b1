import type { AccountsResult, Candidate, CompleteResult, CompletionRow, Trainee } from '@/api/generated/pschool'
import { downloadFile } from '@/api/file'
import { get, post, put, type Page } from '@/api/request'

export const API = '/api/dx/batches'

const at = (id: number, path: string) => `${API}/${id}/${path}`

export const traineesOf = (id: number, params: object) => get<Page<Trainee>>(at(id, 'trainees'), params)
export const candidatesOf = (id: number, params: object) => get<Page<Candidate>>(at(id, 'candidates'), params)
export const completionOf = (id: number, params: object) => get<Page<CompletionRow>>(at(id, 'completion'), params)
export const enrol = (id: number, recordIds: number[]) => post<{ enrolled: number }>(at(id, 'trainees'), { recordIds })
export const setAttendance = (id: number, rows: { traineeId: number; daysAttended: number; hoursAttended: number }[]) =>
  put<{ enrolled: number }>(at(id, 'attendance'), { rows })
export const withdraw = (id: number, traineeIds: number[], reason: string) => post(at(id, 'withdraw'), { traineeIds, reason })
export const complete = (id: number, body: { traineeIds?: number[]; all?: boolean }) => post<CompleteResult>(at(id, 'complete'), body)
export const fail = (id: number, traineeIds: number[], reason: string) => post(at(id, 'fail'), { traineeIds, reason })
export const openBatch = (id: number) => post(at(id, 'open'))
export const finishBatch = (id: number) => post(at(id, 'finish'))
export const exportTrainees = (id: number, title: string) => downloadFile(at(id, 'trainees/export'), undefined, `${title}学员名单.xlsx`)
export const certificates = (id: number, title: string) => downloadFile(at(id, 'certificates'), undefined, `${title}结业证书.docx`)
export const certificate = (id: number, t: Trainee) => downloadFile(at(id, `trainees/${t.id}/certificate`), undefined, `${t.name}结业证书.docx`)
export const openAccounts = (id: number, traineeIds: number[]) => post<AccountsResult>(at(id, 'accounts'), { traineeIds })
