// The 介绍信 API (routes under /api/zzgx/letters; docs/transfer-letters.md is the contract).
import { get, post, put } from '@/api/request'
import { getFetcher, type CrudFetcher } from '@/components/crud'
import { KIND_NAMES, LETTER_LIMITS, LETTER_STATUS_LABELS, REACH_NAMES, type Letter, type LetterPrint, type LetterSettings, type LetterStatus, type Reach } from '@/api/generated/transfer'

export const LETTERS_API = '/api/zzgx/letters'

// The statuses, reaches, limits and the API's JSON are the server's (zhdj gen: internal/transfer/letter).
export type { Letter, LetterPrint, LetterSettings, LetterStatus, Reach } from '@/api/generated/transfer'

export const MAX_DAYS = LETTER_LIMITS.maxDays
export const MAX_RECEIPT_MONTHS = LETTER_LIMITS.maxReceiptMonths

const STATUS_COLORS: Record<LetterStatus, string> = { issued: 'processing', accepted: 'warning', received: 'success', expired: 'error', voided: 'default' }

export const STATUS = Object.fromEntries(
  (Object.keys(STATUS_COLORS) as LetterStatus[]).map((k) => [k, { label: LETTER_STATUS_LABELS[k], color: STATUS_COLORS[k] }]),
) as Record<LetterStatus, { label: string; color: string }>

export const REACH: Record<Reach, string> = REACH_NAMES

/** The transfer kinds letters are issued for (转出, 校内转接 …), by the server's name. */
export const KINDS: Record<string, string> = Object.fromEntries(
  (['out', 'inside', 'flow_out', 'in', 'abroad'] as const).map((k) => [k, KIND_NAMES[k]]),
)

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
