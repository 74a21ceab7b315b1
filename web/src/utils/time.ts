import dayjs from 'dayjs'

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss'

/** A 10-digit number is seconds since the epoch; convert it to milliseconds. */
export function toMillis(value: number | string): number {
  const n = typeof value === 'string' ? Number(value) : value
  return String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n
}

/** Accepts ms, 10-digit seconds, RFC 3339 strings or Date. */
export function toDate(value: number | string | Date): Date {
  if (value instanceof Date) return value
  if (typeof value === 'number' || /^\d+$/.test(value)) return new Date(toMillis(value))
  return new Date(value)
}

export function formatTime(value: number | string | Date | null | undefined, format = DEFAULT_DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return ''
  return dayjs(toDate(value)).format(format)
}

/** '刚刚' under 30 s, minutes under 1 h, hours under 24 h, '1天前' under 48 h, else a date. */
export function relativeTime(value: number | string | Date, now: number = Date.now(), format = DEFAULT_DATE_FORMAT): string {
  const time = toDate(value).getTime()
  const diff = (now - time) / 1000
  if (diff < 30) return '刚刚'
  if (diff < 3600) return `${Math.ceil(diff / 60)}分钟前`
  if (diff < 3600 * 24) return `${Math.ceil(diff / 3600)}小时前`
  if (diff < 3600 * 24 * 2) return '1天前'
  return dayjs(time).format(format)
}

/** Seconds → 'hh:mm:ss' (hours may exceed 24). */
export function secondsToHms(total: number): string {
  const s = Math.max(0, Math.floor(total))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}

/** Whether `now` lies between start and end (inclusive). */
export function isBetween(start: number | string | Date, end: number | string | Date, now: number = Date.now()): boolean {
  return toDate(start).getTime() <= now && now <= toDate(end).getTime()
}
