import { Alert, DatePicker, Form } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { confirmAction } from '@/components/crud'
import FormDialog from '@/components/FormDialog'
import { restoreUnit, revokeUnit } from '../service'
import type { Unit } from '../types'

/** Revocation asks the date (default today); sub-units must be revoked first (the server says so). */
export function RevokeDialog({ unit, onClose, onDone }: { unit: Unit; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ revokedOn: Dayjs }>
      title={`撤销单位：${unit.name}`}
      initialValues={{ revokedOn: dayjs() }}
      onSubmit={(v) => revokeUnit(unit.id, v.revokedOn.format('YYYY-MM-DD'))}
      onClose={onClose}
      onDone={onDone}
      successText="撤销成功"
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={`确定撤销“${unit.name}”吗？撤销后该单位停用，不再出现在单位选择框中，记录和变动轨迹保留，可随时恢复。还有未撤销的下级单位时不能撤销。`}
      />
      <Form.Item name="revokedOn" label="撤销日期" rules={[{ required: true, message: '请选择撤销日期' }]}>
        <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
    </FormDialog>
  )
}

/** Restores a revoked unit after confirmation; resolves true when restored. */
export const confirmRestore = (unit: Unit) =>
  confirmAction(`确定恢复单位“${unit.name}”吗？恢复后单位重新启用（上级单位须未撤销）。`, () => restoreUnit(unit.id), '恢复成功')
