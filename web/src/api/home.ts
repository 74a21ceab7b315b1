import type { OrgWarning } from '@/components/org/org'
import { get, type Page } from './request'
import type { MonthDue } from './generated/compliance'

/** One value of a dictionary with how many records hold it (dictionary order, zeros included). */
export interface DictCount {
  value: string
  label: string
  count: number
}

/** A change-trail entry of a member or an organisation; `module` says which page opens it. */
export interface RecentChange {
  module: 'member' | 'org'
  recordId: number
  recordName: string
  typeLabel: string
  summary: string
  operatorName: string
  createTime: string
}

/** GET /api/home/summary: the caller's data scope at a glance (docs/api.md). */
export interface HomeSummary {
  /** False when the caller's data scope holds no organisation (the figures are then all zero). */
  scoped: boolean
  year: number
  members: {
    /** Members in normal status. */
    total: number
    byStatus: DictCount[]
    byParty: DictCount[]
    byCategory: DictCount[]
    joinedInYear: number
    fullInYear: number
    movedInYear: number
  }
  orgs: { total: number; byType: DictCount[] }
  warnings: { total: number; termReminderMonths: number; items: OrgWarning[] }
  recent: RecentChange[]
}

export const homeSummary = () => get<HomeSummary>('/api/home/summary')

/** The top bar's organisation warnings (home:view): a page of them and their total. */
export const orgWarningPage = (q: { page: number; size: number }, silent = false) =>
  get<Page<OrgWarning>>('/api/home/warnings', q, silent ? { silent: true } : undefined)

/** This month's due meetings in the caller's scope and what is missing this year (home:view; organisation life's figure). */
export const homeMeetings = () => get<MonthDue>('/api/home/meetings')
