import { Col, Form, Input, Select, type FormInstance } from 'antd'
import dayjs from 'dayjs'
import { useDicts } from '@/components/dict/useDicts'
import IdentityFields from '@/components/personal/IdentityFields'
import { keptMobileRule } from '@/components/personal/rules'
import UnitSelect from '@/components/unit/UnitSelect'
import { birthDateOfIdNumber, genderOfIdNumber } from '@/utils/idNumber'
import { DICT_ETHNICITY, DICT_GENDER, type PersonView } from './types'

export const PERSON_DATE_FIELDS = ['birthDate', 'enrolledOn'] as const

/** Form values → API body: dates as YYYY-MM-DD, missing values as "" (ids as null). */
export function personBody(values: Record<string, unknown>, id?: number): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(values)) {
    if (dayjs.isDayjs(v)) out[k] = v.format('YYYY-MM-DD')
    else if (v === undefined || v === null) out[k] = /Id$/.test(k) ? null : ''
    else out[k] = typeof v === 'string' ? v.trim() : v
  }
  if (id) out.id = id
  return out
}

/** A record's values for the form: date strings as dayjs. */
export function personValues<T extends object>(r: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, PERSON_DATE_FIELDS.includes(k as never) && typeof v === 'string' && v ? dayjs(v) : v]))
}

/** The birth date and gender follow the ID number (call from the form's onValuesChange). */
export function deriveFromIdNumber(form: FormInstance, changed: Record<string, unknown>) {
  if (!('idNumber' in changed)) return
  const v = changed.idNumber as string | undefined
  const birth = birthDateOfIdNumber(v)
  const gender = genderOfIdNumber(v)
  if (birth) form.setFieldValue('birthDate', dayjs(birth))
  if (gender) form.setFieldValue('gender', gender)
}

interface Props {
  form: FormInstance
  /** The record being edited: its masked ID number and phone are kept unless retyped. */
  person: PersonView | null
  /** Dictionary of the status field (XS_ZT or JS_ZT). */
  statusDict: string
}

/**
 * The fields students and teachers share: name, ID number (validated like the member form's),
 * birth date and gender derived from it, phone, ethnicity, unit and status.
 */
export default function PersonFields({ form, person, statusDict }: Props) {
  const dicts = useDicts(DICT_GENDER, DICT_ETHNICITY, statusDict)
  const idNumber = Form.useWatch('idNumber', form) as string | undefined
  const derived = birthDateOfIdNumber(idNumber)
  return (
    <>
      <Col span={12}>
        <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }, { max: 50, message: '姓名不能超过50个字' }]}>
          <Input placeholder="请输入姓名" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="unitDeptId" label="所在单位" rules={[{ required: true, message: '请选择所在单位' }]}>
          <UnitSelect selectedLabel={person?.unitName} />
        </Form.Item>
      </Col>
      <IdentityFields storedIdNumber={person?.idNumber} masked={person?.masked} derived={derived} />
      <Col span={12}>
        <Form.Item name="gender" label="性别" rules={[{ required: true, message: '请选择性别' }]}>
          <Select allowClear placeholder="请选择性别" options={dicts[DICT_GENDER]} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="phone"
          label="手机号码"
          rules={[keptMobileRule(person?.phone)]}
        >
          <Input placeholder="请输入手机号码" maxLength={11} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="ethnicity" label="民族">
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="请选择民族" options={dicts[DICT_ETHNICITY]} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="请选择状态" options={dicts[statusDict]} />
        </Form.Item>
      </Col>
    </>
  )
}

/** The remark, last in both forms. */
export function RemarkField() {
  return (
    <Col span={24}>
      <Form.Item name="remark" label="备注" rules={[{ max: 500, message: '备注不能超过500个字' }]}>
        <Input.TextArea rows={3} placeholder="请输入备注" />
      </Form.Item>
    </Col>
  )
}
