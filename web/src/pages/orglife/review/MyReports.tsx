import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Empty, Form, Input, Space, Spin, Typography } from 'antd'
import { useState } from 'react'
import { LIMITS, REPORT_STATES, type ReportView } from '@/api/generated/secreview'
import { ui } from '@/app/bridge'
import { myReports, saveReport, submitReport } from './api'
import ReportFiles from './ReportFiles'
import { clock, GradeTag, StateTag } from './view'

/** One of the caller's reports: the form while it may be written (a draft, or returned), else what was handed in. */
function MyReport({ report, onPrint }: { report: ReportView; onPrint: (id: number) => void }) {
  const client = useQueryClient()
  const [form] = Form.useForm<{ content: string }>()
  const [busy, setBusy] = useState<'' | 'save' | 'submit'>('')
  const writable = report.roundState === 'open' && (report.state === REPORT_STATES.draft || report.state === REPORT_STATES.returned)
  const send = async (how: 'save' | 'submit') => {
    const { content } = form.getFieldsValue()
    const body = { content: content ?? '', updateTime: report.updateTime }
    setBusy(how)
    try {
      if (how === 'save') {
        await saveReport(report.id, body)
        ui.message.success('草稿已保存')
      } else {
        await submitReport(report.id, body)
        ui.message.success('述职报告已提交')
      }
      await client.invalidateQueries({ queryKey: ['szpy'] })
    } catch {
      /* shown by the request pipeline */
    } finally {
      setBusy('')
    }
  }
  const confirmSubmit = async () => {
    try {
      await form.validateFields()
    } catch {
      return // the form shows what is missing
    }
    ui.modal.confirm({
      title: '提交述职报告',
      content: '提交后不能再修改，除非评议党组织退回。确定提交吗？',
      okText: '提交',
      cancelText: '取消',
      onOk: () => send('submit'),
    })
  }
  return (
    <Card title={report.roundTitle} extra={<Space><StateTag report={report} /><Button size="small" onClick={() => onPrint(report.id)}>打印</Button></Space>} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        {report.orgName} · 截止日期 {report.dueOn}
        {report.submittedAt && ` · 提交于 ${clock(report.submittedAt)}`}
        {report.late && <Typography.Text type="danger">（逾期）</Typography.Text>}
      </Typography.Paragraph>
      {report.state === REPORT_STATES.returned && <Alert type="warning" showIcon title={`述职报告被退回：${report.returnReason}`} style={{ marginBottom: 12 }} />}
      {report.state === REPORT_STATES.graded && (
        <Alert type="success" showIcon style={{ marginBottom: 12 }} title={<>评定等次：<GradeTag grade={report.grade} />{report.comment && `点评意见：${report.comment}`}</>} />
      )}
      {writable ? (
        <Form form={form} layout="vertical" initialValues={{ content: report.content }}>
          <Form.Item name="content" label="述职报告" rules={[{ required: true, whitespace: true, message: '请填写述职报告' }]}
            extra="围绕履行抓党建第一责任人职责情况、存在的问题及原因、下一步工作打算撰写">
            <Input.TextArea rows={14} maxLength={LIMITS.report} showCount />
          </Form.Item>
          <Space>
            <Button loading={busy === 'save'} disabled={busy !== ''} onClick={() => void send('save')}>保存草稿</Button>
            <Button type="primary" loading={busy === 'submit'} disabled={busy !== ''} onClick={() => void confirmSubmit()}>提交</Button>
          </Space>
        </Form>
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{report.content || '未填写述职报告。'}</Typography.Paragraph>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>述职材料</Typography.Title>
      <ReportFiles id={report.id} editable={writable} />
    </Card>
  )
}

/** 我的述职: the reports the caller writes as a secretary, the latest year first. */
export default function MyReports({ onPrint }: { onPrint: (id: number) => void }) {
  const q = useQuery({ queryKey: ['szpy', 'mine'], queryFn: myReports })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (q.isError) return <Alert type="error" showIcon title="我的述职加载失败，请稍后重试" />
  if (!q.data?.length)
    return <Empty description="暂无需要您提交的述职报告：评议开展后，列为书记的党员（账号已关联党员信息）在此填写述职报告" />
  return (
    <>
      {q.data.map((r) => (
        <MyReport key={r.id} report={r} onPrint={onPrint} />
      ))}
    </>
  )
}
