import { Alert, Button, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import { withFieldErrors } from '@/components/useFormSubmit'
import { formatTime } from '@/utils/time'
import { saveMinutes } from './api'
import { MINUTE } from './DateTimeInput'
import { htmlToText, textToHtml } from './minutes'
import { STATE, type MeetingView } from './types'

interface Values {
  minutes: string
  resolutions: string
}

/** 会议记录: the minutes and resolutions, recorded once the meeting has started (now or after it closed). */
export default function MinutesTab({ meeting: m, onSaved }: { meeting: MeetingView; onSaved: () => void }) {
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const canEdit = useHasPermission([PERM.hyEdit])
  const open = !m.cancelled && (m.state === STATE.started || m.state === STATE.closed)

  if (!open && !m.minutes && !m.resolutions)
    return <Alert type="info" showIcon title={m.cancelled ? '会议已取消，无会议记录' : '会议开始后可记录会议记录和会议决议'} />

  if (!open || !canEdit)
    return (
      <>
        <Typography.Title level={5}>会议记录</Typography.Title>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{htmlToText(m.minutes) || '未记录'}</Typography.Paragraph>
        <Typography.Title level={5}>会议决议</Typography.Title>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{m.resolutions || '无'}</Typography.Paragraph>
      </>
    )

  const save = async () => {
    const v = await form.validateFields()
    setSaving(true)
    try {
      await withFieldErrors(form, () => saveMinutes(m.id, { minutes: textToHtml(v.minutes ?? ''), resolutions: (v.resolutions ?? '').trim() }))
      ui.message.success('会议记录已保存')
      onSaved()
    } catch {
      /* shown on the field or by the request pipeline */
    } finally {
      setSaving(false)
    }
  }

  return (
    <Form<Values> form={form} layout="vertical" initialValues={{ minutes: htmlToText(m.minutes), resolutions: m.resolutions }} autoComplete="off">
      <Form.Item
        label="会议记录"
        name="minutes"
        rules={[{ required: true, whitespace: true, message: '请输入会议记录' }]}
        extra={m.minutesAt ? `首次记录于 ${formatTime(m.minutesAt, MINUTE)}` : '记录会议的发言和讨论情况，每段一行'}
      >
        <Input.TextArea rows={12} maxLength={20000} showCount />
      </Form.Item>
      <Form.Item label="会议决议" name="resolutions">
        <Input.TextArea rows={4} maxLength={2000} showCount />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void save().catch(() => undefined)}>
        保存会议记录
      </Button>
    </Form>
  )
}
