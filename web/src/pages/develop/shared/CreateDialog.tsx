import { DatePicker, Form, Input, Radio } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { createRecord, searchPeople, STAGE_NAMES } from '@/api/develop'
import FormDialog from '@/components/FormDialog'
import RemoteSelect from '@/components/RemoteSelect'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import type { OrgPickerItem } from '@/components/org/org'

/** DZZ_LX of the organisations that keep development records: 直属党支部 (4) and 党支部 (5); the server refuses others. */
const isBranch = (o: OrgPickerItem) => o.type === '4' || o.type === '5'

interface Values {
  personKind: 'student' | 'teacher'
  personId: number
  orgId: number
  appliedOn: Dayjs
  leavingOn?: Dayjs | null
  remark?: string
}

const day = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '')
const notFuture = (d: Dayjs) => d.isAfter(dayjs(), 'day')

/**
 * 新增入党申请 (step ① 递交入党申请书): a student or teacher of the registry applies to a branch. The server
 * checks the age on the applied date (≥ 18), that the person is no party member (the picker disables members), the
 * branch and one live record per person, and names the field.
 */
export default function CreateDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>()
  const kind = Form.useWatch('personKind', form) ?? 'student'
  const submit = (v: Values) =>
    createRecord({
      personKind: v.personKind,
      personId: v.personId,
      orgId: v.orgId,
      appliedOn: day(v.appliedOn),
      leavingOn: day(v.leavingOn),
      remark: v.remark?.trim() ?? '',
    })

  return (
    <FormDialog<Values>
      title="新增入党申请"
      form={form}
      initialValues={{ personKind: 'student' }}
      onSubmit={submit}
      onClose={onClose}
      onDone={onDone}
      successText="已登记入党申请"
      labelSpan={6}
      onValuesChange={(changed) => {
        if ('personKind' in changed) form.setFieldValue('personId', undefined)
      }}
    >
      <Form.Item label="人员类别" name="personKind" rules={[{ required: true, message: '请选择人员类别' }]}>
        <Radio.Group
          options={[
            { value: 'student', label: '学生' },
            { value: 'teacher', label: '教职工' },
          ]}
        />
      </Form.Item>
      <Form.Item label="申请人" name="personId" rules={[{ required: true, message: '请选择申请人' }]}>
        <RemoteSelect
          key={kind}
          placeholder={kind === 'student' ? '输入姓名或学号搜索' : '输入姓名或工号搜索'}
          emptyText="没有找到人员（仅显示您管理范围内的在校学生、在职教职工）"
          search={(t) =>
            searchPeople(kind, t).then((p) =>
              p.content.map((x) => ({
                value: x.id,
                label:
                  `${x.name}（${x.number}${x.unitName ? `，${x.unitName}` : ''}）` +
                  (x.memberStatus ? ` 已是${x.memberStatus}，不能申请入党` : x.liveStage ? ` 已是${STAGE_NAMES[x.liveStage]}` : ''),
                disabled: !!x.memberStatus,
              })),
            )
          }
        />
      </Form.Item>
      <Form.Item label="党支部" name="orgId" rules={[{ required: true, message: '请选择党支部' }]}>
        <OrgTreeSelect placeholder="请选择党支部" selectable={isBranch} notFound="暂无党支部" />
      </Form.Item>
      <Form.Item label="申请入党日期" name="appliedOn" rules={[{ required: true, message: '请选择申请入党日期' }]}>
        <DatePicker style={{ width: '100%' }} disabledDate={notFuture} />
      </Form.Item>
      <Form.Item label="预计离校日期" name="leavingOn" extra="毕业或合同到期日期；离校前 3 个月内不能接收为预备党员">
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注不能超过 500 个字' }]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  )
}
