import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Descriptions, Drawer, Form, Input, Space, Tabs, Typography } from 'antd'
import { useState } from 'react'
import { ENTRY_STATES, LIMITS, type EntryDetail } from '@/api/generated/fillform'
import { PERM } from '@/api/permissions'
import FormDialog from '@/components/FormDialog'
import RecordAttachments from '@/components/flow/RecordAttachments'
import { useHasPermission } from '@/components/Permission'
import ReasonDialog from '@/components/ReasonDialog'
import ChangeTrail from '@/components/trail/ChangeTrail'
import { entryDetail, entryFiles, entryTrail, passEntry, returnEntry } from '../fill/api'
import { answerText } from '../fill/answers'
import { clock, EntryTag } from '../fill/view'

/** What an addressee answered, field by field, with the files of the attachment fields. */
export function Answers({ entry }: { entry: EntryDetail }) {
  return (
    <Descriptions size="small" column={1} bordered styles={{ label: { width: 160 } }}
      items={entry.fields.map((f) => ({
        key: f.key,
        label: f.label,
        children:
          f.kind === 'file' ? (
            <RecordAttachments api={entryFiles(entry.id)} kind={f.key} editPerm={PERM.txbdFill} readOnly emptyText="未上传" />
          ) : (
            <span style={{ whiteSpace: 'pre-wrap' }}>{answerText(entry.answers[f.key]) || <Typography.Text type="secondary">未填写</Typography.Text>}</span>
          ),
      }))} />
  )
}

/** One entry as the administrators review it: its answers, files and history; pass or send back a submitted one. */
export default function EntryDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const client = useQueryClient()
  const canReview = useHasPermission([PERM.txbdReview])
  const [dialog, setDialog] = useState<'pass' | 'return' | null>(null)
  const q = useQuery({ queryKey: ['txbd', 'entry', id], queryFn: () => entryDetail(id) })
  const e = q.data
  const refresh = () => client.invalidateQueries({ queryKey: ['txbd'] })
  const reviewable = canReview && e?.state === ENTRY_STATES.submitted
  return (
    <Drawer open size={720} title={e ? `${e.name} · ${e.formTitle}` : '填报信息'} onClose={onClose} loading={q.isLoading}
      footer={reviewable && (
        <Space style={{ float: 'right' }}>
          <Button danger onClick={() => setDialog('return')}>退回</Button>
          <Button type="primary" onClick={() => setDialog('pass')}>审核通过</Button>
        </Space>
      )}>
      {q.isError && <Alert type="error" showIcon title="填报记录不存在或您无权查看" />}
      {e && (
        <>
          <Space style={{ marginBottom: 12 }} wrap>
            <EntryTag state={e.state} />
            <Typography.Text type="secondary">{e.orgName}</Typography.Text>
            <Typography.Text type="secondary">提交时间 {clock(e.submittedAt)}{e.submitter && `（${e.submitter}）`}</Typography.Text>
          </Space>
          {e.comment && (
            <Alert type={e.state === ENTRY_STATES.returned ? 'warning' : 'info'} showIcon style={{ marginBottom: 12 }}
              title={`${e.state === ENTRY_STATES.returned ? '退回原因' : '审核意见'}：${e.comment}`} description={`${e.reviewer} · ${clock(e.reviewedAt)}`} />
          )}
          <Tabs items={[
            { key: 'answers', label: '填报内容', children: e.state === ENTRY_STATES.empty ? <Typography.Text type="secondary">尚未填报</Typography.Text> : <Answers entry={e} /> },
            { key: 'trail', label: '填报记录', children: <ChangeTrail queryKey={['txbd', 'trail', id]} fetch={(page, size) => entryTrail(id, page, size)} /> },
          ]} />
        </>
      )}
      {dialog === 'return' && (
        <ReasonDialog title="退回填报" label="退回原因" name="comment" note="退回后填报人可修改并重新提交（截止前），并会收到消息。" maxLength={LIMITS.comment} vertical
          send={(comment) => returnEntry(id, { comment })} successText="已退回" okText="退回" danger onClose={() => setDialog(null)} onDone={() => void refresh()} />
      )}
      {dialog === 'pass' && (
        <FormDialog<{ comment?: string }> title="审核通过" vertical okText="通过" successText="已审核通过" onClose={() => setDialog(null)} onDone={() => void refresh()}
          onSubmit={(v) => passEntry(id, { comment: v.comment?.trim() ?? '' })}>
          <p>填报人会收到审核通过的消息。</p>
          <Form.Item name="comment" label="审核意见（选填）">
            <Input.TextArea rows={3} maxLength={LIMITS.comment} />
          </Form.Item>
        </FormDialog>
      )}
    </Drawer>
  )
}
