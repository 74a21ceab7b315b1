import dayjs from 'dayjs'
import { isValidIdNumber } from './validate'

/** Birth date "YYYY-MM-DD" of a citizen ID number (15 or 18 characters), or null when it holds none. */
export function birthDateOfIdNumber(value: string | null | undefined): string | null {
  const v = (value ?? '').trim()
  if (!v || !isValidIdNumber(v)) return null
  const raw = v.length === 18 ? v.slice(6, 14) : `19${v.slice(6, 12)}`
  const d = dayjs(raw, 'YYYYMMDD', true)
  const iso = `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`
  // dayjs without the strict-parse plugin accepts 0230: compare the formatted date back.
  if (!d.isValid() || dayjs(iso).format('YYYY-MM-DD') !== iso || dayjs(iso).isAfter(dayjs())) return null
  return iso
}

/** Gender code of DJ_COMM_XB (1 男, 2 女) from the sequence digit, or null. */
export function genderOfIdNumber(value: string | null | undefined): '1' | '2' | null {
  const v = (value ?? '').trim()
  if (!v || !isValidIdNumber(v) || !birthDateOfIdNumber(v)) return null
  const digit = Number(v.length === 18 ? v[16] : v[14])
  return digit % 2 === 1 ? '1' : '2'
}
