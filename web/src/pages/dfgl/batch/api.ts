// The party-fee collection API (routes under /api/dfgl; docs/fee.md is the contract): monthly batches, the
// frozen dues, payments and their entries, the member's own fees and the public payment result. Amounts are
// integer fen, as the server keeps them.
import { DUE_STATE_LABELS, type Batch, type BatchPreview, type BatchRecord, type BatchState, type DueState, type EntryRecord, type MyFees,
  type OnsiteInput, type Option, type Order, type PaymentDetail, type PaymentOptions, type PaymentRecord, type PayPlan, type PayResult,
  type PrepayRecord, type Rollup } from '@/api/generated/fee'
import { del, get, post, type Page } from '@/api/request'

export const FEE_API = '/api/dfgl'

// The states and the APIs' JSON are the server's (zhdj gen: internal/fee).
export type {
  AheadMonth,
  Batch,
  BatchPreview,
  BatchState,
  Due,
  DueState,
  Entry,
  Figures,
  MyDue,
  MyFees,
  MyPayment,
  OnsiteInput,
  Order,
  Payment,
  PaymentDetail,
  PaymentOptions,
  PaymentRecord,
  PayPlan,
  PayResult,
  PayState,
  Prepay,
  PrepayState,
  Provider,
  Rollup,
} from '@/api/generated/fee'

/** An on-site payment method as the server serves it (GET /api/dfgl/onsite/methods). */
export type PayMethod = Option

export const BATCH_STATE_COLORS: Record<BatchState, string> = { created: 'default', open: 'processing', settled: 'success' }

export const DUE_STATE_COLORS: Record<DueState, string> = { unpaid: 'red', paid: 'green', exempt: 'default' }

export const DUE_STATE_OPTIONS = (Object.keys(DUE_STATE_LABELS) as DueState[]).map((value) => ({ value, label: DUE_STATE_LABELS[value] }))

export type RollupLevel = 'school' | 'committee' | 'branch'

/**
 * Fen as 元 with two decimals and thousands grouped, as the server writes 元 (standard.Yuan) and the finance
 * office reads them: 1234 → "12.34", 123456789 → "1,234,567.89". Exact: integers only, never a float's rounding.
 */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(fen))
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',')
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * A column of fen amounts in 元 (yuan), right-aligned so the digits line up: `yuanColumn('应缴（元）', 'dueFen', { width: 100 })`.
 * Its key is the last part of dataIndex.
 */
export const yuanColumn = (title: string, dataIndex: string | string[], { width, sorter }: { width?: number; sorter?: boolean } = {}) => ({
  title,
  dataIndex,
  key: [dataIndex].flat().at(-1),
  width,
  sorter,
  align: 'right' as const,
  render: yuan,
})

/**
 * The two collection rates, named wherever a rate is shown (a 收缴率 alone is ambiguous): by amount (实缴 of the dues ÷
 * 应缴, extras not counted — Figures.rateBp) and by people (members paid in full ÷ members due).
 */
export const RATE_BY_AMOUNT = '收缴率（按金额）'
export const RATE_BY_PEOPLE = '收缴率（按人数）'

/** A collection rate in basis points (paid ÷ due, rounded down) as a percentage: 3333 → "33.33%". */
export const bpRate = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`

export const createBatch = (month: string, remark: string, reason = '') => post<BatchRecord>(`${FEE_API}/batch`, { month, remark, reason })
/** A batch still in 创建 (the server refuses any later state: 409). */
export const deleteBatch = (id: number) => del<void>(`${FEE_API}/batch/${id}`)


export const previewBatch = (month?: string) => get<BatchPreview>(`${FEE_API}/batch/preview`, month ? { month } : {})
export const startBatch = (id: number) => post<BatchRecord>(`${FEE_API}/batch/${id}/start`)
export const settleBatch = (id: number) => post<BatchRecord>(`${FEE_API}/batch/${id}/settle`)
export const rollup = (id: number, level: RollupLevel, committeeId?: number) =>
  get<Rollup[]>(`${FEE_API}/batch/${id}/rollup`, { level, ...(committeeId ? { committeeId } : {}) })
/** The months with a started batch, newest first (what the month pickers offer). */
export const startedBatches = () => get<Page<Batch>>(`${FEE_API}/batch`, { state: ['open', 'settled'], size: 100 })
export const paymentOptions = () => get<PaymentOptions>(`${FEE_API}/payment/options`)
export const paymentDetail = (id: number) => get<PaymentDetail>(`${FEE_API}/payment/${id}`)
export const payOnsite = (body: OnsiteInput) => post<PaymentRecord>(`${FEE_API}/onsite`, body)
export const onsiteMethods = () => get<PayMethod[]>(`${FEE_API}/onsite/methods`)
export const reverseEntry = (id: number, reason: string) => post<EntryRecord>(`${FEE_API}/entry/${id}/reverse`, { reason })
export const refundPrepay = (id: number, reason: string) => post<PrepayRecord>(`${FEE_API}/prepay/${id}/refund`, { reason })
export const memberFees = (memberId: number) => get<MyFees>(`${FEE_API}/member/${memberId}/fees`)
export const myFees = () => get<MyFees>(`${FEE_API}/mine`)
export const createOrder = (dueIds: number[]) => post<Order>(`${FEE_API}/mine/order`, { dueIds })
export const createPlanOrder = (plan: PayPlan) => post<Order>(`${FEE_API}/mine/order`, plan)

/** 元 as typed ("1000", "999.99") → integer fen, without floats; null when it is not an amount of at most 2 decimals. */
export function fenOf(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}
export const payResult = (no: string, sig: string) => get<PayResult>(`${FEE_API}/pay/result`, { no, sig })
/** 演示支付: the payer confirms a pending sandbox order (delivered to the server as the platform's signed notify). */
export const sandboxPay = (no: string, sig: string) => post<PayResult>(`${FEE_API}/pay/sandbox`, { no, sig })
