import { DatePicker } from 'antd'
import dayjs from 'dayjs'

/** Meetings are planned to the minute. */
export const MINUTE = 'YYYY-MM-DD HH:mm'

interface Props {
  /** RFC 3339 (the API's times). */
  value?: string | null
  onChange?: (value: string | null) => void
  placeholder?: string
  disabled?: boolean
  id?: string
}

/**
 * A day and a time to the minute, kept as the RFC 3339 string the API sends and takes, so the kit's form
 * passes it through unchanged (its dayjs values become days only).
 */
export default function DateTimeInput({ value, onChange, placeholder = '请选择时间', disabled, id }: Props) {
  return (
    <DatePicker
      id={id}
      // The time columns follow the format: hours and minutes.
      showTime
      format={MINUTE}
      style={{ width: '100%' }}
      placeholder={placeholder}
      disabled={disabled}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.second(0).millisecond(0).format() : null)}
    />
  )
}

/** A meeting's time for lists: the day and the hours, the end's day only when it differs. */
export function timeSpan(startsAt: string, endsAt: string): string {
  const s = dayjs(startsAt)
  const e = dayjs(endsAt)
  // The same day's end without its day: "2026-03-05 14:00–16:00".
  const end = e.format(MINUTE).slice(e.isSame(s, 'day') ? 'YYYY-MM-DD '.length : 0)
  return `${s.format(MINUTE)}–${end}`
}

/** The rule of an end time: after the start named `start` in the same form. */
export const endsAfter =
  (start: string) =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_: unknown, end: string | null) => {
      const from = getFieldValue(start) as string | null
      if (end && from && !dayjs(end).isAfter(dayjs(from))) throw new Error('结束时间须晚于开始时间')
    },
  })
