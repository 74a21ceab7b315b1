import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Descriptions, Drawer, Form, Input, Radio, Space, Spin, Tabs, Typography } from 'antd'
import { useState } from 'react'
import { GRADE_NAMES, GRADES, LIMITS, REPORT_STATES, type GradeInput } from '@/api/generated/secreview'
import { ui } from '@/app/bridge'
import ReasonDialog from '@/components/ReasonDialog'
import ChangeTrail from '@/components/trail/ChangeTrail'
import { gradeReport, reportDetail, reportTrail, returnReport } from './api'
import ReportFiles from './ReportFiles'
import { clock, GradeTag, secretaryText, StateTag } from './view'

interface Props {
  id: number
  onClose: () => void
  onPrint: (id: number) => void
}

/** One report in a drawer: the facts and the text, its materials and history; the organiser grades or returns it. */
export default function ReportDrawer({ id, onClose, onPrint }: Props) {
  const client = useQueryClient()
  const q = useQuery({ queryKey: ['szpy', 'report', id], queryFn: () => reportDetail(id) })
  const [returning, setReturning] = useState(false)
  const [saving, setSaving] = useState(false)
  const [form] = Form.useForm<GradeInput>()
  const r = q.data
  const refresh = () => client.invalidateQueries({ queryKey: ['szpy'] })
  const grading = r && r.canGrade && r.roundState === 'open' && r.state === REPORT_STATES.submitted
  const grade = async () => {
    let v: GradeInput
    try {
      v = await form.validateFields()
    } catch {
      return // the form shows what is missing
    }
    setSaving(true)
    try {
      await gradeReport(id, { grade: v.grade, comment: v.comment?.trim() ?? '' })
      ui.message.success(`已评定为“${GRADE_NAMES[v.grade]}”`)
      await refresh()
    } catch {
      /* shown by the request pipeline */
    } finally {
      setSaving(false)
    }
  }
  return (
    <Drawer open size={760} title={r ? `${r.orgName} · 述职报告` : '述职报告'} onClose={onClose}
      extra={r && <Button onClick={() => onPrint(id)}>打印</Button>}>
      {q.isLoading && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {q.isError && <Alert type="error" showIcon title="述职报告不存在或您无权查看" />}
      {r && (
        <Tabs
          items={[
            {
              key: 'report',
              label: '述职报告',
              children: (
                <>
                  <Descriptions size="small" column={2} bordered>
                    <Descriptions.Item label="评议">{r.roundTitle}</Descriptions.Item>
                    <Descriptions.Item label="书记">{secretaryText(r)}</Descriptions.Item>
                    <Descriptions.Item label="状态"><StateTag report={r} /></Descriptions.Item>
                    <Descriptions.Item label="截止日期">{r.dueOn}</Descriptions.Item>
                    <Descriptions.Item label="提交时间">{clock(r.submittedAt)}{r.late && <Typography.Text type="danger">（逾期）</Typography.Text>}</Descriptions.Item>
                    <Descriptions.Item label="评定等次"><GradeTag grade={r.grade} /></Descriptions.Item>
                    {r.comment && <Descriptions.Item label="点评意见" span={2}>{r.comment}</Descriptions.Item>}
                    {r.state === REPORT_STATES.returned && <Descriptions.Item label="退回原因" span={2}>{r.returnReason}</Descriptions.Item>}
                  </Descriptions>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16, minHeight: 120 }}>
                    {r.content || (r.vacant ? '书记空缺，本组织不提交述职报告。' : '书记尚未填写述职报告。')}
                  </Typography.Paragraph>
                  {grading && (
                    <Form form={form} layout="vertical" style={{ borderTop: '1px solid #f0f0f0', paddingTop: 16 }}>
                      <Form.Item name="grade" label="评定等次" rules={[{ required: true, message: '请选择评定等次' }]}>
                        <Radio.Group options={GRADES.map((g) => ({ value: g, label: GRADE_NAMES[g] }))} />
                      </Form.Item>
                      <Form.Item name="comment" label="点评意见">
                        <Input.TextArea rows={3} maxLength={LIMITS.comment} showCount />
                      </Form.Item>
                      <Space>
                        <Button type="primary" loading={saving} onClick={() => void grade()}>评定</Button>
                        <Button danger onClick={() => setReturning(true)}>退回修改</Button>
                      </Space>
                    </Form>
                  )}
                </>
              ),
            },
            { key: 'files', label: '述职材料', children: <ReportFiles id={id} editable={false} /> },
            { key: 'trail', label: '评议记录', children: <ChangeTrail queryKey={['szpy', 'trail', id]} fetch={(page, size) => reportTrail(id, page, size)} /> },
          ]}
        />
      )}
      {returning && (
        <ReasonDialog title="退回修改" label="退回原因" maxLength={LIMITS.reason} note={<p>退回后书记可修改并重新提交，退回原因会通知书记本人。</p>}
          send={(reason) => returnReport(id, reason)} successText="已退回" onClose={() => setReturning(false)} onDone={() => void refresh()} />
      )}
    </Drawer>
  )
}
