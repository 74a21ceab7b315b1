import { DatePicker, Form } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import type { CSSProperties, ReactNode } from 'react'
import FormDialog from '@/components/FormDialog'

interface Props {
  title: string
  /** The date's label and its required message. */
  label: string
  message: string
  /** The field's name, as the server's validation errors name it. */
  name: string
  extra?: ReactNode
  /** What the action does, above the date. */
  note?: ReactNode
  /** Days that cannot be chosen besides those after today (before the letter was issued …). */
  disabled?: (day: Dayjs) => boolean
  pickerStyle?: CSSProperties
  /** Sends the chosen day (YYYY-MM-DD). */
  send: (day: string) => Promise<unknown>
  successText: string
  width?: number
  onClose: () => void
  onDone: () => void
}

/** An action that records the day it happened (撤销, 登记回执, 登记接收): today by default, never a day in the future. */
export default function DateDialog({ label, message, name, extra, note, disabled, pickerStyle, send, ...dialog }: Props) {
  return (
    <FormDialog<Record<string, Dayjs>> {...dialog} initialValues={{ [name]: dayjs() }} onSubmit={(v) => send(v[name].format('YYYY-MM-DD'))}>
      {note}
      <Form.Item name={name} label={label} extra={extra} rules={[{ required: true, message }]}>
        <DatePicker style={pickerStyle} disabledDate={(d) => d.isAfter(dayjs(), 'day') || !!disabled?.(d)} />
      </Form.Item>
    </FormDialog>
  )
}
