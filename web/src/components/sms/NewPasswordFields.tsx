import { Form, Input } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { passwordRules } from '@/components/password/rules'
import { useConfigStore } from '@/stores/config'

/** A new password and its confirmation (names `name` and confirmPass), under the school's password rule. */
export default function NewPasswordFields({ name }: { name: 'newPass' | 'password' }) {
  const config = useConfigStore((s) => s.config)
  const rules = passwordRules(config.passwordReg, config.passwordRegTip)
  const confirm = [
    { required: true, message: '请再次输入密码' },
    ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
      validator: (_: unknown, v: string | undefined) =>
        !v || v === getFieldValue(name) ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
    }),
  ]
  return (
    <>
      <Form.Item name={name} rules={rules.newPass}>
        <Input.Password size="large" prefix={<LockOutlined />} placeholder="新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPass" dependencies={[name]} rules={confirm}>
        <Input.Password size="large" prefix={<LockOutlined />} placeholder="确认新密码" autoComplete="new-password" />
      </Form.Item>
    </>
  )
}
