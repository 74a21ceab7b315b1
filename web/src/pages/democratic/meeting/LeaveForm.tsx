import { Alert, Button, Form, Input, Result, Space } from 'antd'
import { useState } from 'react'
import { MAX_LEAVE_REASON } from '@/api/generated/orglifeSign'
import { failureText, isPasswordChangeRequired } from '@/api/request'
import { isSignedOut, requestLeave } from './service'

/** 请假: a reason for the host, who approves or rejects it; only before signing in. */
export default function LeaveForm({
  t,
  onCancel,
  onSignedOut,
  onMustChange,
}: {
  t: string
  onCancel: () => void
  onSignedOut: () => void
  /** The account must change its password before anything else. */
  onMustChange: () => void
}) {
  const [sent, setSent] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  const [busy, setBusy] = useState(false)
  if (sent) return <Result status="info" title="请假申请已提交" subTitle="等待会议主持人审批。" />
  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true)
    setRefusal(undefined)
    try {
      await requestLeave(t, reason)
      setSent(true)
    } catch (e) {
      if (isSignedOut(e)) onSignedOut()
      else if (isPasswordChangeRequired(e)) onMustChange()
      else setRefusal(await failureText(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Form layout="vertical" onFinish={(v: { reason: string }) => void submit(v)}>
      <Form.Item name="reason" label="请假原因" rules={[{ required: true, whitespace: true, message: '请填写请假原因' }]}>
        <Input.TextArea rows={4} maxLength={MAX_LEAVE_REASON} showCount />
      </Form.Item>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          提交请假
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </Space>
    </Form>
  )
}
