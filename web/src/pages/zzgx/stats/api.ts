import { downloadFile } from '@/api/file'
import { get } from '@/api/request'
import { reportParams as params, type ReportQuery } from '@/components/report/query'
import type { Stats } from '@/api/generated/transfer'

/** The tables' selection: the year and optionally an organisation whose subtree they cover. */
export type StatsQuery = Omit<ReportQuery, 'month'>

// The tables' JSON is the server's (zhdj gen: internal/transfer/oversight).
export type { CommitteeRow, Stats, StatsCell } from '@/api/generated/transfer'

export const getStats = (q: StatsQuery) => get<Stats>('/api/zzgx/stats', params(q))
export const exportStats = (q: StatsQuery) => downloadFile('/api/zzgx/stats/export', params(q), `组织关系转接统计-${q.year}.xlsx`)
