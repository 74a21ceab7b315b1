import { Form, Input, Radio } from 'antd'
import type { Dayjs } from 'dayjs'
import FormDialog from '@/components/FormDialog'
import { setDay } from '../service'
import { HOLIDAY, WORKDAY, type DayKind, type MarkedDay } from '../types'

interface Props {
  date: Dayjs
  mark?: MarkedDay
  onClose: () => void
  onDone: () => void
}

interface Values {
  kind: DayKind | ''
  name: string
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六']

/** Marks one day: 节假日, 调休上班 (weekends only) or back to the weekday rule. */
export default function DayDialog({ date, mark, onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>()
  const kind = Form.useWatch('kind', form)
  const weekend = date.day() === 0 || date.day() === 6
  const day = date.format('YYYY-MM-DD')
  return (
    <FormDialog<Values>
      form={form}
      title={`设置 ${day}（${WEEKDAYS[date.day()]}）`}
      initialValues={{ kind: mark?.kind ?? '', name: mark?.name ?? '' }}
      onSubmit={(v) => setDay({ date: day, kind: v.kind, name: v.kind ? (v.name ?? '') : '' })}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name="kind" label="类型">
        <Radio.Group
          options={[
            { label: '节假日', value: HOLIDAY },
            { label: '调休上班', value: WORKDAY, disabled: !weekend },
            { label: weekend ? '恢复默认（休息日）' : '恢复默认（工作日）', value: '' },
          ]}
        />
      </Form.Item>
      {kind && (
        <Form.Item
          name="name"
          label="名称"
          rules={kind === HOLIDAY ? [{ required: true, whitespace: true, message: '请输入节假日名称，如“国庆节”' }] : []}
        >
          <Input maxLength={50} placeholder={kind === HOLIDAY ? '如：国庆节' : '如：国庆节调休上班（不填为“调休上班”）'} />
        </Form.Item>
      )}
    </FormDialog>
  )
}
