// The 发展党员 API (routes under /api/fzdy; docs/develop.md is the contract): typed calls and the step catalogue
// the pages show. Names follow the server's JSON exactly.
import { del, get, post, put, type Page } from '@/api/request'
import { deleter, getFetcher, type CrudFetcher } from '@/components/crud'
import { ALWAYS_TRACKED as GENERATED_ALWAYS_TRACKED, STEPS, type DevConfig, type Stage, type StepBy, type StepDef } from './generated/develop'

export const DEVELOP_API = '/api/fzdy'

// The steps, stages, vote steps and rule settings are the server's (zhdj gen: internal/develop).
export {
  BY_NAMES,
  RULE_DEFAULTS,
  RULE_SETTINGS,
  STAGE_NAMES,
  STAGES,
  STEP_DUE_DAYS,
  STEPS,
  VOTE_STEPS,
  type DevConfig,
  type RuleConfig,
  type Stage,
  type StepBy,
  type StepConfig,
  type StepDef,
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

/** A record as the lists and the detail show it (develop.RecordView). Dates are YYYY-MM-DD, '' when not yet. */
export interface DevRecord {
  id: number
  personKind: 'student' | 'teacher'
  personId: number
  personNo: string
  name: string
  gender: string
  genderLabel: string
  birthDate: string
  orgId: number
  orgName: string
  stage: Stage
  stageName: string
  /** The step the record waits at ('' once ended or done). */
  step: string
  stepName: string
  configVersion: number
  leavingOn: string
  appliedOn: string
  talkedOn: string
  activistOn: string
  targetOn: string
  admittedOn: string
  approvedOn: string
  probationEndsOn: string
  fullOn: string
  /** Extensions of the probation approved (细则第三十二条: one at most). */
  extensions: number
  endedOn: string
  endedReason: string
  dueOn: string
  /** overdue: due before today; soon: due within 7 days; '' otherwise. */
  dueState: '' | 'overdue' | 'soon'
  volunteerNo: string | null
  memberId: number | null
  remark: string
  createTime?: string
  updateTime?: string
}

/** A step done (dev_step, named). */
export interface StepDone {
  step: string
  no: number
  name: string
  doneOn: string
  /** The step form as it was sent. */
  data: Record<string, unknown> | null
  userName: string
}

/** A review of an activist (kind activist) or of a probationary member (probation). */
export interface Review {
  id: number
  recordId: number
  kind: 'activist' | 'probation'
  reviewedOn: string
  /** DEV_REVIEW_RESULT: 1 优秀 2 合格 3 基本合格 4 不合格. */
  result: string
  content: string
  reviewer: string
}

/** A training (batch type 1 APPLY, 2 ACTIVE, 3 DEVELOP, 4 PREPARE; ⑪ counts the passed DEVELOP ones). */
export interface Training {
  id: number
  recordId: number
  batchType: number
  title: string
  startOn: string
  endOn: string
  hours: number
  days: number
  certificateNo: string
  passed: boolean
}

export const BATCH_TYPES = [
  { value: 1, label: '入党申请人培训' },
  { value: 2, label: '入党积极分子培训' },
  { value: 3, label: '发展对象培训' },
  { value: 4, label: '预备党员培训' },
]

export type NoticeKind = 'target' | 'admit' | 'full'

/** The notice kinds: the step each notice precedes, and the stage of the records it lists. */
export const NOTICE_KINDS: { value: NoticeKind; label: string; stage: Stage }[] = [
  { value: 'target', label: '发展对象公示', stage: 'activist' },
  { value: 'admit', label: '拟接收预备党员公示', stage: 'target' },
  { value: 'full', label: '预备党员转正公示', stage: 'probationary' },
]
export const noticeKindLabel = (k: string) => NOTICE_KINDS.find((n) => n.value === k)?.label ?? k

/** A notice a record is on (in the record's detail). */
export interface NoticeBrief {
  id: number
  kind: NoticeKind
  title: string
  startOn: string
  endOn: string
}

/** A rule exception accepted with a reason. */
export interface Flag {
  step: string
  rule: string
  reason: string
}

/** GET /api/fzdy/{id}. */
export interface RecordDetail extends DevRecord {
  steps: StepDone[]
  reviews: Review[]
  trainings: Training[]
  notices: NoticeBrief[]
  flagList: Flag[]
}

/** A person of the create form's picker (GET /api/fzdy/people), marked with the live record they already have. */
export interface PersonPick {
  kind: string
  kindLabel: string
  id: number
  name: string
  number: string
  gender: string
  unitId?: number
  unitName?: string
  liveRecordId?: number
  liveStage?: Stage
  /** Set for a party member ("正式党员", "预备党员（停止党籍）"…): a member cannot apply. */
  memberStatus?: string
}

/** POST /api/fzdy: step ① 递交入党申请书. */
export interface CreateBody {
  personKind: 'student' | 'teacher'
  personId: number
  orgId: number
  appliedOn: string
  leavingOn: string
  remark: string
}

/** One row's outcome of POST /api/fzdy/batch. */
export interface BatchResult {
  id: number
  name: string
  ok: boolean
  message: string
}

export interface BatchBody {
  ids: number[]
  result: 'approve' | 'reject' | 'return'
  comment: string
  form: Record<string, unknown>
  /** Each record's own form by id: the steps decided by a vote take one tally per person (逐个讨论和表决). */
  forms?: Record<string, Record<string, unknown>>
}

/**
 * Who votes at a record's current step on a day (GET /api/fzdy/{id}/voters): the branch's roster (⑮, ㉓) or the
 * committee's recorded members (⑰, ㉔). `fixed`: the server's count, shown read-only; otherwise (a committee
 * without recorded members) the form asks for it.
 */
export interface Voters {
  step: string
  by: '' | 'branch' | 'committee'
  orgName: string
  date: string
  shouldAttend: number
  fixed: boolean
}

/** A public notice (公示) as the list shows it: its organisation's name, kind's name and how many it lists. */
export interface Notice extends Omit<NoticeBody, 'recordIds'> {
  id: number
  kindName: string
  orgName: string
  recordCount: number
  createTime?: string
}

/** GET /api/fzdy/notices/{id}: the notice, its length in working days and its records. */
export interface NoticeDetail extends Notice {
  workdays: number
  records: DevRecord[]
}

/** What a notice is created with (POST /api/fzdy/notices). */
export interface NoticeBody {
  kind: NoticeKind
  orgId: number
  title: string
  startOn: string
  endOn: string
  contact: string
  content: string
  recordIds: number[]
}

/** A committee's (二级党委, 党总支, 直属党支部) plan of a year; quota, id and remark are null until a plan is set. */
export interface Plan {
  id: number | null
  year: number
  orgId: number
  orgName: string
  orgType: string
  quota: number | null
  used: number
  remark: string | null
}

/** A 入党志愿书 number range. */
export interface NumberRange {
  id: number
  year: number
  orgId: number | null
  orgName?: string
  prefix: string
  first: number
  last: number
  next: number
  width: number
  /** Numbers handed out and left. */
  used?: number
  left?: number
}

export interface ConfigVersion {
  version: number
  note: string
  userName: string
  createTime: string
}

/** One of the 25 steps as the configuration page lists it. */
export interface ConfigStep {
  no: number
  key: string
  name: string
  stage: Stage
  by: StepBy
  /** The documents usually kept (suggested tags). */
  docs: string[]
  alwaysTracked: boolean
}

/** GET /api/fzdy/config: the current configuration, its version, the steps and every version saved. */
export interface ConfigView {
  version: number
  config: DevConfig
  steps: ConfigStep[]
  versions: ConfigVersion[]
}

const A = DEVELOP_API

export const fetchRecords: CrudFetcher<DevRecord> = getFetcher<DevRecord>(A)
export const recordDetail = (id: number) => get<RecordDetail>(`${A}/${id}`)
export const createRecord = (body: CreateBody) => post<RecordDetail>(A, body)
export const updateRecord = (body: { id: number; leavingOn: string; remark: string }) => put<DevRecord>(A, body)
export const deleteRecords = deleter(A)
export const batchAct = (body: BatchBody) => post<BatchResult[]>(`${A}/batch`, body)
export const fetchVoters = (id: number, date: string) => get<Voters>(`${A}/${id}/voters`, { date })

/** The registry's students or teachers for the create form, marked with the record they already have. */
export const searchPeople = (kind: 'student' | 'teacher', text: string) =>
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

