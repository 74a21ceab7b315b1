import { del, get, post, put, type Page } from '@/api/request'
import type { TrailEntry } from '@/components/trail/ChangeTrail'
import type {
  AnswersInput,
  DeadlineInput,
  EntryDetail,
  EntryView,
  FormDetail,
  FormInput,
  FormView,
  RemindInput,
  RemindResult,
  ReviewInput,
} from '@/api/generated/fillform'

/** 填报表单 (docs/fillform.md): txbd:* for the administrators of the scope, txbd:fill for the addressees. */
export const FORMS = '/api/txbd/forms'
export const ENTRIES = '/api/txbd/entries'
export const MINE = '/api/txbd/my'

const form = (id: number) => `${FORMS}/${id}`
const entry = (id: number) => `${ENTRIES}/${id}`
const mine = (id: number) => `${MINE}/${id}`

export interface FormQuery {
  page: number
  size: number
  status?: string
  /** Published forms only, open or closed. */
  sent?: boolean
  blurry?: string
}

export const listForms = (q: FormQuery) => get<Page<FormView>>(FORMS, q)
export const formDetail = (id: number) => get<FormDetail>(form(id))
export const createForm = (body: FormInput) => post<FormDetail>(FORMS, body)
export const updateForm = (id: number, body: FormInput) => put<FormDetail>(form(id), body)
export const deleteForm = (id: number) => del<void>(form(id))
export const formAction = (id: number, action: 'copy' | 'publish' | 'close') => post<FormDetail>(`${form(id)}/${action}`)
export const moveDeadline = (id: number, body: DeadlineInput) => put<FormDetail>(`${form(id)}/deadline`, body)

export interface EntryQuery {
  page: number
  size: number
  state?: number[]
  blurry?: string
}

export const listEntries = (id: number, q: EntryQuery) => get<Page<EntryView>>(`${form(id)}/entries`, q)
export const exportUrl = (id: number) => `${form(id)}/entries/export`
export const remind = (id: number, body: RemindInput) => post<RemindResult>(`${form(id)}/remind`, body)
export const entryDetail = (id: number) => get<EntryDetail>(entry(id))
export const passEntry = (id: number, body: ReviewInput) => post<EntryDetail>(`${entry(id)}/pass`, body)
export const returnEntry = (id: number, body: ReviewInput) => post<EntryDetail>(`${entry(id)}/return`, body)
export const entryTrail = (id: number, page: number, size: number) => get<Page<TrailEntry>>(`${entry(id)}/trail`, { page, size })
export const entryFiles = (id: number) => `${entry(id)}/attachments`

export interface MineQuery {
  page: number
  size: number
  todo?: boolean
}

export const listMine = (q: MineQuery) => get<Page<EntryView>>(MINE, q)
export const myEntry = (id: number) => get<EntryDetail>(mine(id))
export const saveEntry = (id: number, body: AnswersInput) => put<EntryDetail>(mine(id), body)
export const submitEntry = (id: number, body: AnswersInput) => post<EntryDetail>(`${mine(id)}/submit`, body)
export const myTrail = (id: number, page: number, size: number) => get<Page<TrailEntry>>(`${mine(id)}/trail`, { page, size })
export const myFiles = (id: number) => `${mine(id)}/attachments`
