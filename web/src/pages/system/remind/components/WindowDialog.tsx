import { Form, InputNumber } from 'antd'
import FormDialog from '@/components/FormDialog'
import { updateRule } from '../service'
import type { RemindRule } from '../types'

interface Props {
  rule: RemindRule
  onClose: () => void
  onDone: () => void
}

/** 编辑 a rule's window: how many days before the due date people are reminded. */
export default function WindowDialog({ rule, onClose, onDone }: Props) {
  return (
    <FormDialog<{ window: number }>
      title={`编辑提醒规则：${rule.name}`}
      initialValues={{ window: rule.window }}
      onSubmit={(v) => updateRule({ type: rule.type, window: v.window })}
      onClose={onClose}
      onDone={onDone}
      labelSpan={7}
    >
      <Form.Item
        name="window"
        label="提前提醒天数"
        extra={`到期前多少天开始提醒（默认 ${rule.defaultWindow} 天）；已逾期的记录始终提醒`}
        rules={[{ required: true, message: '请输入提前提醒天数' }]}
      >
        <InputNumber min={0} max={3660} precision={0} suffix="天" style={{ width: 200 }} />
      </Form.Item>
    </FormDialog>
  )
}
