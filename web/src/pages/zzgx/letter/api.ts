// The 介绍信 API (routes under /api/zzgx/letters; docs/transfer-letters.md is the contract).
import { get, post, put } from '@/api/request'
import { getFetcher, type CrudFetcher } from '@/components/crud'

export const LETTERS_API = '/api/zzgx/letters'

export type LetterStatus = 'issued' | 'accepted' | 'received' | 'expired' | 'voided'
export type Reach = 'city' | 'province' | 'nation'

/** A letter as the list and the detail show it (letter.View). */
export interface Letter {
  id: number
  transferId: number
  memberId: number
  kind: string
  reach: Reach
  year: number
  number: string
  fromOrgName: string
  toOrgName: string
  memberName: string
  gender: string
  birthDate?: string
  ethnicity: string
  partyStatus: string
  /** Masked (110101********1234). */
  idNumber: string
  age: number
  feesPaidUpTo: string
  contact: string
  issuedOn: string
  validDays: number
  validUntil: string
  /** The day the receiving side took the member in: the receipt is due a month later (介绍信 第三联). */
  acceptedOn?: string
  receivedOn?: string
  voidedOn?: string
  voidReason: string
  reissueOf?: number | null
  /** Empty while the member is not taken in. */
  receiptDueOn: string
  status: LetterStatus
}

/** The print view's letter: the ID number in full (the request is logged). */
export interface LetterPrint extends Letter {
  idNumberFull: string
  reachLabel: string
}

/** The validity settings (RULES §3: never more than 3 months, 90 days). */
export interface LetterSettings {
  cityDays: number
  provinceDays: number
  nationDays: number
  receiptMonths: number
  contact: string
}

export const MAX_DAYS = 90

export const STATUS: Record<LetterStatus, { label: string; color: string }> = {
  issued: { label: '有效', color: 'processing' },
  accepted: { label: '已接收待回执', color: 'warning' },
  received: { label: '已回执', color: 'success' },
  expired: { label: '已过期', color: 'error' },
  voided: { label: '已作废', color: 'default' },
}

export const REACH: Record<Reach, string> = { city: '市内', province: '省内', nation: '省外' }

/** The transfer kinds (transfer.Kind…) by name; letters are issued for 转出 and 校内转接. */
export const KINDS: Record<string, string> = {
  out: '转出',
  inside: '校内转接',
  flow_out: '流动党员流出',
  in: '校外转入',
  abroad: '出国（境）暂留',
}

export const fetchLetters: CrudFetcher<Letter> = getFetcher<Letter>(LETTERS_API)
export const letterDetail = (id: number) => get<Letter>(`${LETTERS_API}/${id}`)
export const letterPrint = (id: number) => get<LetterPrint>(`${LETTERS_API}/${id}/print`)
export const letterDocxUrl = (id: number) => `${LETTERS_API}/${id}/docx`
export const recordAccepted = (body: { id: number; acceptedOn: string }) => post<Letter>(`${LETTERS_API}/accepted`, body)
export const recordReceipt = (body: { id: number; receivedOn: string }) => post<Letter>(`${LETTERS_API}/receipt`, body)
export const voidLetter = (body: { id: number; reason: string }) => post<Letter>(`${LETTERS_API}/void`, body)
export const reissueLetter = (id: number) => post<Letter>(`${LETTERS_API}/${id}/reissue`)
export const getSettings = () => get<LetterSettings>(`${LETTERS_API}/settings`)
export const saveSettings = (body: LetterSettings) => put<LetterSettings>(`${LETTERS_API}/settings`, body)
