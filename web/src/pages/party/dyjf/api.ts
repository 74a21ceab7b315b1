import { get, post, put, type Page } from '@/api/request'
import type { Decision, PointsEntry, Proposal, ProposalInput, ProposalState, Rank, Rule, RuleInput } from '@/api/generated/points'

/** The API of 党员积分 (internal/points, docs/points.md). */
export const PAGE_SIZE = 20

export const ENTRIES_EXPORT_URL = '/api/jf/entries/export'

export interface EntryFilter {
  memberName?: string
  year?: number
}

export const listEntries = (page: number, f: EntryFilter) =>
  get<Page<PointsEntry>>('/api/jf/entries', { page, size: PAGE_SIZE, memberName: f.memberName || undefined, year: f.year })

/** Members of the organisation's subtree ranked by the year's total. */
export const listRanking = (orgId: number, year: number, page: number) =>
  get<Page<Rank>>('/api/jf/ranking', { orgId, year, page, size: PAGE_SIZE })

export const listProposals = (page: number, state?: ProposalState) =>
  get<Page<Proposal>>('/api/jf/manual', { page, size: PAGE_SIZE, state })

export const propose = (body: ProposalInput) => post<Proposal>('/api/jf/manual', body)

export const decide = (id: number, body: Decision) => post<Proposal>(`/api/jf/manual/${id}/decide`, body)

/** A proposal's evidence files (system.AttachRoutes). */
export const evidenceApi = (id: number) => `/api/jf/manual/${id}/attachments`

export const listRules = () => get<Rule[]>('/api/jf/rules')

export const saveRules = (body: RuleInput) => put<Rule[]>('/api/jf/rules', body)
