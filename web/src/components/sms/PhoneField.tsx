import { MobileOutlined } from '@ant-design/icons'
import { Form, Input } from 'antd'
import { isValidMobile } from '@/utils/validate'

const PHONE_RULES = [
  { required: true, whitespace: true, message: '请输入手机号码' },
  { validator: (_: unknown, v: string) => (!v || isValidMobile(v.trim()) ? Promise.resolve() : Promise.reject(new Error('请输入正确的手机号码'))) },
]

/** The phone field (name phone) of the SMS forms. */
export default function PhoneField() {
  return (
    <Form.Item name="phone" rules={PHONE_RULES}>
      <Input size="large" prefix={<MobileOutlined />} placeholder="手机号码" maxLength={11} inputMode="tel" autoComplete="tel" />
    </Form.Item>
  )
}
