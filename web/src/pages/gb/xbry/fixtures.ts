// Test data of 选拔任用 (the page's and the print view's tests).
import type { Candidate, Selection } from '@/api/generated/cadreSelection'
import type { FlowView } from '@/components/flow'

// The post's level code, which the service adds to Selection (the post as named when the selection began):
// spread, so the fixture compiles with the generated type before and after it.
const post = { level: '3' }

/** A selection just moved (民主推荐 waiting), nothing of the later stages recorded. */
export const selection = (over: Partial<Selection> = {}): Selection => ({
  ...post,
  id: 7,
  title: '计算机学院院长选拔任用',
  unitId: 3,
  positionId: 2,
  motionOn: '2026-03-02',
  motionBy: '党委常委会',
  reason: '院长任期届满',
  conditions: '具有正高级职称',
  state: 'recommending',
  recOn: null,
  recMethod: '',
  recExpected: 0,
  recPresent: 0,
  inspTeam: '',
  inspFrom: null,
  inspTo: null,
  inspTalks: 0,
  inspReport: '',
  meetOn: null,
  meetName: '',
  meetTotal: 0,
  meetPresent: 0,
  meetAgree: 0,
  appointeeId: null,
  pubFrom: null,
  pubTo: null,
  pubResult: '',
  documentId: null,
  docNo: '',
  appointOn: null,
  promotion: false,
  probationUntil: null,
  reviewOn: null,
  reviewResult: '',
  reviewNote: '',
  createdBy: '干部管理员',
  createTime: '2026-03-02T08:00:00Z',
  updateTime: '2026-03-02T08:00:00Z',
  unitName: '计算机学院',
  positionName: '院长',
  levelLabel: '正处级',
  elected: false,
  appointeeName: '',
  stateName: '民主推荐',
  recMethodName: '',
  reviewResultName: '',
  candidates: [],
  ...over,
})

export const candidate = (over: Partial<Candidate> = {}): Candidate => ({
  id: 1,
  sort: 1,
  cadreId: 11,
  votes: 30,
  talkVotes: 12,
  inspected: false,
  name: '王超',
  unitName: '计算机学院',
  post: '副院长',
  ...over,
})

const STEP_TITLES = [
  ['recommend', '民主推荐'],
  ['inspect', '考察'],
  ['decide', '讨论决定'],
  ['publicize', '任前公示'],
  ['appoint', '任职'],
  ['review', '试用期满考核'],
] as const

/** The selection's flow waiting at `step`, for who may act there. */
export const flowAt = (step: string, over: Partial<FlowView> = {}): FlowView => ({
  workflow: 'gbxbry',
  started: true,
  state: 'recommending',
  stateName: '民主推荐',
  step,
  current: step,
  status: 'process',
  version: 3,
  actingOrgId: 1,
  actingOrgName: '党委组织部',
  actingRole: '干部管理员',
  steps: STEP_TITLES.map(([key, title]) => ({ key, title })),
  entries: [],
  mayAct: true,
  results: ['approve', 'reject'],
  returnTo: [],
  ...over,
})
