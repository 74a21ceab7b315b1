import { useQuery } from '@tanstack/react-query'
import { Alert, DatePicker, Form, Input, Spin } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect } from 'react'
import FormDialog from '@/components/FormDialog'
import { createBatch, previewBatch, yuan, type BatchPreview } from './api'

type V = { month?: Dayjs | null; remark?: string; reason?: string }

/** What the start would freeze if it ran now, and what stands in the way of creating the month. */
function PreviewNote({ p }: { p: BatchPreview | undefined }) {
  if (!p?.month) return null
  if (p.exists) return <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`${p.month}的党费批次已存在`} />
  return (
    <Alert
      type={p.past ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      title={`启动缴费时将冻结 ${p.members} 名党员的应缴党费，合计 ${yuan(p.dueFen)} 元`}
      description={`按当前党员和党费标准计算，实际以启动缴费时为准${p.past ? `；${p.month}早于本月（${p.current}），属于补建，须填写原因` : ''}。`}
    />
  )
}

function Fields({ initial }: { initial: BatchPreview | undefined }) {
  const form = Form.useFormInstance<V>()
  const month = Form.useWatch('month', form)
  const ym = month ? month.format('YYYY-MM') : ''
  const q = useQuery({ queryKey: ['dfgl', 'batch-preview', ym], queryFn: () => previewBatch(ym), enabled: ym !== '' })
  // The server's current month (China time); the browser's until it answered.
  const current = initial?.current ?? dayjs().format('YYYY-MM')
  const past = ym !== '' && ym < current
  return (
    <>
      <Form.Item label="月份" name="month" rules={[{ required: true, message: '请选择月份' }]} extra={initial && !initial.month ? '本月及以前的批次均已创建' : undefined}>
        <DatePicker picker="month" disabledDate={(d) => d.format('YYYY-MM') > current} />
      </Form.Item>
      {ym !== '' && (q.isLoading ? <Spin size="small" style={{ display: 'block', marginBottom: 16 }} /> : <PreviewNote p={q.data} />)}
      {past && (
        <Form.Item label="补建原因" name="reason" rules={[{ required: true, whitespace: true, message: '请填写补建以前月份批次的原因' }]}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="如：系统上线前的月份补录" />
        </Form.Item>
      )}
      <Form.Item label="备注" name="remark">
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </>
  )
}

/**
 * 新建党费批次: starts at the next month without a batch (the server's answer), shows what the start would freeze
 * (members, sum) for the month chosen, and asks why when the month lies before the current one (补建).
 */
export default function CreateBatchDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<V>()
  const initial = useQuery({ queryKey: ['dfgl', 'batch-preview', ''], queryFn: () => previewBatch() })
  const proposed = initial.data?.month
  useEffect(() => {
    // The server's month, unless the user picked one meanwhile.
    if (proposed && !form.isFieldTouched('month')) form.setFieldValue('month', dayjs(`${proposed}-01`))
  }, [form, proposed])
  return (
    <FormDialog<V>
      title="新建党费批次"
      form={form}
      onClose={onClose}
      onDone={onDone}
      successText="批次已创建"
      onSubmit={(v) => createBatch(v.month!.format('YYYY-MM'), v.remark?.trim() ?? '', v.reason?.trim() ?? '')}
    >
      {initial.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title="无法读取下一个待创建的月份，请直接选择月份" />}
      <Fields initial={initial.data} />
    </FormDialog>
  )
}
