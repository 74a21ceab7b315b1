import { downloadFile } from '@/api/file'
import { get, type Page } from '@/api/request'
import { reportParams as params, type ReportQuery } from '@/components/report/query'
import type { Figures } from '../batch/api'

/** A report's selection: the year, the month (none: the whole year), the organisation whose subtree it covers. */
export type FeeQuery = ReportQuery

/** What a report gives of a set of member-month dues: the fee pages' one Figures. */
export type { Figures }

/** One organisation's line: its whole subtree's figures. */
export interface OrgRow extends Figures {
  orgId: number
  orgName: string
  orgType: string
  own: boolean
  hasChildren: boolean
}

/** GET /api/dfgl/report/orgs: the lines of the organisations below the one asked for, and the total. */
export interface OrgReport {
  year: number
  month: number
  orgId: number
  orgName: string
  rows: OrgRow[]
  total: Figures
}

/** A member's figures over the period (GET /api/dfgl/report/members). */
export interface MemberRow extends Figures {
  memberId: number
  name: string
  orgId: number
  orgName: string
}

/** A member's current run of unpaid months (GET /api/dfgl/report/arrears). */
export interface Arrear {
  memberId: number
  name: string
  orgId: number
  orgName: string
  months: number
  since: string
  latest: string
  outstandingFen: number
  level: '' | 'remind' | 'warn'
}

/** A member's line of the 党费收缴台账: each month's due and paid (index 0 = January). */
export interface LedgerRow {
  memberId: number
  name: string
  due: number[]
  paid: number[]
  dueFen: number
  paidFen: number
  outstandingFen: number
}

export interface Ledger {
  year: number
  orgId: number
  rows: LedgerRow[]
  total: LedgerRow
  totalElements: number
}

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
