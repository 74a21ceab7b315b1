// The 党费标准 API (internal/fee/standard; docs/fee-standard.md): standards, bases, the live preview and
// the hardship reductions. Amounts travel as 元 text ("4,800.00" out, "4800" in) and fen integers: the
// page never does money arithmetic.
import type { Base, BaseInput, Bracket, Hardship, HardshipInput, Meta, MissingBase, Preview, Standard, StandardInput, StandardKind } from '@/api/generated/fee'
import { get, post, put } from '@/api/request'
import { deleter, getFetcher, type CrudFetcher } from '@/components/crud'

export const STANDARD_API = '/api/dfbz'
export const BASE_API = '/api/dfjs'
export const HARDSHIP_API = '/api/dfjm'

// The standards', bases' and reductions' JSON is the server's (zhdj gen: internal/fee/standard).
export type {
  Base,
  BaseInput,
  Bracket,
  Category,
  Hardship,
  HardshipInput,
  HardshipState,
  Meta,
  MissingBase,
  Preview,
  SalaryItem,
  Standard,
  StandardInput,
  StandardKind,
  StandardState,
} from '@/api/generated/fee'

export const KIND_LABELS: Record<StandardKind, string> = { rate: '按基数比例', fixed: '固定金额', exempt: '免交' }

export const listStandards = () => get<Standard[]>(STANDARD_API)
export const getMeta = () => get<Meta>(`${STANDARD_API}/meta`)
export const createStandard = (b: StandardInput) => post<Standard>(STANDARD_API, b)
export const updateStandard = (b: StandardInput) => put<Standard>(STANDARD_API, b)
export const enableStandard = (id: number) => post<Standard>(`${STANDARD_API}/${id}/enable`)
export const voidStandard = (id: number) => post<Standard>(`${STANDARD_API}/${id}/void`)

export const fetchBases: CrudFetcher<Base> = getFetcher<Base>(BASE_API)
export const fetchMissing: CrudFetcher<MissingBase> = getFetcher<MissingBase>(`${BASE_API}/missing`)
/** Silent: a half-typed form is often invalid; the dialog shows why itself. */
export const previewBase = (b: BaseInput) => post<Preview>(`${BASE_API}/preview`, b, { silent: true })
export const createBase = (b: BaseInput) => post<Base>(BASE_API, b)
export const updateBase = (b: BaseInput) => put<Base>(BASE_API, b)
export const deleteBases = deleter(BASE_API)

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
