import { del, get, post, type Page } from '@/api/request'
import type {
  CongressDetail,
  CongressInput,
  CongressView,
  Detail,
  Nominated,
  NominationInput,
  Opened,
  PlanInput,
  ElectionRecord,
  Representative,
  Roll,
  RollEntry,
  VoteInput,
  VoteView,
} from '@/api/generated/election'

/** 换届选举 (docs/election.md): hjxj:* in the caller's organisation scope. */
export const ELECTIONS = '/api/hjxj'
/** 党代表选举: ddbxj:*. */
export const CONGRESSES = '/api/ddbxj'

export interface ElectionQuery {
  page: number
  size: number
  /** One state, or several (the server's filter takes a repeated state=). */
  state?: string | readonly string[]
  blurry?: string
  id?: number
  /** The elections of these organisations themselves (repeated orgIds=). */
  orgIds?: readonly number[]
}

export const listElections = (q: ElectionQuery) => get<Page<ElectionRecord>>(ELECTIONS, q)
export const createElection = (body: PlanInput) => post<Detail>(ELECTIONS, body)
export const electionDetail = (id: number) => get<Detail>(`${ELECTIONS}/${id}`)
export const eligible = (orgId: number) => get<RollEntry[]>(`${ELECTIONS}/eligible`, { orgId })
export const electionRoll = (id: number) => get<Roll>(`${ELECTIONS}/${id}/voters`)
export const openElectionVote = (id: number, body: VoteInput) => post<Opened>(`${ELECTIONS}/${id}/votes`, body)
export const closeElectionVote = (voteId: number) => post<VoteView>(`${ELECTIONS}/votes/${voteId}/close`)

export const listCongresses = (q: { page: number; size: number }) => get<Page<CongressView>>(CONGRESSES, q)
export const createCongress = (body: CongressInput) => post<CongressDetail>(CONGRESSES, body)
export const congressDetail = (id: number) => get<CongressDetail>(`${CONGRESSES}/${id}`)
export const nominees = (orgId: number) => get<RollEntry[]>(`${CONGRESSES}/eligible`, { orgId })
export const nominate = (unitId: number, body: NominationInput) => post<Nominated>(`${CONGRESSES}/units/${unitId}/nominations`, body)
export const withdrawNomination = (id: number) => del<void>(`${CONGRESSES}/nominations/${id}`)
export const unitRoll = (unitId: number) => get<Roll>(`${CONGRESSES}/units/${unitId}/voters`)
export const openUnitVote = (unitId: number, body: VoteInput) => post<Opened>(`${CONGRESSES}/units/${unitId}/votes`, body)
export const closeUnitVote = (voteId: number) => post<VoteView>(`${CONGRESSES}/votes/${voteId}/close`)
export const representatives = (id: number) => get<Representative[]>(`${CONGRESSES}/${id}/reps`)
export const repsExportUrl = (id: number) => `${CONGRESSES}/${id}/reps/export`
