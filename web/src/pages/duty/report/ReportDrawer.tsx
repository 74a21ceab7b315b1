import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Descriptions, Drawer, Form, Input, Modal, Space, Spin, Typography } from 'antd'
import { useState } from 'react'
import { LIMITS, REPORT_STATES } from '@/api/generated/duty'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import ReasonDialog from '@/components/ReasonDialog'
import RichTextEditor from '@/components/RichTextEditor'
import RichText from '@/components/RichTextEditor/RichText'
import RecordAttachments from '@/components/flow/RecordAttachments'
import { attachmentsApi, passReport, reportDetail, returnReport, saveReport, submitReport } from './api'

const clock = (t: string | null) => (t ? new Date(t).toLocaleString('zh-CN', { hour12: false }) : '—')

/** One report: its writer edits, saves and submits it (until it is passed); the organiser passes or returns it. */
export default function ReportDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const client = useQueryClient()
  const q = useQuery({ queryKey: ['zbgz', 'report', id], queryFn: () => reportDetail(id) })
  const [draft, setDraft] = useState<string | undefined>()
  const [comment, setComment] = useState('')
  const [returning, setReturning] = useState(false)
  const r = q.data
  const refresh = () => client.invalidateQueries({ queryKey: ['zbgz'] })
  const writing = r && r.mine && r.state !== REPORT_STATES.passed
  const content = draft ?? r?.content ?? ''
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn()
      ui.message.success(done)
      setDraft(undefined)
      await refresh()
    } catch {
      /* shown by the request pipeline */
    }
  }
  return (
    <Drawer open size={760} title={r ? `${r.name} · ${r.taskTitle}` : '报告'} onClose={onClose}>
      {q.isLoading && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {q.isError && <Alert type="error" showIcon title="报告不存在或您无权查看" />}
      {r && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="报送人/单位">{r.name}</Descriptions.Item>
            <Descriptions.Item label="党组织">{r.orgName}</Descriptions.Item>
            <Descriptions.Item label="状态">{r.stateName}</Descriptions.Item>
            <Descriptions.Item label="截止日期">{r.dueOn}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{clock(r.submittedAt)}{r.late && <Typography.Text type="danger">（逾期）</Typography.Text>}</Descriptions.Item>
            <Descriptions.Item label="审阅人">{r.reviewer || '—'}</Descriptions.Item>
            {r.comment && <Descriptions.Item label="审阅意见" span={2}>{r.comment}</Descriptions.Item>}
            {r.state === REPORT_STATES.returned && <Descriptions.Item label="退回原因" span={2}>{r.returnReason}</Descriptions.Item>}
          </Descriptions>
          <div style={{ marginTop: 16 }}>
            {writing ? (
              <>
                <RichTextEditor aria-label="报告内容" value={content} onChange={setDraft} />
                <Space style={{ marginTop: 12 }}>
                  {r.state !== REPORT_STATES.submitted && (
                    <Button onClick={() => void act(() => saveReport(id, { content, updateTime: r.updateTime }), '草稿已保存')}>保存草稿</Button>
                  )}
                  <Button type="primary" onClick={() => Modal.confirm({
                    title: '提交报告', content: '提交后在审阅前仍可修改。确定提交吗？', okText: '提交',
                    onOk: () => act(() => submitReport(id, { content, updateTime: r.updateTime }), '报告已提交'),
                  })}>提交</Button>
                </Space>
              </>
            ) : (
              <RichText html={r.content} empty="尚未提交报告" />
            )}
          </div>
          <Typography.Title level={5} style={{ marginTop: 16 }}>附件</Typography.Title>
          <RecordAttachments api={attachmentsApi(id)} editPerm={PERM.zbgzSubmit} readOnly={!writing} emptyText="暂无附件" />
          {r.canReview && r.state === REPORT_STATES.submitted && (
            <Form layout="vertical" style={{ borderTop: '1px solid #f0f0f0', paddingTop: 16, marginTop: 16 }}>
              <Form.Item label="审阅意见" htmlFor="zbgz-comment">
                <Input.TextArea id="zbgz-comment" rows={3} maxLength={LIMITS.comment} showCount value={comment} onChange={(e) => setComment(e.target.value)} />
              </Form.Item>
              <Space>
                <Button type="primary" onClick={() => void act(() => passReport(id, { comment: comment.trim() }), '已审阅通过')}>通过</Button>
                <Button danger onClick={() => setReturning(true)}>退回修改</Button>
              </Space>
            </Form>
          )}
        </>
      )}
      {returning && (
        <ReasonDialog title="退回修改" label="退回原因" maxLength={LIMITS.reason} note={<p>退回后报送人可修改并重新提交，退回原因会通知本人。</p>}
          send={(reason) => returnReport(id, { reason, comment: comment.trim() })} successText="已退回" onClose={() => setReturning(false)} onDone={() => void refresh()} />
      )}
    </Drawer>
  )
}
