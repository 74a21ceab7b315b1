import { Button, Checkbox, Form } from 'antd'
import { useState } from 'react'
import { sendSmsCode } from '@/api/auth'
import { validateOrScroll, withFieldErrors } from '@/components/useFormSubmit'
import PhoneField from '@/components/sms/PhoneField'
import SmsCodeField from '@/components/sms/SmsCodeField'
import { useSessionStore } from '@/stores/session'

interface Values {
  phone: string
  vercode: string
  rememberMe: boolean
}

/** 短信登录: phone and code; onDone goes on as the password sign-in does. */
export default function SmsLoginForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<Values>()
  const [loading, setLoading] = useState(false)
  const send = async () => {
    const { phone } = await validateOrScroll(form, ['phone'])
    return withFieldErrors(form, () => sendSmsCode(phone.trim(), 'login'))
  }
  const submit = async (v: Values) => {
    setLoading(true)
    try {
      await withFieldErrors(form, () => useSessionStore.getState().loginWithCode(v.phone, v.vercode, v.rememberMe))
      onDone()
    } catch {
      // shown on its field or by the request pipeline
    } finally {
      setLoading(false)
    }
  }
  return (
    <Form<Values> form={form} size="large" onFinish={submit} initialValues={{ rememberMe: false }}>
      <PhoneField />
      <SmsCodeField onSend={send} />
      <Form.Item name="rememberMe" valuePropName="checked">
        <Checkbox>记住我</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        {loading ? '登录中…' : '登 录'}
      </Button>
    </Form>
  )
}
