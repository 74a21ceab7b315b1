import { useQuery } from '@tanstack/react-query'
import { Alert, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { LIMITS, METHOD_NAMES, METHODS, type Detail, type Method } from '@/api/generated/election'
import FormDialog from '@/components/FormDialog'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { createElection, eligible } from './api'

interface PlanForm {
  orgId: number
  title: string
  seats: number
  method: Method
  secretary: boolean
  meetingOn: Dayjs
  candidates: number[]
  secretaryCandidates?: number[]
  note?: string
}

/** The fewest candidates of a 差额选举 (election.MinCandidates): ceil(seats × 1.2). */
export const minCandidates = (seats: number) => Math.floor((seats * 12 + 9) / 10)

/**
 * 发起换届: the organisation (its term due, or chosen by hand), the seats, 差额 or 等额, the meeting day and the
 * candidates among its members with a vote; submitted to the higher committee for approval.
 */
export default function PlanDialog({ orgId, orgName, onClose, onCreated }: { orgId?: number; orgName?: string; onClose: () => void; onCreated: (d: Detail) => void }) {
  return (
    <FormDialog<PlanForm>
      title="发起换届选举"
      width={680}
      initialValues={{ orgId, title: orgName ? `${orgName}换届选举` : undefined, seats: 3, method: 'diff', secretary: false, meetingOn: dayjs().add(1, 'month'), candidates: [] }}
      successText="选举方案已报上级党委审批"
      onClose={onClose}
      onSubmit={async (v) => {
        const d = await createElection({
          orgId: v.orgId, title: v.title.trim(), seats: v.seats, method: v.method, secretary: v.secretary,
          meetingOn: v.meetingOn.format('YYYY-MM-DD'), note: v.note?.trim(),
          candidates: v.candidates.map((id) => ({ memberId: id, forSecretary: !!v.secretary && (v.secretaryCandidates ?? []).includes(id) })),
        })
        onCreated(d)
      }}
    >
      <PlanFields />
    </FormDialog>
  )
}

/** The plan's fields: the candidates are read once the organisation is chosen. */
function PlanFields() {
  const form = Form.useFormInstance<PlanForm>()
  const chosenOrg = Form.useWatch('orgId', form)
  const seats = Form.useWatch('seats', form) ?? 0
  const method = Form.useWatch('method', form)
  const secretary = Form.useWatch('secretary', form)
  const picked = Form.useWatch('candidates', form) ?? []
  const people = useQuery({ queryKey: ['hjxj', 'eligible', chosenOrg], queryFn: () => eligible(chosenOrg), enabled: !!chosenOrg })
  const options = (people.data ?? []).map((p) => ({ value: p.id, label: p.name }))
  const need = method === 'equal' ? seats : minCandidates(seats)
  return (
    <>
      <Form.Item name="orgId" label="换届的党组织" rules={[{ required: true, message: '请选择换届的党组织' }]}>
        <OrgTreeSelect selectable={(o) => o.type !== '6' && o.type !== '1'} />
      </Form.Item>
      <Form.Item name="title" label="选举名称" rules={[{ required: true, message: '请输入选举名称' }]}>
        <Input maxLength={LIMITS.title} />
      </Form.Item>
      <Form.Item name="seats" label="应选委员" rules={[{ required: true, message: '请输入应选委员人数' }]}>
        <InputNumber min={1} max={LIMITS.seats} addonAfter="名" />
      </Form.Item>
      <Form.Item name="method" label="选举方式" extra="差额选举的候选人数应多于应选人数的20%（《中国共产党基层组织选举工作条例》第十二条）">
        <Radio.Group options={METHODS.map((m) => ({ value: m, label: METHOD_NAMES[m] }))} />
      </Form.Item>
      <Form.Item name="meetingOn" label="选举大会日期" rules={[{ required: true, message: '请选择选举大会日期' }]}>
        <DatePicker />
      </Form.Item>
      <Form.Item name="candidates" label="委员候选人" rules={[{ required: true, message: '请选择候选人' }]}
        extra={seats > 0 ? `应选${seats}名，候选人${method === 'equal' ? '应为' : '至少'}${need}名；已选${picked.length}名` : undefined}>
        <Select mode="multiple" options={options} loading={people.isFetching} optionFilterProp="label"
          notFoundContent={chosenOrg ? '该党组织没有有选举权的正式党员' : '请先选择党组织'} />
      </Form.Item>
      <Form.Item name="secretary" valuePropName="checked">
        <Checkbox>党员大会直接选举书记</Checkbox>
      </Form.Item>
      {secretary && (
        <Form.Item name="secretaryCandidates" label="书记候选人" rules={[{ required: true, message: '请在委员候选人中指定书记候选人' }]}>
          <Select mode="multiple" options={options.filter((o) => picked.includes(o.value))} />
        </Form.Item>
      )}
      <Form.Item name="note" label="说明">
        <Input.TextArea maxLength={LIMITS.note} rows={2} />
      </Form.Item>
      {people.data && people.data.length === 0 && <Alert type="warning" showIcon title="该党组织没有有选举权和被选举权的正式党员" />}
    </>
  )
}
