// The 党费标准 API (internal/fee/standard; docs/fee-standard.md): standards, bases, the live preview and
// the hardship reductions. Amounts travel as 元 text ("4,800.00" out, "4800" in) and fen integers: the
// page never does money arithmetic.
import { get, post, put } from '@/api/request'
import { deleter, getFetcher, type CrudFetcher } from '@/components/crud'

export const STANDARD_API = '/api/dfbz'
export const BASE_API = '/api/dfjs'
export const HARDSHIP_API = '/api/dfjm'

export type StandardState = 'draft' | 'on' | 'void'
export type StandardKind = 'rate' | 'fixed' | 'exempt'

export interface Bracket {
  upToFen: number | null
  /** The upper end in 元 (inclusive); absent on the open last bracket. */
  upTo?: string
  /** Percent: "0.5" is 0.5%. */
  rate: string
}

export interface Standard {
  id: number
  name: string
  category: string
  categoryLabel: string
  kind: StandardKind
  brackets: Bracket[]
  fixedFen: number
  fixed: string
  basis: string
  state: StandardState
  stateLabel: string
  enabledAt: string | null
  voidedAt: string | null
  updatedAt: string
}

export interface StandardInput {
  id?: number
  name: string
  category: string
  kind: StandardKind
  brackets?: { upTo: string; rate: string }[]
  fixed?: string
  basis?: string
  /** The version read (Standard.updatedAt): an edit of a draft changed since is a 409. */
  updatedAt?: string
}

export interface Category {
  code: string
  label: string
  needBase: boolean
}

/**
 * An item of a base: salary items (included, deducted, excluded) of 在职; every item of the pension received (离退休);
 * the pay of a month (年薪制); a quarter's average monthly net income (个体经营者); a graduate student's stipend.
 */
export interface SalaryItem {
  key: string
  label: string
  kind: 'included' | 'excluded' | 'deducted' | 'pension' | 'monthPay' | 'quarter' | 'stipend'
  /** The last month whose due uses the item (a month's pay, a quarter's income): a base from a later month does not take it. */
  until?: number
}

export interface Meta {
  categories: Category[]
  items: SalaryItem[]
  states: Record<StandardState, string>
  /** The school takes a graduate student's stipend (普通奖学金) as the base (系统参数 feeGraduateStipendBase). */
  graduateStipend?: boolean
}

export const KIND_LABELS: Record<StandardKind, string> = { rate: '按基数比例', fixed: '固定金额', exempt: '免交' }

export const listStandards = () => get<Standard[]>(STANDARD_API)
export const getMeta = () => get<Meta>(`${STANDARD_API}/meta`)
export const createStandard = (b: StandardInput) => post<Standard>(STANDARD_API, b)
export const updateStandard = (b: StandardInput) => put<Standard>(STANDARD_API, b)
export const enableStandard = (id: number) => post<Standard>(`${STANDARD_API}/${id}/enable`)
export const voidStandard = (id: number) => post<Standard>(`${STANDARD_API}/${id}/void`)

export interface Base {
  id: number
  memberId: number
  memberName: string
  staffNo: string
  orgId: number
  orgName: string
  year: number
  fromMonth: number
  category: string
  categoryLabel: string
  items: Record<string, string>
  included: string
  deducted: string
  base: string
  baseFen: number
  due: string
  dueFen: number
  working: string
  remark: string
  updatedAt: string
}

export interface BaseInput {
  id?: number
  memberId?: number
  year: number
  fromMonth: number
  category: string
  items: Record<string, string>
  remark?: string
  /** Why the organisation department sets 免交 or 困难减免 (required then; kept in the trail). */
  reason?: string
  /** The version read (Base.updatedAt): an update of a base changed since is a 409. */
  updatedAt?: string
}

export interface Preview {
  baseFen: number
  base: string
  fen: number
  amount: string
  standardId: number
  working: string
}

export interface MissingBase {
  memberId: number
  memberName: string
  staffNo: string
  personType: string
  orgId: number
  orgName: string
}

export const fetchBases: CrudFetcher<Base> = getFetcher<Base>(BASE_API)
export const fetchMissing: CrudFetcher<MissingBase> = getFetcher<MissingBase>(`${BASE_API}/missing`)
/** Silent: a half-typed form is often invalid; the dialog shows why itself. */
export const previewBase = (b: BaseInput) => post<Preview>(`${BASE_API}/preview`, b, { silent: true })
export const createBase = (b: BaseInput) => post<Base>(BASE_API, b)
export const updateBase = (b: BaseInput) => put<Base>(BASE_API, b)
export const deleteBases = deleter(BASE_API)

export type HardshipState = 'review' | 'returned' | 'approved' | 'rejected' | 'withdrawn' | 'ended'

export interface Hardship {
  id: number
  memberId: number
  memberName: string
  orgId: number
  orgName: string
  kind: 'reduce' | 'exempt'
  kindLabel: string
  amount: string
  from: string
  to: string
  /** 已终止: charged in full from this month (YYYY-MM). */
  endFrom?: string
  reason: string
  state: HardshipState
  stateLabel: string
  createdAt: string
}

export interface HardshipInput {
  memberId: number
  kind: 'reduce' | 'exempt'
  amount?: string
  from: string
  to: string
  reason: string
}

export const fetchHardships: CrudFetcher<Hardship> = getFetcher<Hardship>(HARDSHIP_API)
export const proposeHardship = (b: HardshipInput) => post<Hardship>(HARDSHIP_API, b)
/** 撤回 by the branch, from the flow version the page read (a step dealt with meanwhile is a 409). */
export const withdrawHardship = (id: number, version: number) => post<Hardship>(`${HARDSHIP_API}/${id}/withdraw`, { version })
/** 终止 by the committee: an approved reduction ends, charged in full from `from` (YYYY-MM, after the frozen months). */
export const endHardship = (id: number, b: { from: string; comment: string; version: number }) => post<Hardship>(`${HARDSHIP_API}/${id}/end`, b)

/** A bracket's band as the working names it: 基数 ≤ 3000, 3000 < 基数 ≤ 5000, 基数 > 10000. */
export function bandOf(brackets: Bracket[], i: number): string {
  const lo = i > 0 ? brackets[i - 1].upTo : undefined
  const hi = brackets[i].upTo
  if (hi === undefined) return lo === undefined ? '全部基数' : `基数 > ${lo}`
  return lo === undefined ? `基数 ≤ ${hi}` : `${lo} < 基数 ≤ ${hi}`
}

/** What a standard asks: the brackets with their rates, a fixed amount, or nothing. */
export function ruleText(s: Standard): string {
  if (s.kind === 'exempt') return '免交'
  if (s.kind === 'fixed') return `每月 ${s.fixed} 元`
  return s.brackets.map((b, i) => `${bandOf(s.brackets, i)}：${b.rate}%`).join('；')
}
