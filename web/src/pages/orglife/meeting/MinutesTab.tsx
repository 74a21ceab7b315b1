import { Alert, Button, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import RichTextEditor from '@/components/RichTextEditor'
import { hasText } from '@/components/RichTextEditor/html'
import RichText from '@/components/RichTextEditor/RichText'
import { withFieldErrors } from '@/components/useFormSubmit'
import { formatTime } from '@/utils/time'
import { saveMinutes } from './api'
import { MINUTE } from './DateTimeInput'
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
        <RichText html={m.minutes} style={{ marginBottom: 16 }} />
        <Typography.Title level={5}>会议决议</Typography.Title>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{m.resolutions || '无'}</Typography.Paragraph>
      </>
    )

  const save = async () => {
    const v = await form.validateFields()
    setSaving(true)
    try {
      await withFieldErrors(form, () => saveMinutes(m.id, { minutes: v.minutes ?? '', resolutions: (v.resolutions ?? '').trim() }))
      ui.message.success('会议记录已保存')
      onSaved()
    } catch {
      /* shown on the field or by the request pipeline */
    } finally {
      setSaving(false)
    }
  }

  return (
    <Form<Values> form={form} layout="vertical" initialValues={{ minutes: m.minutes, resolutions: m.resolutions }} autoComplete="off">
      <Form.Item
        label="会议记录"
        name="minutes"
        rules={[{ validator: (_, v?: string) => (hasText(v ?? '') ? Promise.resolve() : Promise.reject(new Error('请输入会议记录'))) }]}
        required
        extra={m.minutesAt ? `首次记录于 ${formatTime(m.minutesAt, MINUTE)}` : '记录会议的发言和讨论情况，可设置标题、列表和加粗等格式'}
      >
        <RichTextEditor aria-label="会议记录" />
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
