import { del, get, post, put, type Page } from '@/api/request'
import type { AnswerRow, Detail, Input, Published, PublishInput, Results, TextAnswer, View } from '@/api/generated/survey'

/** 问卷管理 (docs/survey.md): wj:* in the caller's organisation scope. */
export const API = '/api/wj'

const one = (id: number) => `${API}/${id}`

export interface ListParams {
  page: number
  size: number
  blurry?: string
  state?: number
  anonymous?: boolean
  /** true: the meetings' receipts only; false: the other questionnaires. */
  receipt?: boolean
}

export const listQuestionnaires = (q: ListParams) => get<Page<View>>(API, q)
export const questionnaire = (id: number) => get<Detail>(one(id))
export const createQuestionnaire = (body: Input) => post<Detail>(API, body)
export const updateQuestionnaire = (id: number, body: Input) => put<Detail>(one(id), body)
export const deleteQuestionnaires = (ids: number[]) => del<void>(API, ids)
export const publishQuestionnaire = (id: number, body: PublishInput) => post<Published>(`${one(id)}/publish`, body)
export const stateAction = (id: number, action: 'stop' | 'reopen') => post<Detail>(`${one(id)}/${action}`)
export const results = (id: number) => get<Results>(`${one(id)}/results`)
export const texts = (id: number, item: string, page: number, size: number) => get<Page<TextAnswer>>(`${one(id)}/texts`, { item, page, size })
export const answers = (id: number, page: number, size: number) => get<Page<AnswerRow>>(`${one(id)}/answers`, { page, size })
export const exportUrl = (id: number) => `${one(id)}/export`

/** The public page's full address (what the manager copies and sends). */
export const publicUrl = (link: string) => `${window.location.origin}/web${link}`
