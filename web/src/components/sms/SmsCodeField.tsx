import { MessageOutlined } from '@ant-design/icons'
import { Button, Form, Input, Space } from 'antd'
import { useEffect, useState } from 'react'
import { ui } from '@/app/bridge'

interface Props {
  /**
   * Asks the server for a code (after the caller has checked the phone); answers the server's message and the
   * seconds before another may be asked for. A rejection (shown by the request pipeline) starts no countdown.
   */
  onSend: () => Promise<{ message: string; interval: number }>
  /** Large inputs on the sign-in pages. */
  size?: 'large' | 'middle'
}

export const CODE_RULES = [
  { required: true, message: '请输入短信验证码' },
  { pattern: /^\d{6}$/, message: '验证码为6位数字' },
]

/** The 短信验证码 field of a form (name vercode) with its 获取验证码 button and countdown. */
export default function SmsCodeField({ onSend, size = 'large' }: Props) {
  const [left, setLeft] = useState(0)
  const [sending, setSending] = useState(false)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])

  const send = async () => {
    setSending(true)
    try {
      const sent = await onSend()
      ui.message.success(sent.message)
      setLeft(sent.interval)
    } catch {
      // a bad phone shows on its field; anything else came through the request pipeline
    } finally {
      setSending(false)
    }
  }

  return (
    <Form.Item required label={size === 'large' ? undefined : '验证码'}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="vercode" noStyle rules={CODE_RULES}>
          <Input size={size} prefix={<MessageOutlined />} placeholder="短信验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Form.Item>
        <Button size={size} onClick={send} loading={sending} disabled={left > 0}>
          {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  )
}
