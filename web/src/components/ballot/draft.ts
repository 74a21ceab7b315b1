import type { Answer, Answers } from './answers'

/**
 * A voter's unfinished answers, kept on the device only (localStorage) until the ballot is accepted: a phone that
 * locks, a tab closed by mistake or a session that expires does not lose a long paper. Nothing of it is sent before the
 * submit — the server never sees partial answers (docs/ballot.md). A printed code is never stored: its draft is keyed
 * by the code's SHA-256.
 */
const PREFIX = 'zhdj.ballot.draft.'

/** A draft older than this is dropped when read (the round has long ended). */
const MAX_AGE_MS = 30 * 24 * 3600 * 1000

interface Stored {
  at: number
  answers: Answers
}

/** The storage key of a signed-in voter's draft: the round and the account (two accounts may share a computer). */
export const accountDraftKey = (round: number, account: number) => `${PREFIX}${round}.a${account}`

/**
 * The storage key of a printed code's draft: the round and the SHA-256 of the code as the server reads it (case,
 * spaces and dashes ignored, ballot.NormalizeCode). Undefined where the browser has no SubtleCrypto (a page not served
 * over HTTPS): no draft then, rather than the code in storage.
 */
export async function codeDraftKey(round: number, code: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined
  if (!subtle) return undefined
  const normal = code.toUpperCase().replace(/[ -]/g, '')
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(`${round}:${normal}`))
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
  return `${PREFIX}${round}.c${hex}`
}

const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')
const text = (v: unknown) => v === undefined || typeof v === 'string'

/** Whether v has the shape of an Answer (a draft is the device's, and could have been changed there). */
function isAnswer(v: unknown): v is Answer {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
  const a = v as Record<string, unknown>
  const rows = a.rows
  return (
    text(a.choice) &&
    text(a.text) &&
    (a.choices === undefined || strings(a.choices)) &&
    (a.writeIns === undefined || strings(a.writeIns)) &&
    (rows === undefined || (typeof rows === 'object' && rows !== null && Object.values(rows).every(text)))
  )
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined // storage refused (a private window's policy)
  }
}

/** Keeps the answers under key; a full or refused storage only loses the draft. */
export function saveDraft(key: string, answers: Answers): void {
  try {
    storage()?.setItem(key, JSON.stringify({ at: Date.now(), answers } satisfies Stored))
  } catch {
    // quota exceeded: the voter goes on without a draft
  }
}

/** The answers kept under key, or undefined: none, too old, or not a draft (ignored and removed). */
export function restoreDraft(key: string): Answers | undefined {
  const raw = storage()?.getItem(key)
  if (!raw) return undefined
  try {
    const d = JSON.parse(raw) as Partial<Stored>
    const answers = d.answers
    if (typeof d.at === 'number' && Date.now() - d.at < MAX_AGE_MS && typeof answers === 'object' && answers !== null && !Array.isArray(answers)) {
      const good = Object.entries(answers).filter(([, a]) => a === undefined || isAnswer(a))
      if (good.length > 0 && good.length === Object.keys(answers).length) return Object.fromEntries(good) as Answers
    }
  } catch {
    // not JSON: dropped below
  }
  clearDraft(key)
  return undefined
}

/** Drops the draft under key (the ballot was accepted, or can no longer be). */
export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key)
  } catch {
    // storage refused: nothing kept either
  }
}
