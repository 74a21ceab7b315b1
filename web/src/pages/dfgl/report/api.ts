import { downloadFile } from '@/api/file'
import { get, type Page } from '@/api/request'
import { reportParams as params, type ReportQuery } from '@/components/report/query'
import type { Arrear, Ledger, MemberRow, OrgReport } from '@/api/generated/fee'

/** A report's selection: the year, the month (none: the whole year), the organisation whose subtree it covers. */
export type FeeQuery = ReportQuery

// The reports' JSON is the server's (zhdj gen: internal/fee/report); Figures is what a report gives of a set of dues.
export type { Arrear, ArrearLevel, Figures, Ledger, LedgerRow, MemberRow, OrgReport, OrgRow } from '@/api/generated/fee'

/** Fen as 元 with two decimals and a rate in basis points as a percentage (the fee pages' formatters). */
export { yuan, bpRate as rate, RATE_BY_AMOUNT, RATE_BY_PEOPLE } from '../batch/api'

const periodText = (q: FeeQuery) => (q.month ? `${q.year}年${q.month}月` : `${q.year}年`)

export const getOrgReport = (q: FeeQuery) => get<OrgReport>('/api/dfgl/report/orgs', params(q))
export const getMembers = (q: FeeQuery & { unpaid?: boolean; page: number; size: number }) =>
  get<Page<MemberRow>>('/api/dfgl/report/members', { ...params(q), page: q.page, size: q.size, ...(q.unpaid ? { unpaid: true } : {}) })
export const getArrears = (q: { orgId?: number | null; min?: number; page: number; size: number }) =>
  get<Page<Arrear>>('/api/dfgl/report/arrears', {
    page: q.page,
    size: q.size,
    ...(q.orgId ? { orgId: q.orgId } : {}),
    ...(q.min ? { min: q.min } : {}),
  })
export const getLedger = (q: FeeQuery & { page: number; size: number }) =>
  get<Ledger>('/api/dfgl/report/ledger', { year: q.year, orgId: q.orgId, page: q.page, size: q.size })
export const exportOrgReport = (q: FeeQuery) => downloadFile('/api/dfgl/report/orgs/export', params(q), `党费收缴情况统计表-${periodText(q)}.xlsx`)
export const exportLedger = (q: FeeQuery) =>
  downloadFile('/api/dfgl/report/ledger/export', { year: q.year, orgId: q.orgId }, `党费收缴台账-${q.year}.xlsx`)
