import { Alert } from 'antd'
import DateDialog from '@/components/DateDialog'

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
    <DateDialog
      title={title}
      name="revokedOn"
      label="撤销日期"
      message="请选择撤销日期"
      note={<Alert type="warning" showIcon style={{ marginBottom: 16 }} title={warning} />}
      send={revoke}
      onClose={onClose}
      onDone={onDone}
      successText="撤销成功"
    />
  )
}
