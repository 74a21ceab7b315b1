import { formatTime } from '@/utils/time'
import type { TrailChange, TrailEntry } from './ChangeTrail'

/** The day of an entry (YYYY-MM-DD) as the sentences start with it. */
const day = (createTime: string) => formatTime(createTime, 'YYYY-MM-DD')

/**
 * One change as a sentence, from the field's label and the old and new values the server gives
 * (names, labels and masked values, never ids or codes): "所在党组织由甲调整为乙".
 */
export function changeSentence(c: TrailChange): string {
  if (!c.old && c.new) return `${c.label}登记为${c.new}`
  if (c.old && !c.new) return `${c.label}（原为${c.old}）已清除`
  return `${c.label}由${c.old}调整为${c.new}`
}

/**
 * A trail entry as the sentences a member reads ("2026-03-01 所在党组织由…调整为…"): a new record is one
 * sentence naming how it was made (the entry's origin label: 用户新增, 系统导入), a change one sentence per field.
 * (The entry's summary is a list of field labels for the administrators' rows, not a sentence.)
 */
export function entrySentences(e: TrailEntry, noun = '党员'): string[] {
  const on = day(e.createTime)
  if (e.type === 1) return [`${on} 建立${noun}信息${e.originLabel ? `（${e.originLabel}）` : ''}`]
  if (e.changes.length === 0) return [`${on} ${noun}信息更新`]
  return e.changes.map((c) => `${on} ${changeSentence(c)}`)
}
