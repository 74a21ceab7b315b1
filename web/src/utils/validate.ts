// Field checks of spec §5. Each returns a boolean so forms and tests share one rule.

/** A link must be http, https, mailto or tel. */
export function isValidLink(value: string): boolean {
  return /^(https?:\/\/[^\s/$.?#][^\s]*|mailto:[^\s]+|tel:[+\d\-() ]+)$/i.test(value.trim())
}

/** A link leaving the app (used by menus and the sidebar to open a new tab). */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(path)
}

export function isValidEmail(value: string): boolean {
  return /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(value.trim())
}

/** Mainland mobile number: 11 digits, starts with 1, second digit 3-9. */
export function isValidMobile(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value.trim())
}

/** Citizen ID: 15 digits, or 17 digits plus a digit or X/x. Empty passes (optional field). */
export function isValidIdNumber(value: string | null | undefined): boolean {
  if (!value) return true
  return /^(\d{15}|\d{17}[\dXx])$/.test(value)
}

export const ID_NUMBER_MESSAGE = '请输入正确的身份证号码'

/** antd Form rule for an optional ID number field. */
export const idNumberRule = {
  validator: (_: unknown, value: string | undefined) =>
    isValidIdNumber(value) ? Promise.resolve() : Promise.reject(new Error(ID_NUMBER_MESSAGE)),
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
