import { ID_NUMBER_MESSAGE, isValidIdNumber, isValidMobile } from '@/utils/validate'

/**
 * Form rules of the personal fields (members, students, teachers). When editing, the record's
 * masked value sent back unchanged keeps the stored one, so it need not pass the format check.
 */
export const keptIdNumberRule = (stored?: string) => ({
  validator: (_: unknown, v: string | undefined) =>
    (stored !== undefined && v === stored) || isValidIdNumber(v?.trim()) ? Promise.resolve() : Promise.reject(new Error(ID_NUMBER_MESSAGE)),
})

export const keptMobileRule = (stored?: string) => ({
  validator: (_: unknown, v: string | undefined) =>
    !v || (stored !== undefined && v === stored) || isValidMobile(v) ? Promise.resolve() : Promise.reject(new Error('请输入正确的手机号码')),
})
