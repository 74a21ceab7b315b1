import { downloadFile } from '@/api/file'
import { get } from '@/api/request'
import { reportParams as params, type ReportQuery } from '@/components/report/query'
import type { Calendar, OrgTable } from '@/api/generated/compliance'

/** 会议统计's selection: the year and the organisation (none: the top of the caller's scope). */
export type ComplianceQuery = Omit<ReportQuery, 'month'>

// The JSON is the server's (zhdj gen: internal/orglife/compliance.go).
export type { Calendar, CellStatus, Line, Measure, OrgRow, OrgTable, Period, Share } from '@/api/generated/compliance'
export { CELL_NAMES, CELLS } from '@/api/generated/compliance'

export const getOrgs = (q: ComplianceQuery) => get<OrgTable>('/api/zzsh/compliance/orgs', params(q))
export const getCalendar = (q: ComplianceQuery) => get<Calendar>('/api/zzsh/compliance/branch', params(q))

export const exportOrgs = (q: ComplianceQuery, name: string) =>
  downloadFile('/api/zzsh/compliance/orgs/export', params(q), `${name}-${q.year}年会议统计.xlsx`)
export const exportCalendar = (q: ComplianceQuery, name: string) =>
  downloadFile('/api/zzsh/compliance/branch/export', params(q), `${name}-${q.year}年会议日历.xlsx`)
