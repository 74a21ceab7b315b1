// The 发展党员 API (routes under /api/fzdy; docs/develop.md is the contract): typed calls and the step catalogue
// the pages show. Names follow the server's JSON exactly.
import { del, get, post, put, type Page } from '@/api/request'
import { deleter, getFetcher, type CrudFetcher } from '@/components/crud'
import {
  ALWAYS_TRACKED as GENERATED_ALWAYS_TRACKED,
  STEPS,
  type BatchBody,
  type BatchResult,
  type ConfigView,
  type CreateBody,
  type DevConfig,
  type DevRecord,
  type Notice,
  type NoticeBody,
  type NoticeDetail,
  type NoticeKind,
  type NumberRange,
  type PersonKind,
  type PersonPick,
  type Plan,
  type RecordDetail,
  type Review,
  type Stage,
  type StepDef,
  type Training,
  type Voters,
} from './generated/develop'

export const DEVELOP_API = '/api/fzdy'

// The steps, stages, vote steps, rule settings and the API's JSON are the server's (zhdj gen: internal/develop).
export {
  BY_NAMES,
  RULE_DEFAULTS,
  RULE_SETTINGS,
  STAGE_NAMES,
  STAGES,
  STEP_DUE_DAYS,
  STEPS,
  VOTE_STEPS,
  type ActResult,
  type BatchBody,
  type BatchResult,
  type ConfigStep,
  type ConfigVersion,
  type ConfigView,
  type CreateBody,
  type DevConfig,
  type DevRecord,
  type Flag,
  type Notice,
  type NoticeBody,
  type NoticeBrief,
  type NoticeDetail,
  type NoticeKind,
  type NumberRange,
  type PersonKind,
  type PersonPick,
  type Plan,
  type RecordDetail,
  type RecordDueState,
  type Review,
  type ReviewKind,
  type RuleConfig,
  type Stage,
  type StepBy,
  type StepConfig,
  type StepDef,
  type StepDone,
  type Training,
  type Voters,
} from './generated/develop'

/** Steps no configuration can leave out (the rules hang on them), as a set. */
export const ALWAYS_TRACKED: ReadonlySet<string> = new Set(GENERATED_ALWAYS_TRACKED)

export const STAGE_COLORS: Record<Stage, string> = {
  applicant: 'default',
  activist: 'blue',
  target: 'purple',
  probationary: 'orange',
  full: 'green',
  ended: 'red',
}

export const stepOf = (key: string) => STEPS.find((s) => s.key === key)

/** The circled number of a step (① … ⑳ then ㉑ … ㉕, two Unicode blocks). */
export const stepNo = (no: number) => String.fromCodePoint(no <= 20 ? 0x2460 + no - 1 : 0x3251 + no - 21)

/** A step as "② 党组织派人谈话". */
export const stepLabel = (s: Pick<StepDef, 'no' | 'name'>) => `${stepNo(s.no)} ${s.name}`

export const BATCH_TYPES = [
  { value: 1, label: '入党申请人培训' },
  { value: 2, label: '入党积极分子培训' },
  { value: 3, label: '发展对象培训' },
  { value: 4, label: '预备党员培训' },
]

/** The notice kinds: the step each notice precedes, and the stage of the records it lists. */
export const NOTICE_KINDS: { value: NoticeKind; label: string; stage: Stage }[] = [
  { value: 'target', label: '发展对象公示', stage: 'activist' },
  { value: 'admit', label: '拟接收预备党员公示', stage: 'target' },
  { value: 'full', label: '预备党员转正公示', stage: 'probationary' },
]
export const noticeKindLabel = (k: string) => NOTICE_KINDS.find((n) => n.value === k)?.label ?? k

const A = DEVELOP_API

export const fetchRecords: CrudFetcher<DevRecord> = getFetcher<DevRecord>(A)
export const recordDetail = (id: number) => get<RecordDetail>(`${A}/${id}`)
export const createRecord = (body: CreateBody) => post<RecordDetail>(A, body)
export const updateRecord = (body: { id: number; leavingOn: string; remark: string }) => put<DevRecord>(A, body)
export const deleteRecords = deleter(A)
export const batchAct = (body: BatchBody) => post<BatchResult[]>(`${A}/batch`, body)
export const fetchVoters = (id: number, date: string) => get<Voters>(`${A}/${id}/voters`, { date })

/** The registry's students or teachers for the create form, marked with the record they already have. */
export const searchPeople = (kind: PersonKind, text: string) =>
  get<Page<PersonPick>>(`${A}/people`, { kind, page: 0, size: 50, ...(text ? { blurry: text } : {}) })

export const reviewsApi = (id: number) => `${A}/${id}/reviews`
export const trainingsApi = (id: number) => `${A}/${id}/trainings`

/** An endpoint answering a list or a page: the rows either way. */
const rows = <T>(p: T[] | Page<T>): T[] => (Array.isArray(p) ? p : (p?.content ?? []))

export const listReviews = (id: number) => get<Review[] | Page<Review>>(reviewsApi(id)).then(rows)
export const saveReview = (id: number, body: Partial<Review>) => (body.id ? put(reviewsApi(id), body) : post(reviewsApi(id), body))
export const deleteReviews = (id: number, ids: number[]) => del(reviewsApi(id), ids)
export const listTrainings = (id: number) => get<Training[] | Page<Training>>(trainingsApi(id)).then(rows)
export const saveTraining = (id: number, body: Partial<Training>) => (body.id ? put(trainingsApi(id), body) : post(trainingsApi(id), body))
export const deleteTrainings = (id: number, ids: number[]) => del(trainingsApi(id), ids)

export const NOTICES_API = `${A}/notices`
export const fetchNotices: CrudFetcher<Notice> = getFetcher<Notice>(NOTICES_API)
export const noticeDetail = (id: number) => get<NoticeDetail>(`${NOTICES_API}/${id}`)
export const createNotice = (body: NoticeBody) => post<NoticeDetail>(NOTICES_API, body)
export const deleteNotices = deleter(NOTICES_API)
export const noticeDocxUrl = (id: number) => `${NOTICES_API}/${id}/docx`

export const listPlans = (year: number) => get<Plan[] | Page<Plan>>(`${A}/plans`, { year }).then(rows)
export const savePlan = (body: { year: number; orgId: number; quota: number; remark: string }) => put<Plan>(`${A}/plans`, body)

export const getConfig = () => get<ConfigView>(`${A}/config`)
export const saveConfig = (body: { config: DevConfig; note: string }) => put<ConfigView>(`${A}/config`, body)

export const NUMBERS_API = `${A}/numbers`
export const listNumbers = () => get<NumberRange[] | Page<NumberRange>>(NUMBERS_API, { page: 0, size: 200 }).then(rows)
export const saveNumbers = (body: Partial<NumberRange>) => (body.id ? put(NUMBERS_API, body) : post(NUMBERS_API, body))
export const deleteNumbers = deleter(NUMBERS_API)

