import { Alert, Button, Form, Result } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { getPublicKey, resetPassword, sendSmsCode } from '@/api/auth'
import NewPasswordFields from '@/components/sms/NewPasswordFields'
import PhoneField from '@/components/sms/PhoneField'
import SelfServiceCard from '@/components/sms/SelfServiceCard'
import SmsCodeField from '@/components/sms/SmsCodeField'
import { validateOrScroll, withFieldErrors } from '@/components/useFormSubmit'
import { isTrue, useConfigStore } from '@/stores/config'
import { encryptPassword } from '@/utils/passwordCipher'

interface Values {
  phone: string
  vercode: string
  newPass: string
}

/** 找回密码: a code to the phone on the account, then a new password; every session of the account ends. */
export default function ResetPasswordPage() {
  const navigate = useNavigate()
  const open = useConfigStore((s) => isTrue(s.config.smsEnabled))
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const send = async () => {
    const { phone } = await validateOrScroll(form, ['phone'])
    return withFieldErrors(form, () => sendSmsCode(phone.trim(), 'reset'))
  }
  const submit = async (v: Values) => {
    setSaving(true)
    try {
      const newPass = await encryptPassword(await getPublicKey(), v.newPass)
      const res = await withFieldErrors(form, () => resetPassword({ phone: v.phone.trim(), vercode: v.vercode.trim(), newPass }))
      setDone(res.username)
    } catch {
      // shown on its field or by the request pipeline
    } finally {
      setSaving(false)
    }
  }
  if (done)
    return (
      <SelfServiceCard title="找回密码">
        <Result
          status="success"
          title="密码已重置"
          subTitle={`账号 ${done} 的密码已修改，原有登录已全部退出。`}
          extra={
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              去登录
            </Button>
          }
        />
      </SelfServiceCard>
    )
  return (
    <SelfServiceCard title="找回密码">
      {open ? (
        <Form<Values> form={form} size="large" onFinish={submit}>
          <PhoneField />
          <SmsCodeField onSend={send} />
          <NewPasswordFields name="newPass" />
          <Button type="primary" htmlType="submit" block loading={saving}>
            重置密码
          </Button>
        </Form>
      ) : (
        <Alert type="warning" showIcon message="本校未开启短信验证码，忘记密码请联系管理员重置。" />
      )}
    </SelfServiceCard>
  )
}
