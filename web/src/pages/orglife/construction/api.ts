import { downloadFile } from '@/api/file'
import { del, get, post, put, type Page } from '@/api/request'
import type { AssessmentDetail, AssessmentView, BranchRank, CommitteeRank, Indicator, IndicatorSet, MarkEntry, ScoreInput } from '@/api/generated/orgstd'

// The JSON is the server's (zhdj gen: internal/orgstd).
export type { AssessmentDetail, AssessmentView, BranchRank, CommitteeRank, Indicator, IndicatorSet, ItemView, Mark, MarkEntry, ScoreInput } from '@/api/generated/orgstd'
export { ASSESSMENT_STATE_NAMES, ASSESSMENT_STATES, MARK_NAMES } from '@/api/generated/orgstd'

const BASE = '/api/dzzjs'
const ASSESSMENTS = `${BASE}/assessments`

export const getIndicators = (year: number) => get<IndicatorSet>(`${BASE}/indicators`, { year })
export const saveIndicator = (body: Partial<Indicator>) => (body.id ? put<Indicator>(`${BASE}/indicators`, body) : post<Indicator>(`${BASE}/indicators`, body))
export const deleteIndicators = (ids: number[]) => del<void>(`${BASE}/indicators`, { ids })
export const copyIndicators = (year: number) => post<IndicatorSet>(`${BASE}/indicators/copy`, { year })

export const listAssessments = (params: { year: number; state?: number; page?: number; size?: number }) =>
  get<Page<AssessmentView>>(ASSESSMENTS, params)
export const getAssessment = (id: number) => get<AssessmentDetail>(`${ASSESSMENTS}/${id}`)
export const startAssessment = (orgId: number, year: number) => post<AssessmentDetail>(ASSESSMENTS, { orgId, year })
export const saveAssessment = (id: number, updateTime: string, items: ScoreInput[]) => put<AssessmentDetail>(`${ASSESSMENTS}/${id}`, { updateTime, items })
export const submitAssessment = (id: number) => post<AssessmentDetail>(`${ASSESSMENTS}/${id}/submit`)
export const returnAssessment = (id: number, reason: string) => post<AssessmentDetail>(`${ASSESSMENTS}/${id}/return`, { reason })
export const reviewAssessment = (id: number, items: ScoreInput[], comment: string) => post<AssessmentDetail>(`${ASSESSMENTS}/${id}/review`, { items, comment })
export const setMark = (id: number, mark: string, reason = '') => post<AssessmentDetail>(`${ASSESSMENTS}/${id}/mark`, { mark, reason })
export const markHistory = (id: number) => get<MarkEntry[]>(`${ASSESSMENTS}/${id}/marks`)
/** The evidence of one indicator's row (system.AttachRoutes under /api/dzzjs/items). */
export const evidenceApi = (itemId: number) => `${BASE}/items/${itemId}/attachments`

/** The ranking's selection: the year, the organisation whose branches are ranked (none: the caller's scope), a mark. */
export interface RankingQuery {
  year: number
  orgId?: number | null
  mark?: string
}
const rankingParams = (q: RankingQuery) => ({ year: q.year, orgId: q.orgId ?? undefined, mark: q.mark || undefined })

export const getBranchRanking = (q: RankingQuery, page: number, size: number) =>
  get<Page<BranchRank>>(`${BASE}/ranking/branches`, { ...rankingParams(q), page, size })
export const getCommitteeRanking = (q: RankingQuery, page: number, size: number) =>
  get<Page<CommitteeRank>>(`${BASE}/ranking/committees`, { ...rankingParams(q), mark: undefined, page, size })
export const exportBranchRanking = (q: RankingQuery) =>
  downloadFile(`${BASE}/ranking/branches/export`, rankingParams(q), `${q.year}年党支部标准化规范化建设排名.xlsx`)
export const exportCommitteeRanking = (q: RankingQuery) =>
  downloadFile(`${BASE}/ranking/committees/export`, { ...rankingParams(q), mark: undefined }, `${q.year}年二级党委标准化规范化建设排名.xlsx`)
