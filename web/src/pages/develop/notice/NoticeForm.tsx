import { useQuery } from '@tanstack/react-query'
import { DatePicker, Empty, Form, Input, Select, Table } from 'antd'
import type { Dayjs } from 'dayjs'
import { createNotice, fetchRecords, NOTICE_KINDS, STAGE_NAMES, type DevRecord, type NoticeKind } from '@/api/develop'
import FormDialog from '@/components/FormDialog'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'

interface Values {
  kind: NoticeKind
  orgId: number
  title: string
  startOn: Dayjs
  endOn: Dayjs
  contact?: string
  content?: string
  recordIds: number[]
}

/** The most records one notice lists (the server's limit). */
const MAX_RECORDS = 500

/** The records a notice may list: those of the kind's stage in the organisation's subtree, chosen by check box. */
function RecordPicker({ kind, orgId, value = [], onChange }: { kind?: NoticeKind; orgId?: number; value?: number[]; onChange?: (ids: number[]) => void }) {
  const stage = NOTICE_KINDS.find((k) => k.value === kind)?.stage
  const list = useQuery({
    queryKey: ['fzdy', 'notice-candidates', stage, orgId],
    queryFn: () => fetchRecords({ page: 0, size: MAX_RECORDS, sort: ['name,asc'], filters: { stage, orgId } }),
    enabled: !!stage && !!orgId,
  })
  if (!stage || !orgId) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请先选择公示类别和党组织" />
  return (
    <Table<DevRecord>
      rowKey="id"
      size="small"
      loading={list.isLoading}
      dataSource={list.data?.content ?? []}
      pagination={false}
      scroll={{ y: 240, x: 480 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`该党组织暂无${STAGE_NAMES[stage]}`} /> }}
      rowSelection={{ selectedRowKeys: value, onChange: (keys) => onChange?.(keys as number[]) }}
      columns={[
        { title: '姓名', dataIndex: 'name', width: 90 },
        { title: '学号/工号', dataIndex: 'personNo', width: 120 },
        { title: '党支部', dataIndex: 'orgName', ellipsis: true },
        { title: '当前环节', dataIndex: 'stepName', width: 150, ellipsis: true },
      ]}
    />
  )
}

/** 发布公示: kind, organisation, period, contact, content and the records it lists (picked from the stage's list). */
export default function NoticeForm({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>()
  const kind = Form.useWatch('kind', form)
  const orgId = Form.useWatch('orgId', form)
  const day = (d: Dayjs) => d.format('YYYY-MM-DD')
  return (
    <FormDialog<Values>
      title="发布公示"
      form={form}
      width={820}
      labelSpan={4}
      initialValues={{ recordIds: [] }}
      successText="公示已发布"
      onClose={onClose}
      onDone={onDone}
      onValuesChange={(changed) => {
        // Another kind or organisation lists other records; a title follows the kind until typed.
        if ('kind' in changed || 'orgId' in changed) form.setFieldValue('recordIds', [])
        if ('kind' in changed && !form.isFieldTouched('title')) form.setFieldValue('title', NOTICE_KINDS.find((k) => k.value === changed.kind)?.label)
      }}
      onSubmit={(v) =>
        createNotice({
          kind: v.kind,
          orgId: v.orgId,
          title: v.title.trim(),
          startOn: day(v.startOn),
          endOn: day(v.endOn),
          contact: v.contact?.trim() ?? '',
          content: v.content?.trim() ?? '',
          recordIds: v.recordIds,
        })
      }
    >
      <Form.Item label="公示类别" name="kind" rules={[{ required: true, message: '请选择公示类别' }]}>
        <Select options={NOTICE_KINDS.map((k) => ({ value: k.value, label: k.label }))} placeholder="请选择公示类别" />
      </Form.Item>
      <Form.Item label="党组织" name="orgId" rules={[{ required: true, message: '请选择党组织' }]}>
        <OrgTreeSelect />
      </Form.Item>
      <Form.Item label="公示标题" name="title" rules={[{ required: true, whitespace: true, message: '请输入公示标题' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="公示开始日期" name="startOn" rules={[{ required: true, message: '请选择公示开始日期' }]}>
        <DatePicker style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="公示结束日期"
        name="endOn"
        dependencies={['startOn']}
        extra="公示期不少于 5 个工作日，公示结束后方可办理下一环节"
        rules={[
          { required: true, message: '请选择公示结束日期' },
          ({ getFieldValue }) => ({
            validator: (_, v?: Dayjs) => {
              const start = getFieldValue('startOn') as Dayjs | undefined
              return v && start && v.isBefore(start, 'day') ? Promise.reject(new Error('公示结束日期不能早于开始日期')) : Promise.resolve()
            },
          }),
        ]}
      >
        <DatePicker style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="意见受理" name="contact" extra="受理意见的电话或办公室">
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="公示内容" name="content">
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.Item label="公示人员" name="recordIds" rules={[{ required: true, type: 'array', min: 1, message: '请选择公示的人员' }]}>
        <RecordPicker kind={kind} orgId={orgId} />
      </Form.Item>
    </FormDialog>
  )
}
