import { get, post } from '@/api/request'
import type { Mark, MineRound, VoterView } from '@/api/generated/ballot'

// Silent: the voter's page shows the server's refusals (您已经投过票了, 投票已结束 …) itself.
const silent = { silent: true }

export const mineRounds = () => get<MineRound[]>('/api/ballot/mine', undefined, silent)
export const voterView = (round: number) => get<VoterView>(`/api/ballot/${round}`, undefined, silent)
export const castBallot = (round: number, marks: Mark[]) => post<{ voted: boolean }>(`/api/ballot/${round}/cast`, { marks }, silent)
export const codeView = (round: number, code: string) => post<VoterView>('/api/ballot/code/paper', { round, code }, silent)
export const castByCode = (round: number, code: string, marks: Mark[]) => post<{ voted: boolean }>('/api/ballot/code/cast', { round, code, marks }, silent)
