import { downloadFile } from '@/api/file'
import { get } from '@/api/request'
import { reportParams as params, type ReportQuery } from '@/components/report/query'
import type { RegisterRow, Yearly } from '@/api/generated/develop'

export type { ReportQuery }

// The reports' JSON is the server's (zhdj gen: internal/develop).
export type { RegisterRow, Yearly, YearlyCell } from '@/api/generated/develop'

/** The dimensions of the yearly table in the order the party statistics list them. */
export const DIMENSIONS = [
  { key: 'gender', title: '性别' },
  { key: 'ethnicity', title: '民族' },
  { key: 'age', title: '年龄（审批时）' },
  { key: 'education', title: '学历' },
  { key: 'occupation', title: '职业' },
  { key: 'category', title: '人员类别' },
] as const satisfies readonly { key: keyof Yearly; title: string }[]

export const getRegister = (q: ReportQuery) => get<RegisterRow[]>('/api/fzdy/reports/register', params(q))
export const getYearly = (q: ReportQuery) => get<Yearly>('/api/fzdy/reports/yearly', params(q))
export const exportRegister = (q: ReportQuery) => downloadFile('/api/fzdy/reports/register/export', params(q), `发展党员名册-${q.year}.xlsx`)
export const exportYearly = (q: ReportQuery) => downloadFile('/api/fzdy/reports/yearly/export', params(q), `发展党员年度统计-${q.year}.xlsx`)
