// The party-fee collection API (routes under /api/dfgl; docs/fee.md is the contract): monthly batches, the
// frozen dues, payments and their entries, the member's own fees and the public payment result. Amounts are
// integer fen, as the server keeps them.
import { get, post, type Page } from '@/api/request'

export const FEE_API = '/api/dfgl'

export type BatchState = 'created' | 'open' | 'settled'

export const BATCH_STATE_COLORS: Record<BatchState, string> = { created: 'default', open: 'processing', settled: 'success' }

/** What a set of member-month dues add up to (amounts in fen; the rate in basis points, paid ÷ due). */
export interface Figures {
  members: number
  months: number
  unpaidMonths: number
  dueFen: number
  paidFen: number
  outstandingFen: number
  rateBp: number
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
  createdBy: string
  startedAt: string | null
  settledAt: string | null
  createdAt: string
}

export type DueState = 'unpaid' | 'paid' | 'exempt'

export const DUE_STATE_COLORS: Record<DueState, string> = { unpaid: 'red', paid: 'green', exempt: 'default' }

export const DUE_STATE_OPTIONS = [
  { value: 'unpaid', label: '未缴' },
  { value: 'paid', label: '已缴' },
  { value: 'exempt', label: '免交' },
]

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
  provider: 'onsite' | 'online'
  providerLabel: string
  state: 'pending' | 'paid' | 'refund'
  stateLabel: string
  amountFen: number
  orgId: number
  orgName: string
  payer: string
  platformTxn: string
  remark: string
  paidAt: string | null
  createdAt: string
}

export interface Entry {
  id: number
  dueId: number
  paymentId: number | null
  kind: 'pay' | 'reverse'
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
}

export interface OnsiteInput {
  dueIds: number[]
  receiptNo?: string
  payer?: string
  remark?: string
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
  paidAt: string | null
  createdAt: string
  resultUrl?: string
}

export interface MyFees {
  memberName: string
  paidUpTo: string
  backMonths: number
  online: boolean
  dues: MyDue[]
  payments: MyPayment[]
}

export interface Order {
  no: string
  amountFen: number
  payUrl: string
}

/** What the public /payment page shows of an order. */
export interface PayResult {
  no: string
  state: Payment['state']
  stateLabel: string
  providerLabel: string
  amountFen: number
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

/** A collection rate in basis points (paid ÷ due, rounded down) as a percentage: 3333 → "33.33%". */
export const bpRate = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`

export const createBatch = (month: string, remark: string) => post<Batch>(`${FEE_API}/batch`, { month, remark })
export const startBatch = (id: number) => post<Batch>(`${FEE_API}/batch/${id}/start`)
export const settleBatch = (id: number) => post<Batch>(`${FEE_API}/batch/${id}/settle`)
export const rollup = (id: number, level: RollupLevel, committeeId?: number) =>
  get<Rollup[]>(`${FEE_API}/batch/${id}/rollup`, { level, ...(committeeId ? { committeeId } : {}) })
/** The months with a started batch, newest first (what the month pickers offer). */
export const startedBatches = () => get<Page<Batch>>(`${FEE_API}/batch`, { state: ['open', 'settled'], size: 100 })
export const paymentDetail = (id: number) => get<PaymentDetail>(`${FEE_API}/payment/${id}`)
export const payOnsite = (body: OnsiteInput) => post<Payment>(`${FEE_API}/onsite`, body)
export const reverseEntry = (id: number, reason: string) => post<Entry>(`${FEE_API}/entry/${id}/reverse`, { reason })
export const myFees = () => get<MyFees>(`${FEE_API}/mine`)
export const createOrder = (dueIds: number[]) => post<Order>(`${FEE_API}/mine/order`, { dueIds })
export const payResult = (no: string, sig: string) => get<PayResult>(`${FEE_API}/pay/result`, { no, sig })
