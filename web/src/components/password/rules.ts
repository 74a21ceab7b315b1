import type { FormRule } from 'antd'
import { matchesPasswordRule } from '@/utils/validate'

export const DEFAULT_PASSWORD_TIP = '密码格式不正确'

/** Form rules of spec §5; the new-password pattern and its tip come from the system config. */
export function passwordRules(pattern: string | undefined, tip: string | undefined) {
  const newPass: FormRule[] = [
    { required: true, message: '请输入新密码' },
    {
      validator: (_, value: string | undefined) =>
        !value || matchesPasswordRule(value, pattern) ? Promise.resolve() : Promise.reject(new Error(tip || DEFAULT_PASSWORD_TIP)),
    },
  ]
  const oldPass: FormRule[] = [{ required: true, message: '请输入旧密码' }]
  const confirmPass: FormRule[] = [
    { required: true, message: '请再次输入密码' },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || value === getFieldValue('newPass') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
    }),
  ]
  return { oldPass, newPass, confirmPass }
}
