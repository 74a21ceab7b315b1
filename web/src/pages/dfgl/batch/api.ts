// The party-fee collection API (routes under /api/dfgl; docs/fee.md is the contract): monthly batches, the
// frozen dues, payments and their entries, the member's own fees and the public payment result. Amounts are
// integer fen, as the server keeps them.
import { DUE_STATE_LABELS, type BatchState, type DueState, type PayState, type PrepayState, type Provider } from '@/api/generated/fee'
import { del, get, post, type Page } from '@/api/request'

export const FEE_API = '/api/dfgl'

// The states are the server's (zhdj gen: internal/fee).
export type { BatchState, DueState, PayState, PrepayState, Provider } from '@/api/generated/fee'

export const BATCH_STATE_COLORS: Record<BatchState, string> = { created: 'default', open: 'processing', settled: 'success' }

/** What a set of member-month dues add up to (amounts in fen; the rate in basis points, paid ÷ due). */
export interface Figures {
  members: number
  months: number
  unpaidMonths: number
  dueFen: number
  /** 实缴: voluntary extras included (extraFen of it); the rate counts the dues alone. */
  paidFen: number
  extraFen?: number
  outstandingFen: number
  /** 收缴率（按金额）: the dues' paid amount ÷ due, in basis points. */
  rateBp: number
  /** 收缴率（按人数）: member-months paid in full ÷ member-months due (a month: members), in basis points. */
  peopleRateBp: number
}

/** A month's batch; as listed, its members and dueFen and its scope are those of its dues in the caller's scope. */
export interface Batch {
  id: number
  month: string
  state: BatchState
  stateLabel: string
  members: number
  dueFen: number
  scope?: Figures
  remark: string
  /** Why a month before the current one was created late (补建); '' otherwise. */
  reason: string
  createdBy: string
  startedAt: string | null
  settledAt: string | null
  createdAt: string
}

export const DUE_STATE_COLORS: Record<DueState, string> = { unpaid: 'red', paid: 'green', exempt: 'default' }

export const DUE_STATE_OPTIONS = (Object.keys(DUE_STATE_LABELS) as DueState[]).map((value) => ({ value, label: DUE_STATE_LABELS[value] }))

/** A member's frozen due of a month with what is paid of it. */
export interface Due {
  id: number
  batchId: number
  month: string
  memberId: number
  memberName: string
  orgId: number
  orgName: string
  committeeId: number | null
  category: string
  dueFen: number
  paidFen: number
  /** 自愿多交 written on this month (not part of paidFen). */
  extraFen?: number
  working: string
  state: DueState
  stateLabel: string
}

/** A line of a month's roll-up. */
export interface Rollup {
  orgId: number
  orgName: string
  members: number
  paid: number
  dueFen: number
  paidFen: number
}

export type RollupLevel = 'school' | 'committee' | 'branch'

export interface Payment {
  id: number
  no: string
  provider: Provider
  providerLabel: string
  state: PayState
  stateLabel: string
  amountFen: number
  orgId: number
  orgName: string
  payer: string
  platformTxn: string
  remark: string
  /** Of amountFen: the voluntary extra (自愿多交) and the months paid ahead (预交). */
  extraFen?: number
  prepayFen?: number
  /** The extra is 1,000 元 or more: 上缴中央 (中组发〔2008〕3号). */
  toCentral?: boolean
  paidAt: string | null
  createdAt: string
  /** On site: cash / transfer / scan (the server's list, onsiteMethods); "" online and before it was recorded. */
  method?: string
  /** 现金/转账/扫码; 未记录 for an on-site payment recorded before the method was; "" online. */
  methodLabel?: string
  /** The day the money was handed over (on site); "" when not recorded. */
  paidOn?: string
  /** Who recorded it (the receipt's 收款人); "" before it was recorded. */
  operator?: string
}

/** An on-site payment method as the server serves it (GET /api/dfgl/onsite/methods). */
export interface PayMethod {
  value: string
  label: string
}

/** A month paid ahead (预交): what is left of it is the member's credit. */
export interface Prepay {
  id: number
  paymentId: number
  paymentNo?: string
  memberId: number
  month: string
  amountFen: number
  leftFen: number
  refundedFen: number
  state: PrepayState
  stateLabel: string
  dueId: number | null
  entryId: number | null
  reason: string
  createdAt: string
}

/** A month the member may pay ahead now, at the standards' amount. */
export interface AheadMonth {
  month: string
  amountFen: number
}

export interface Entry {
  id: number
  dueId: number
  paymentId: number | null
  kind: 'pay' | 'reverse' | 'extra' | 'unextra'
  amountFen: number
  memberId: number
  memberName: string
  month: string
  reversesId: number | null
  reason: string
  operator: string
  reversed: boolean
  createdAt: string
}

export interface PaymentDetail extends Payment {
  entries: Entry[]
  prepays?: Prepay[]
}

/** What one payment pays besides dues chosen by id: months (frozen → their dues, the others 预交) and 自愿多交. */
export interface PayPlan {
  dueIds: number[]
  months?: string[]
  extraFen?: number
}

export interface OnsiteInput {
  dueIds: number[]
  memberId?: number
  /** Several members of one organisation paying the same months (按季度 for a branch). */
  memberIds?: number[]
  months?: string[]
  extraFen?: number
  receiptNo?: string
  payer?: string
  remark?: string
  /** Required: one of onsiteMethods' values. */
  method?: string
  /** YYYY-MM-DD, not after today (empty: today). */
  paidOn?: string
}

export interface MyDue extends Due {
  payable: boolean
}

export interface MyPayment {
  id: number
  no: string
  providerLabel: string
  state: Payment['state']
  stateLabel: string
  amountFen: number
  extraFen?: number
  prepayFen?: number
  paidAt: string | null
  createdAt: string
  resultUrl?: string
}

export interface MyFees {
  memberId?: number
  memberName: string
  paidUpTo: string
  backMonths: number
  online: boolean
  /** Where an online payment goes: 演示支付 (the demo's sandbox) or 校园支付平台; '' while online payment is off. */
  onlineLabel?: string
  dues: MyDue[]
  payments: MyPayment[]
  /** 预交: the window after the current month, the months payable ahead, the credit left, the prepayments. */
  prepayMonths?: number
  ahead?: AheadMonth[]
  creditFen?: number
  prepays?: Prepay[]
  centralExtraFen?: number
}

export interface Order {
  no: string
  amountFen: number
  providerLabel?: string
  payUrl: string
}

/** What the public /payment page shows of an order. */
export interface PayResult {
  no: string
  state: Payment['state']
  stateLabel: string
  /** 'sandbox': 演示支付, whose pending order the page lets the payer confirm. */
  provider?: Payment['provider']
  providerLabel: string
  amountFen: number
  /** Of it, 自愿多交. */
  extraFen?: number
  /** The months it pays, frozen or ahead (预交). */
  months: string[]
  paidAt: string | null
}

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

export const createBatch = (month: string, remark: string, reason = '') => post<Batch>(`${FEE_API}/batch`, { month, remark, reason })
/** A batch still in 创建 (the server refuses any later state: 409). */
export const deleteBatch = (id: number) => del<void>(`${FEE_API}/batch/${id}`)

/**
 * What creating (and starting) a month's batch now would do: the month (asked, or the next one without a batch; ''
 * when every month up to the current one has its batch), whether it lies before the current month (a reason is
 * required) or has its batch already, and the members and the sum the start would freeze if it ran now.
 */
export interface BatchPreview {
  month: string
  current: string
  past: boolean
  exists: boolean
  members: number
  dueFen: number
}

export const previewBatch = (month?: string) => get<BatchPreview>(`${FEE_API}/batch/preview`, month ? { month } : {})
export const startBatch = (id: number) => post<Batch>(`${FEE_API}/batch/${id}/start`)
export const settleBatch = (id: number) => post<Batch>(`${FEE_API}/batch/${id}/settle`)
export const rollup = (id: number, level: RollupLevel, committeeId?: number) =>
  get<Rollup[]>(`${FEE_API}/batch/${id}/rollup`, { level, ...(committeeId ? { committeeId } : {}) })
/** The months with a started batch, newest first (what the month pickers offer). */
export const startedBatches = () => get<Page<Batch>>(`${FEE_API}/batch`, { state: ['open', 'settled'], size: 100 })
/** The payment list's filter choices, named by the server (GET /api/dfgl/payment/options). */
export interface PaymentOptions {
  providers: { value: string; label: string }[]
  states: { value: string; label: string }[]
}
export const paymentOptions = () => get<PaymentOptions>(`${FEE_API}/payment/options`)
export const paymentDetail = (id: number) => get<PaymentDetail>(`${FEE_API}/payment/${id}`)
export const payOnsite = (body: OnsiteInput) => post<Payment>(`${FEE_API}/onsite`, body)
export const onsiteMethods = () => get<PayMethod[]>(`${FEE_API}/onsite/methods`)
export const reverseEntry = (id: number, reason: string) => post<Entry>(`${FEE_API}/entry/${id}/reverse`, { reason })
export const refundPrepay = (id: number, reason: string) => post<Prepay>(`${FEE_API}/prepay/${id}/refund`, { reason })
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
