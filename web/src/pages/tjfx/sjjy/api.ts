import { downloadFile } from '@/api/file'
import type { CheckKind, CheckLevel, Issue, Summary } from '@/api/generated/statsCheck'
import { get, type Page } from '@/api/request'
import { cleanFilters } from '@/components/crud/query'

// The checks' JSON is the server's (zhdj gen: internal/stats/check).
export type { CheckKind, CheckLevel, Issue, KindCount, OrgLine, Summary } from '@/api/generated/statsCheck'

/** The filter both the summary and the issues list read: an organisation's subtree (null: the whole scope). */
export interface SummaryQuery {
  orgId: number | null
  level: CheckLevel
  page: number
  size: number
}

export interface IssueFilter {
  orgId: number | null
  kind: CheckKind | null
}

const API = '/api/sjjy'

export const getSummary = (q: SummaryQuery) => get<Summary>(`${API}/summary`, cleanFilters({ ...q }))
export const getIssues = (f: IssueFilter, page: number, size: number) => get<Page<Issue>>(`${API}/issues`, cleanFilters({ ...f, page, size }))
export const exportIssues = (f: IssueFilter) => downloadFile(`${API}/issues/export`, cleanFilters({ ...f }), '数据校验问题清单.xlsx')
