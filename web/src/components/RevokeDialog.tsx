import { Alert, DatePicker, Form } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import FormDialog from '@/components/FormDialog'

interface Props {
  title: string
  /** What revoking does and what stops it, shown above the date. */
  warning: string
  /** Revokes as of the chosen day (YYYY-MM-DD). */
  revoke: (revokedOn: string) => Promise<unknown>
  onClose: () => void
  onDone: () => void
}

/** Revocation of an organisation or unit: asks the date (default today, never in the future). */
export default function RevokeDialog({ title, warning, revoke, onClose, onDone }: Props) {
  return (
    <FormDialog<{ revokedOn: Dayjs }>
      title={title}
      initialValues={{ revokedOn: dayjs() }}
      onSubmit={(v) => revoke(v.revokedOn.format('YYYY-MM-DD'))}
      onClose={onClose}
      onDone={onDone}
      successText="撤销成功"
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={warning} />
      <Form.Item name="revokedOn" label="撤销日期" rules={[{ required: true, message: '请选择撤销日期' }]}>
        <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
    </FormDialog>
  )
}
