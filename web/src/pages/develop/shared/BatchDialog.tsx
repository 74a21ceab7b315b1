import { Alert, DatePicker, Form, Input, Modal, Radio, Table, Tag, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { batchAct, type BatchBody, type BatchResult, type DevRecord } from '@/api/develop'
import { DIALOG_DEFAULTS } from '@/app/bridge'
import { STEPS_WITH_FIELDS } from '../record/StepFields'

interface Values {
  result: BatchBody['result']
  date: Dayjs
  comment?: string
}

/**
 * 批量办理: the same action on the chosen records, all waiting at one step (the server acts on each at its current
 * step, each in its own transaction, and answers every row's outcome, which the dialog then lists).
 */
export default function BatchDialog({ rows, onClose, onDone }: { rows: DevRecord[]; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const [results, setResults] = useState<BatchResult[] | null>(null)
  const result = Form.useWatch('result', form)
  const steps = [...new Set(rows.map((r) => r.step))]
  const same = steps.length === 1 && steps[0] !== ''
  const stepName = rows[0]?.stepName ?? ''

  const submit = async () => {
    const v = await form.validateFields()
    setBusy(true)
    try {
      const answer = await batchAct({
        ids: rows.map((r) => r.id),
        result: v.result,
        comment: v.comment?.trim() ?? '',
        form: { date: v.date.format('YYYY-MM-DD') },
      })
      setResults(answer)
      onDone()
    } catch {
      /* shown by the request pipeline */
    } finally {
      setBusy(false)
    }
  }

  if (results) {
    const ok = results.filter((r) => r.ok).length
    return (
      <Modal {...DIALOG_DEFAULTS} open title="批量办理结果" width={720} onCancel={onClose} onOk={onClose} okText="关闭" cancelButtonProps={{ style: { display: 'none' } }}>
        <Typography.Paragraph>
          共 {results.length} 条：成功 {ok} 条，未办理 {results.length - ok} 条
        </Typography.Paragraph>
        <Table<BatchResult>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ y: 400 }}
          dataSource={results}
          columns={[
            { title: '姓名', dataIndex: 'name', width: 120 },
            { title: '结果', dataIndex: 'ok', width: 90, render: (v: boolean) => (v ? <Tag color="green">成功</Tag> : <Tag color="red">未办理</Tag>) },
            { title: '说明', dataIndex: 'message' },
          ]}
        />
      </Modal>
    )
  }

  return (
    <Modal
      {...DIALOG_DEFAULTS}
      open
      title={`批量办理（${rows.length} 条）`}
      width={600}
      okText="提交"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: !same }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
    >
      {!same ? (
        <Alert type="warning" showIcon title="所选记录处于不同环节，批量办理只能用于同一环节的记录，请按「当前环节」筛选后再选择" />
      ) : (
        <>
          <Typography.Paragraph>
            环节：<Typography.Text strong>{stepName}</Typography.Text>
          </Typography.Paragraph>
          {STEPS_WITH_FIELDS.has(steps[0]) && (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`「${stepName}」需逐人填写办理内容，批量通过时缺少内容的记录将不予办理，请在详情中逐条办理`} />
          )}
          <Form<Values> form={form} layout="vertical" initialValues={{ result: 'approve', date: dayjs() }}>
            <Form.Item label="办理结果" name="result" rules={[{ required: true, message: '请选择办理结果' }]}>
              <Radio.Group
                options={[
                  { value: 'approve', label: '通过' },
                  { value: 'reject', label: '不通过' },
                  { value: 'return', label: '退回' },
                ]}
              />
            </Form.Item>
            <Form.Item label="办理日期" name="date" rules={[{ required: true, message: '请选择办理日期' }]}>
              <DatePicker style={{ width: 200 }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
            </Form.Item>
            <Form.Item
              label="办理意见"
              name="comment"
              rules={[{ required: result === 'reject' || result === 'return', message: result === 'reject' ? '请填写不通过的理由' : '请填写退回的理由' }]}
            >
              <Input.TextArea rows={3} maxLength={1000} showCount />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  )
}
