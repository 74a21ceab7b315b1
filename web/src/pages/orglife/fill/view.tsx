import { Tag } from 'antd'
import dayjs from 'dayjs'
import { ENTRY_STATE_NAMES, ENTRY_STATES, FORM_STATE_NAMES, type EntryState, type FormState } from '@/api/generated/fillform'

/** A time as people read it (— for none). */
export const clock = (t: string | null | undefined) => (t ? dayjs(t).format('YYYY-MM-DD HH:mm') : '—')

const ENTRY_COLORS: Record<number, string | undefined> = {
  [ENTRY_STATES.empty]: undefined,
  [ENTRY_STATES.draft]: 'default',
  [ENTRY_STATES.submitted]: 'processing',
  [ENTRY_STATES.returned]: 'warning',
  [ENTRY_STATES.passed]: 'success',
}

/** An entry's state. */
export function EntryTag({ state }: { state: EntryState }) {
  return <Tag color={ENTRY_COLORS[state]}>{ENTRY_STATE_NAMES[state]}</Tag>
}

const FORM_COLORS: Record<FormState, string> = { draft: 'default', published: 'processing', closed: 'default' }

/** A form's state now (a published form past its deadline is 已截止). */
export function FormTag({ status }: { status: FormState }) {
  return <Tag color={FORM_COLORS[status]}>{FORM_STATE_NAMES[status]}</Tag>
}

/** The states an addressee still submits from (未填报, 草稿, 已退回). */
export const NOT_SUBMITTED: EntryState[] = [ENTRY_STATES.empty, ENTRY_STATES.draft, ENTRY_STATES.returned] as EntryState[]
