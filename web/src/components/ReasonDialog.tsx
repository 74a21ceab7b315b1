import { Form, Input } from 'antd'
import type { ReactNode } from 'react'
import FormDialog from '@/components/FormDialog'

interface Props {
  title: string
  /** The text box's label (冲正原因, 作废原因, 修改说明); it is required ("请输入{label}" unless `message`). */
  label: string
  message?: string
  /** The field's name, as the server's validation errors name it (default reason). */
  name?: string
  /** What the action does, above the text box. */
  note?: ReactNode
  /** Sends the reason, trimmed. */
  send: (reason: string) => Promise<unknown>
  successText: string
  okText?: string
  /** A red confirm button (an action that undoes something). */
  danger?: boolean
  vertical?: boolean
  width?: number
  maxLength?: number
  rows?: number
  showCount?: boolean
  onClose: () => void
  onDone?: () => void
}

/** An action that takes a reason (冲正, 退还预交, 作废, a new configuration version): nothing is sent until one is given. */
export default function ReasonDialog({ label, message, name = 'reason', note, send, maxLength = 200, rows = 3, showCount, ...dialog }: Props) {
  return (
    <FormDialog<Record<string, string>> {...dialog} onSubmit={(v) => send(v[name].trim())}>
      {note}
      <Form.Item label={label} name={name} rules={[{ required: true, whitespace: true, message: message ?? `请输入${label}` }]}>
        <Input.TextArea rows={rows} maxLength={maxLength} showCount={showCount} />
      </Form.Item>
    </FormDialog>
  )
}
