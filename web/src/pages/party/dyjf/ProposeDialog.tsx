import { DatePicker, Form, Input, InputNumber, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { KIND_NAMES, LIMITS, MANUAL_KINDS, type Kind, type Proposal } from '@/api/generated/points'
import FormDialog from '@/components/FormDialog'
import RemoteSelect from '@/components/RemoteSelect'
import { searchMembers } from '@/components/member/service'
import { propose } from './api'

interface Values {
  memberId: number
  kind: Kind
  points?: number
  reason: string
  earnedOn: Dayjs
}

/** 申报积分: a branch proposes a manual entry for a member of its scope; the rules give the points except for 其他. */
export default function ProposeDialog({ onClose, onDone }: { onClose: () => void; onDone: (p: Proposal) => void }) {
  const [form] = Form.useForm<Values>()
  const kind = Form.useWatch('kind', form)
  return (
    <FormDialog<Values>
      title="申报积分"
      form={form}
      initialValues={{ kind: 'volunteer', earnedOn: dayjs() }}
      successText="已提交申报，请上传证明材料，等待二级党委审核"
      onClose={onClose}
      onSubmit={async (v) => onDone(await propose({ memberId: v.memberId, kind: v.kind, points: v.kind === 'other' ? v.points : undefined,
        reason: v.reason.trim(), earnedOn: v.earnedOn.format('YYYY-MM-DD') }))}
    >
      <Form.Item name="memberId" label="党员" rules={[{ required: true, message: '请选择党员' }]}>
        <RemoteSelect search={(t) => searchMembers(t)} placeholder="输入姓名搜索本单位党员" />
      </Form.Item>
      <Form.Item name="kind" label="积分类别" rules={[{ required: true, message: '请选择积分类别' }]}>
        <Select options={MANUAL_KINDS.map((k) => ({ value: k, label: KIND_NAMES[k] }))} />
      </Form.Item>
      {kind === 'other' && (
        <Form.Item name="points" label="积分" extra={`加分填正数，扣分填负数（-${LIMITS.manualPoints}到${LIMITS.manualPoints}）`}
          rules={[{ required: true, message: '请填写积分' }]}>
          <InputNumber min={-LIMITS.manualPoints} max={LIMITS.manualPoints} precision={0} style={{ width: 160 }} />
        </Form.Item>
      )}
      <Form.Item name="reason" label="事由" rules={[{ required: true, whitespace: true, message: '请输入事由' }]}>
        <Input.TextArea rows={3} maxLength={LIMITS.reason} showCount />
      </Form.Item>
      <Form.Item name="earnedOn" label="发生日期" rules={[{ required: true, message: '请选择发生日期' }]}>
        <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
    </FormDialog>
  )
}
