import { Col, DatePicker, Form, Input } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { keptIdNumberRule } from './rules'

interface Props {
  /** The record's stored (masked) ID number when editing: sent back unchanged, it keeps the stored one. */
  storedIdNumber?: string
  masked?: boolean
  /** The birth date the ID number gives, if any: then the date is not typed but shown. */
  derived: string | null | undefined
}

/**
 * The ID number and birth date of a person's form (members, students, teachers), two half-width
 * columns: the number keeps its masked value unless changed, and a birth date it gives cannot be
 * typed over; a typed one cannot lie in the future.
 */
export default function IdentityFields({ storedIdNumber, masked, derived }: Props) {
  return (
    <>
      <Col span={12}>
        <Form.Item
          name="idNumber"
          label="身份证号码"
          rules={[keptIdNumberRule(storedIdNumber)]}
          extra={masked ? '已脱敏显示，不修改则保持原值' : undefined}
        >
          <Input placeholder="15位或18位身份证号码" maxLength={18} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="birthDate" label="出生日期" extra={derived ? '由身份证号码得出' : undefined}>
          <DatePicker style={{ width: '100%' }} disabled={!!derived} placeholder="请选择出生日期" disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
      </Col>
    </>
  )
}
