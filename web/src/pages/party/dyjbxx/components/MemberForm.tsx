import { Col, DatePicker, Form, Input, Row, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { ui } from '@/app/bridge'
import DeptTreeSelect from '@/components/dept/DeptTreeSelect'
import { useDicts } from '@/components/dict/useDicts'
import FormDrawer from '@/components/FormDrawer'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import IdentityFields from '@/components/personal/IdentityFields'
import { keptMobileRule } from '@/components/personal/rules'
import { birthDateOfIdNumber, genderOfIdNumber } from '@/utils/idNumber'
import { createMember, updateMember } from '../service'
import { MEMBER_DICT_FIELDS, MEMBER_DICTS, type Member, type MemberBody } from '../types'

const DATE_FIELDS = ['birthDate', 'appliedOn', 'joinedOn', 'fullOn'] as const

type Values = Omit<MemberBody, (typeof DATE_FIELDS)[number]> & Partial<Record<(typeof DATE_FIELDS)[number], Dayjs | null>>

interface Props {
  /** The member being edited (as the detail answers it), or null to add one. */
  member: Member | null
  /** Organisation preselected for a new member (the one chosen in the list's filter). */
  orgId?: number | null
  onClose: () => void
  onDone: () => void
}

const toDay = (v: string | null | undefined) => (v ? dayjs(v) : null)

/** The form's values → the API body: dates as YYYY-MM-DD, empty texts as "". */
export function memberBody(values: Values, id?: number): MemberBody {
  const out: Record<string, unknown> = { ...values }
  for (const f of DATE_FIELDS) {
    const d = values[f]
    out[f] = d ? d.format('YYYY-MM-DD') : ''
  }
  for (const [k, v] of Object.entries(out)) if (v === undefined || v === null) out[k] = k === 'unitDeptId' ? null : ''
  if (id) out.id = id
  return out as unknown as MemberBody
}

/**
 * Create/edit drawer of a party member. The birth date (and gender) follow from the ID number;
 * when editing, the ID number and phone show masked and are kept unless retyped.
 */
export default function MemberForm({ member, orgId, onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>()
  const dicts = useDicts(...MEMBER_DICTS)
  const idNumber = Form.useWatch('idNumber', form)
  const derived = birthDateOfIdNumber(idNumber)
  const initial: Partial<Values> = member
    ? {
        ...member,
        unitDeptId: member.unitDeptId,
        birthDate: toDay(member.birthDate),
        appliedOn: toDay(member.appliedOn),
        joinedOn: toDay(member.joinedOn),
        fullOn: toDay(member.fullOn),
      }
    : { memberStatus: '1', source: '5', orgId: orgId ?? undefined }

  return (
    <FormDrawer<Values>
      title={member ? `编辑党员：${member.name}` : '新增党员'}
      form={form}
      initialValues={initial}
      onSubmit={async (values) => {
        const saved = await (member ? updateMember(memberBody(values, member.id)) : createMember(memberBody(values)))
        if (saved?.warnings?.length) ui.notification.warning({ title: '请注意', description: saved.warnings.join('；') })
      }}
      onClose={onClose}
      onDone={onDone}
      onValuesChange={(changed) => {
        if ('idNumber' in changed) {
          const birth = birthDateOfIdNumber(changed.idNumber)
          const gender = genderOfIdNumber(changed.idNumber)
          if (birth) form.setFieldValue('birthDate', dayjs(birth))
          if (gender) form.setFieldValue('gender', gender)
        }
      }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }, { max: 50, message: '姓名不能超过50个字' }]}>
            <Input placeholder="请输入姓名" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="orgId" label="所在党组织" rules={[{ required: true, message: '请选择所在党组织' }]}>
            <OrgTreeSelect />
          </Form.Item>
        </Col>
        <IdentityFields storedIdNumber={member?.idNumber} masked={member?.masked} derived={derived} />
        <Col span={12}>
          <Form.Item
            name="phone"
            label="手机号码"
            rules={[keptMobileRule(member?.phone)]}
          >
            <Input placeholder="请输入手机号码" maxLength={11} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="staffOrStudentNo" label="学号/工号">
            <Input placeholder="请输入学号或工号" maxLength={32} />
          </Form.Item>
        </Col>
        {MEMBER_DICT_FIELDS.map((f) => (
          <Col span={12} key={f.name}>
            <Form.Item name={f.name} label={f.label} rules={f.name === 'partyStatus' ? [{ required: true, message: '请选择党籍状态' }] : undefined}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={`请选择${f.label}`} options={dicts[f.dict]} />
            </Form.Item>
          </Col>
        ))}
        <Col span={12}>
          <Form.Item name="className" label="班级">
            <Input placeholder="请输入班级" maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="unitDeptId" label="所在单位">
            <DeptTreeSelect placeholder="请选择所在单位" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="appliedOn" label="申请入党日期">
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="joinedOn" label="入党日期">
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="fullOn" label="转正日期">
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={[{ max: 500, message: '备注不能超过500个字' }]}>
            <Input.TextArea rows={3} placeholder="请输入备注" />
          </Form.Item>
        </Col>
      </Row>
    </FormDrawer>
  )
}
