// The 发展党员 API (routes under /api/fzdy; docs/develop.md is the contract): typed calls and the step catalogue
// the pages show. Names follow the server's JSON exactly.
import { del, get, post, put, type Page } from '@/api/request'
import { deleter, getFetcher, type CrudFetcher } from '@/components/crud'

export const DEVELOP_API = '/api/fzdy'

/** The stage of a record (dev_record.stage, the flow state). */
export type Stage = 'applicant' | 'activist' | 'target' | 'probationary' | 'full' | 'ended'

/** The stages the lists show, and their names (develop.StageNames). */
export const STAGE_NAMES: Record<Stage, string> = {
  applicant: '入党申请人',
  activist: '入党积极分子',
  target: '发展对象',
  probationary: '预备党员',
  full: '正式党员',
  ended: '已终止',
}

export const STAGE_COLORS: Record<Stage, string> = {
  applicant: 'default',
  activist: 'blue',
  target: 'purple',
  probationary: 'orange',
  full: 'green',
  ended: 'red',
}

/** Who acts at a step (develop.ByBranch …). */
export type StepBy = 'branch' | 'committee' | 'department'

/** One of the 25 steps of the 2014 细则 (internal/develop/steps.go). */
export interface StepDef {
  no: number
  key: string
  name: string
  stage: Stage
  by: StepBy
}

const step = (no: number, key: string, name: string, stage: Stage, by: StepBy): StepDef => ({ no, key, name, stage, by })

/** The 25 steps in order, as steps.go declares them (the keys are stable: dev_step and the chains store them). */
export const STEPS: readonly StepDef[] = [
  step(1, 'apply', '递交入党申请书', 'applicant', 'branch'),
  step(2, 'talk', '党组织派人谈话', 'applicant', 'branch'),
  step(3, 'activist', '推荐和确定入党积极分子', 'applicant', 'branch'),
  step(4, 'activistFiling', '入党积极分子上级党委备案', 'activist', 'committee'),
  step(5, 'contacts', '指定培养联系人', 'activist', 'branch'),
  step(6, 'cultivate', '培养教育考察', 'activist', 'branch'),
  step(7, 'target', '确定发展对象', 'activist', 'branch'),
  step(8, 'targetFiling', '发展对象报上级党委备案', 'target', 'committee'),
  step(9, 'sponsors', '确定入党介绍人', 'target', 'branch'),
  step(10, 'politicalReview', '政治审查', 'target', 'branch'),
  step(11, 'training', '集中培训', 'target', 'committee'),
  step(12, 'branchReview', '支部委员会审查', 'target', 'branch'),
  step(13, 'preReview', '上级党委预审', 'target', 'committee'),
  step(14, 'volunteerBook', '填写入党志愿书', 'target', 'branch'),
  step(15, 'branchMeeting', '支部大会讨论接收预备党员', 'target', 'branch'),
  step(16, 'committeeTalk', '上级党委派人谈话', 'target', 'committee'),
  step(17, 'committeeApproval', '上级党委审批', 'target', 'committee'),
  step(18, 'deptFiling', '再上一级党委组织部门备案', 'probationary', 'department'),
  step(19, 'placement', '编入党支部和党小组', 'probationary', 'branch'),
  step(20, 'oath', '入党宣誓', 'probationary', 'branch'),
  step(21, 'probationEducation', '继续教育考察', 'probationary', 'branch'),
  step(22, 'fullApplication', '提出转正申请', 'probationary', 'branch'),
  step(23, 'fullMeeting', '支部大会讨论转正', 'probationary', 'branch'),
  step(24, 'fullApproval', '上级党委审批转正', 'probationary', 'committee'),
  step(25, 'archive', '材料归档', 'full', 'branch'),
]

/** Steps no configuration can leave out (config.go alwaysTracked): the rules hang on them. */
export const ALWAYS_TRACKED: ReadonlySet<string> = new Set(['apply', 'talk', 'activist', 'target', 'branchMeeting', 'committeeApproval', 'fullMeeting', 'fullApproval'])

export const BY_NAMES: Record<StepBy, string> = { branch: '党支部', committee: '上级党委', department: '组织部' }

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

/** The steps decided by a vote, and who votes (docs/develop.md). */
export const VOTE_STEPS: Readonly<Record<string, 'branch' | 'committee'>> = {
  branchMeeting: 'branch',
  fullMeeting: 'branch',
  committeeApproval: 'committee',
  fullApproval: 'committee',
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

export interface StepConfig {
  key: string
  tracked: boolean
  dueDays: number
  docs: string[]
}

/** The numbers of RULES.md §2, each a setting (develop.RuleConfig). */
export interface RuleConfig {
  minAge: number
  talkWithinMonths: number
  activistMinMonths: number
  reviewEveryMonths: number
  trainingMinHours: number
  trainingMinDays: number
  politicalReviewMonths: number
  meetingAfterPreMonths: number
  reportRediscussMonths: number
  reportRestartMonths: number
  approvalNormalMonths: number
  approvalMaxMonths: number
  probationMonths: number
  extensionMinMonths: number
  extensionMaxMonths: number
  fullApprovalMonths: number
  noticeWorkdays: number
  leavingMonths: number
  contactPersons: number
  sponsors: number
  planRequired: boolean
}

export interface DevConfig {
  steps: StepConfig[]
  rules: RuleConfig
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

/** The regulation's numbers (DefaultConfig), shown next to each setting. */
export const RULE_DEFAULTS: RuleConfig = {
  minAge: 18,
  talkWithinMonths: 1,
  activistMinMonths: 12,
  reviewEveryMonths: 6,
  trainingMinHours: 24,
  trainingMinDays: 3,
  politicalReviewMonths: 12,
  meetingAfterPreMonths: 1,
  reportRediscussMonths: 3,
  reportRestartMonths: 6,
  approvalNormalMonths: 3,
  approvalMaxMonths: 6,
  probationMonths: 12,
  extensionMinMonths: 6,
  extensionMaxMonths: 12,
  fullApprovalMonths: 3,
  noticeWorkdays: 5,
  leavingMonths: 3,
  contactPersons: 2,
  sponsors: 2,
  planRequired: true,
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

