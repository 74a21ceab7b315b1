import { parseIdNumber } from './validate'

/** Birth date "YYYY-MM-DD" of a valid citizen ID number (15 or 18 characters), or null. */
export function birthDateOfIdNumber(value: string | null | undefined): string | null {
  const check = value?.trim() ? parseIdNumber(value) : null
  return check?.ok ? check.info.birthDate : null
}

/** Gender code of DJ_COMM_XB (1 男, 2 女) of a valid ID number, or null. */
export function genderOfIdNumber(value: string | null | undefined): '1' | '2' | null {
  const check = value?.trim() ? parseIdNumber(value) : null
  return check?.ok ? check.info.gender : null
}
