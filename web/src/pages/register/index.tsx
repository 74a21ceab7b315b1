import { Alert, Button, Form } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { getPublicKey, register, sendRegisterCode } from '@/api/auth'
import { ui } from '@/app/bridge'
import NewPasswordFields from '@/components/sms/NewPasswordFields'
import PhoneField from '@/components/sms/PhoneField'
import SelfServiceCard from '@/components/sms/SelfServiceCard'
import SmsCodeField from '@/components/sms/SmsCodeField'
import { validateOrScroll, withFieldErrors } from '@/components/useFormSubmit'
import { isTrue, useConfigStore } from '@/stores/config'
import { useSessionStore } from '@/stores/session'
import { encryptPassword } from '@/utils/passwordCipher'

interface Values {
  phone: string
  vercode: string
  password: string
}

/**
 * 注册账号: a party member of the registry without an account proves the phone on their record and chooses a
 * password; the account (username = the staff or student number, role 党员) is made and signed in.
 */
export default function RegisterPage() {
  const navigate = useNavigate()
  const open = useConfigStore((s) => isTrue(s.config.smsEnabled) && isTrue(s.config.smsRegisterEnabled))
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const send = async () => {
    const { phone } = await validateOrScroll(form, ['phone'])
    return withFieldErrors(form, () => sendRegisterCode(phone.trim()))
  }
  const submit = async (v: Values) => {
    setSaving(true)
    try {
      const password = await encryptPassword(await getPublicKey(), v.password)
      const res = await withFieldErrors(form, () => register({ phone: v.phone.trim(), vercode: v.vercode.trim(), password }))
      useSessionStore.getState().signedInAs(res.user)
      ui.modal.success({ title: '注册成功', content: `您的用户名为 ${res.username}（学号/工号），以后可用它和刚设置的密码登录。`, okText: '进入系统' })
      navigate('/', { replace: true })
    } catch {
      // shown on its field or by the request pipeline
    } finally {
      setSaving(false)
    }
  }
  return (
    <SelfServiceCard title="注册账号">
      {open ? (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="党员信息中登记了手机号、尚未开通账号的党员，可凭短信验证码开通账号；用户名为学号/工号。"
          />
          <Form<Values> form={form} size="large" onFinish={submit}>
            <PhoneField />
            <SmsCodeField onSend={send} />
            <NewPasswordFields name="password" />
            <Button type="primary" htmlType="submit" block loading={saving}>
              注册并登录
            </Button>
          </Form>
        </>
      ) : (
        <Alert type="warning" showIcon message="本校未开放自助注册，请联系所在党支部开通账号。" />
      )}
    </SelfServiceCard>
  )
}
