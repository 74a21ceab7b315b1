// Field checks of spec §5. Each returns a boolean so forms and tests share one rule.

/** A link must be http, https, mailto or tel. */
export function isValidLink(value: string): boolean {
  return /^(https?:\/\/[^\s/$.?#][^\s]*|mailto:[^\s]+|tel:[+\d\-() ]+)$/i.test(value.trim())
}

/** A link leaving the app (used by menus and the sidebar to open a new tab). */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(path)
}

// The checks below are ports of the server's (internal/platform/idcard): the same rules and messages,
// tested against the same vectors (internal/platform/idcard/testdata/vectors.json), so a form refuses
// exactly what the server would.

const EMAIL = /^[^\t\n\f\r\v @]+@[^\t\n\f\r\v @]+\.[^\t\n\f\r\v @]+$/
/** The server bounds an address in bytes (UTF-8), as its column does. */
export const MAX_EMAIL_BYTES = 128

/** An e-mail address: something, @, a domain with a dot, no spaces, at most 128 bytes (trimmed). */
export function isValidEmail(value: string): boolean {
  const v = value.trim()
  return new TextEncoder().encode(v).length <= MAX_EMAIL_BYTES && EMAIL.test(v)
}

/** Mainland mobile number: 11 digits, starts with 1, second digit 3-9 (trimmed). */
export function isValidMobile(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value.trim())
}

/** What a valid citizen ID number tells. */
export interface IdNumberInfo {
  /** Trimmed, X in upper case. */
  number: string
  /** The 18-character form (a 15-digit number upgraded). */
  canonical: string
  /** YYYY-MM-DD. */
  birthDate: string
  /** DJ_COMM_XB: 1 男, 2 女. */
  gender: '1' | '2'
}

export type IdNumberCheck = { ok: true; info: IdNumberInfo } | { ok: false; message: string }

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK_CHARS = '10X98765432'

/** The ISO 7064 MOD 11-2 check character of the first 17 digits (GB 11643-1999). */
export function idCheckChar(first17: string): string {
  let sum = 0
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]
  return ID_CHECK_CHARS[sum % 11]
}

/** Today's date in China (UTC+8) as YYYYMMDD, as the server bounds birth dates. */
function chinaDay(now: Date): string {
  const t = new Date(now.getTime() + 8 * 3600_000)
  return `${t.getUTCFullYear()}${String(t.getUTCMonth() + 1).padStart(2, '0')}${String(t.getUTCDate()).padStart(2, '0')}`
}

/** Whether YYYYMMDD is a real calendar date. */
function realDate(ymd: string): boolean {
  const [y, m, d] = [Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)), Number(ymd.slice(6, 8))]
  const t = new Date(Date.UTC(y, m - 1, d))
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d
}

/**
 * Checks a citizen ID number (GB 11643-1999: 18 characters with a MOD 11-2 check character, or an old
 * 15-digit number of the 1900s) as the server does, with its messages; `today` bounds the birth date.
 */
export function parseIdNumber(value: string, today: Date = new Date()): IdNumberCheck {
  const s = value.trim().toUpperCase()
  // The server measures in bytes (UTF-8): full-width digits make a number "too long", not "not digits".
  const bytes = new TextEncoder().encode(s).length
  let birth: string
  let canonical: string
  if (bytes === 18) {
    if (!/^\d{17}[\dX]$/.test(s)) return { ok: false, message: '身份证号码前17位应为数字，最后一位为数字或X' }
    birth = s.slice(6, 14)
    canonical = s
  } else if (bytes === 15) {
    if (!/^\d{15}$/.test(s)) return { ok: false, message: '15位身份证号码应全部为数字' }
    birth = `19${s.slice(6, 12)}`
    const first17 = s.slice(0, 6) + birth + s.slice(12, 15)
    canonical = first17 + idCheckChar(first17)
  } else {
    return { ok: false, message: '身份证号码应为18位（旧号码为15位）' }
  }
  // GB/T 2260 province codes start with 1-9.
  if (s[0] === '0') return { ok: false, message: '身份证号码中的地区码无效' }
  if (!realDate(birth) || birth < '19000101' || birth > chinaDay(today)) return { ok: false, message: '身份证号码中的出生日期无效' }
  if (s.length === 18 && idCheckChar(s) !== s[17]) return { ok: false, message: '身份证号码校验位错误' }
  const gender = Number(canonical[16]) % 2 === 1 ? '1' : '2'
  return { ok: true, info: { number: s, canonical, birthDate: `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}`, gender } }
}

/** Citizen ID number valid as the server checks it. Empty passes (optional field). */
export function isValidIdNumber(value: string | null | undefined): boolean {
  return !value || parseIdNumber(value).ok
}

/** antd Form rule for an optional ID number field: the server's message for what is wrong. */
export const idNumberRule = {
  validator: (_: unknown, value: string | undefined) => {
    const check = value?.trim() ? parseIdNumber(value) : null
    return !check || check.ok ? Promise.resolve() : Promise.reject(new Error(check.message))
  },
}

/** antd Form rules of optional mobile and e-mail fields, with the server's messages. */
export const mobileRule = {
  validator: (_: unknown, v: string | undefined) => (!v?.trim() || isValidMobile(v) ? Promise.resolve() : Promise.reject(new Error('请输入正确的手机号码'))),
}
export const emailRule = {
  validator: (_: unknown, v: string | undefined) => (!v?.trim() || isValidEmail(v) ? Promise.resolve() : Promise.reject(new Error('请输入正确的邮箱地址'))),
}

/**
 * Password pattern from the system config (`passwordReg`). An empty or broken pattern accepts
 * anything, so a bad config never locks every user out of changing their password.
 */
export function matchesPasswordRule(value: string, pattern: string | undefined): boolean {
  if (!pattern) return true
  try {
    return new RegExp(pattern).test(value)
  } catch {
    return true
  }
}
