import { idNumberRule, mobileRule } from '@/utils/validate'

/** The stored (masked) value sent back unchanged keeps the stored one: no format check then. */
const keptOr = (stored: string | undefined, rule: typeof idNumberRule) => ({
  validator: (r: unknown, v: string | undefined) => (stored !== undefined && v === stored ? Promise.resolve() : rule.validator(r, v)),
})

/**
 * Form rules of the personal fields (members, students, teachers): the server's checks with its
 * messages (utils/validate). When editing, the record's masked value sent back unchanged keeps the
 * stored one, so it need not pass the format check.
 */
export const keptIdNumberRule = (stored?: string) => keptOr(stored, idNumberRule)
export const keptMobileRule = (stored?: string) => keptOr(stored, mobileRule)
