import { Descriptions, Form, Input, Radio } from 'antd'
import { LIMITS, type Proposal } from '@/api/generated/points'
import FormDialog from '@/components/FormDialog'
import RecordAttachments from '@/components/flow/RecordAttachments'
import { PERM } from '@/api/permissions'
import { decide, evidenceApi } from './api'

interface Values {
  approve: boolean
  remark?: string
}

/** 审核积分: the 二级党委 approves (the entry is booked at once) or rejects with a remark, having seen the evidence. */
export default function DecideDialog({ proposal: p, onClose, onDone }: { proposal: Proposal; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>()
  const approve = Form.useWatch('approve', form)
  return (
    <FormDialog<Values>
      title="审核积分申报"
      form={form}
      width={720}
      initialValues={{ approve: true }}
      successText="已审核"
      onClose={onClose}
      onDone={onDone}
      onSubmit={(v) => decide(p.id, { approve: v.approve, remark: v.remark?.trim() ?? '' })}
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }} items={[
        { key: 'm', label: '党员', children: `${p.memberName}（${p.orgName}）` },
        { key: 'k', label: '类别', children: `${p.kindName} ${p.points > 0 ? '+' : ''}${p.points}分` },
        { key: 'd', label: '发生日期', children: p.earnedOn },
        { key: 'b', label: '申报人', children: p.proposedBy },
        { key: 'r', label: '事由', span: 2, children: p.reason },
        { key: 'e', label: '证明材料', span: 2, children: <RecordAttachments api={evidenceApi(p.id)} editPerm={PERM.jfPropose} readOnly emptyText="未上传证明材料" /> },
      ]} />
      <Form.Item name="approve" label="审核结果">
        <Radio.Group options={[{ value: true, label: '通过' }, { value: false, label: '驳回' }]} />
      </Form.Item>
      <Form.Item name="remark" label="审核意见" required={approve === false} dependencies={['approve']} rules={[({ getFieldValue }) => ({
        validator: (_, v?: string) => (getFieldValue('approve') === false && !v?.trim() ? Promise.reject(new Error('驳回时请填写审核意见')) : Promise.resolve()),
      })]}>
        <Input.TextArea rows={3} maxLength={LIMITS.remark} showCount />
      </Form.Item>
    </FormDialog>
  )
}
