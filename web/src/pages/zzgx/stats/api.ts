import { downloadFile } from '@/api/file'
import { get } from '@/api/request'
import { reportParams as params, type ReportQuery } from '@/components/report/query'

/** The tables' selection: the year and optionally an organisation whose subtree they cover. */
export type StatsQuery = Omit<ReportQuery, 'month'>

/** One count of a table. */
export interface StatsCell {
  key: string
  label: string
  count: number
}

/** One secondary committee's moves by column key (orgId 0: 校党委直属). */
export interface CommitteeRow {
  orgId: number
  orgName: string
  counts: Record<string, number>
  in: number
  out: number
  /** 出国（境）暂留: the member keeps the relation, so it is not 转出 (RULES §6). */
  abroad: number
}

/** The yearly tables (GET /api/zzgx/stats): transfers completed in the year. */
export interface Stats {
  year: number
  kinds: StatsCell[]
  in: StatsCell[]
  out: StatsCell[]
  /** 出国（境）暂留, apart from 转出 (RULES §6 党员数量变化). */
  abroad: StatsCell[]
  totalIn: number
  totalOut: number
  totalAbroad: number
  committees: CommitteeRow[]
}

export const getStats = (q: StatsQuery) => get<Stats>('/api/zzgx/stats', params(q))
export const exportStats = (q: StatsQuery) => downloadFile('/api/zzgx/stats/export', params(q), `组织关系转接统计-${q.year}.xlsx`)
