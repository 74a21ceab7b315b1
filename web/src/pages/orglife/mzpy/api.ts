import { get, post, put, type Page } from '@/api/request'
import type { TrailEntry } from '@/components/trail/ChangeTrail'
import type {
  DecideInput, FollowInput, FollowRow, Mine, MineView, OpenInput, Opened, Progress, Result, RoundDetail, RoundView, State, SummaryInput,
  SummaryView, VoteInput, VoteOpened,
} from '@/api/generated/appraisal'

/** 民主评议党员 (docs/appraisal.md): mzpy:* in the caller's organisation scope; one's own summary under mzpy:self. */
export const MZPY = '/api/mzpy'
const round = (id: number) => `${MZPY}/rounds/${id}`

export interface ProgressQuery {
  page: number
  size: number
  year: number
  orgId?: number
  state?: State
  blurry?: string
}

export interface MeetingBrief {
  id: number
  orgId: number
  typeCode: string
  topic: string
  heldOn: string
  state: number
}

export const progress = (q: ProgressQuery) => get<Progress>(`${MZPY}/progress`, q)
export const progressExport = `${MZPY}/progress/export`
export const openRounds = (body: OpenInput) => post<Opened>(`${MZPY}/rounds`, body)
export const roundDetail = (id: number) => get<RoundDetail>(round(id))
export const roundMeetings = (id: number) => get<MeetingBrief[]>(`${round(id)}/meetings`)
export const openVote = (id: number, body: VoteInput) => post<VoteOpened>(`${round(id)}/vote`, body)
export const closeVote = (id: number) => post<RoundView>(`${round(id)}/close`)
export const decide = (id: number, body: DecideInput) => post<RoundDetail>(`${round(id)}/decide`, body)
export const roundTrail = (id: number, page: number, size: number) => get<Page<TrailEntry>>(`${round(id)}/trail`, { page, size })
export const summaryOf = (id: number) => get<SummaryView>(`${MZPY}/members/${id}`)

export interface FollowQuery {
  page: number
  size: number
  year?: number
  followUp?: string
}
export const followList = (q: FollowQuery) => get<Page<FollowRow>>(`${MZPY}/follow`, q)
export const follow = (id: number, body: FollowInput) => post<FollowRow>(`${MZPY}/members/${id}/follow`, body)

export const memberResults = (memberId: number) => get<Result[]>(`${MZPY}/member/${memberId}`)

export const mine = () => get<MineView>(`${MZPY}/self`)
export const saveSummary = (id: number, body: SummaryInput) => put<Mine>(`${MZPY}/self/${id}`, body)
export const submitSummary = (id: number, body: SummaryInput) => post<Mine>(`${MZPY}/self/${id}/submit`, body)

/** A text's 字数 as the server counts it: every character but white space. */
export const words = (s: string) => s.replace(/\s/gu, '').length
