import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Form, Input, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { confirmAction } from '@/components/crud'
import { RecordAttachments } from '@/components/flow'
import FormDialog from '@/components/FormDialog'
import Permission, { useHasPermission } from '@/components/Permission'
import { formatTime } from '@/utils/time'
import { attachmentsApi } from './api'
import { MINUTE } from './DateTimeInput'
import { checkFilesApi, confirmTalks, preparationOf, recordOpinions, reviewed, type Preparation } from './prepareApi'
import { FILE_KIND, STATE, type MeetingView } from './types'
import { planned } from './view'

/** The preparation of meeting `id`, shared by the tab and the 开始 button (one read). */
export function usePreparation(m: MeetingView) {
  return useQuery({
    queryKey: ['orglife', 'prepare', m.id],
    queryFn: () => preparationOf(m.id),
    enabled: reviewed(m.typeCode) && !m.cancelled && m.state === STATE.published,
  })
}

/** 开始: for a 组织生活会 or 民主生活会 disabled, with the reason, until its preparation is complete. */
export function StartButton({ meeting: m, onStart }: { meeting: MeetingView; onStart: () => void }) {
  const prep = usePreparation(m)
  const waiting = reviewed(m.typeCode) && !prep.data?.ready
  const reason = prep.isLoading ? '正在读取会前准备' : prep.isError ? '无法读取会前准备，请刷新后重试' : `会前准备未完成：${prep.data?.missing.join('；') ?? ''}`
  const button = (
    <Button type="primary" disabled={waiting} onClick={onStart}>
      开始
    </Button>
  )
  return waiting ? <Tooltip title={reason}>{button}</Tooltip> : button
}

const doneTag = (done: boolean) => (done ? <Tag color="success">已完成</Tag> : <Tag color="warning">未完成</Tag>)

/** 确认已谈话: the host says the talks were held where the talk records cannot show it, and why. */
function TalksDialog({ meeting, onClose, onDone }: { meeting: MeetingView; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ note: string }>
      title="确认谈心谈话已完成"
      vertical
      onSubmit={(v) => confirmTalks(meeting.id, { confirmed: true, note: v.note.trim() })}
      successText="已确认谈心谈话"
      onClose={onClose}
      onDone={onDone}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="请说明谈话记录为何未能体现全部参会党员，如：谈话已开展但未录入系统、记录中以“全体党员”记载、姓名写法不同。"
      />
      <Form.Item label="确认说明" name="note" rules={[{ required: true, whitespace: true, message: '请输入确认说明' }]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  )
}

/** 登记征求意见: how and what was collected. */
function OpinionsDialog({ meeting, note, onClose, onDone }: { meeting: MeetingView; note: string; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ note: string }>
      title="登记征求意见情况"
      vertical
      initialValues={{ note }}
      onSubmit={(v) => recordOpinions(meeting.id, { note: v.note.trim() })}
      successText="已登记征求意见情况"
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item
        label="征求意见情况"
        name="note"
        extra="如：征求意见的方式、范围，收集到的意见建议条数及主要内容"
        rules={[{ required: true, whitespace: true, message: '请输入征求意见情况' }]}
      >
        <Input.TextArea rows={5} maxLength={2000} showCount />
      </Form.Item>
    </FormDialog>
  )
}

/** 谈心谈话: the participants named in the organisation's talk records before the meeting, or the host's confirmation. */
function TalksCard({ meeting: m, prep, open, reload }: { meeting: MeetingView; prep: Preparation; open: boolean; reload: () => void }) {
  const [dialog, setDialog] = useState(false)
  const t = prep.talks
  const withdraw = () => void confirmAction('撤回后须由谈话记录体现全部参会党员，确定撤回确认吗？', () => confirmTalks(m.id, { confirmed: false }), '已撤回确认').then((ok) => ok && reload())
  return (
    <Card size="small" title={<Space>1. 谈心谈话{doneTag(t.done)}</Space>}>
      <Typography.Paragraph>
        据谈心谈话记录（{t.from} 至 {t.to}，本党组织共 {t.talks} 次谈话），参会党员 {t.covered}/{t.members} 人有谈话记录。
        {t.uncovered.length > 0 && <> 未见谈话记录：{t.uncovered.join('、')}。</>}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        系统按谈话对象的姓名与参会党员比对；谈话未录入系统、以“全体党员”等方式记载或姓名写法不同时无法比对，可由主持人确认并说明。
      </Typography.Paragraph>
      {t.confirmed ? (
        <Space wrap>
          <Typography.Text>
            主持人已确认：{t.note}（{t.confirmedBy}，{t.confirmedAt ? formatTime(t.confirmedAt, MINUTE) : ''}）
          </Typography.Text>
          {open && (
            <Permission need={[PERM.hyEdit]}>
              <Button size="small" onClick={withdraw}>
                撤回确认
              </Button>
            </Permission>
          )}
        </Space>
      ) : (
        open &&
        t.covered < t.members && (
          <Permission need={[PERM.hyEdit]}>
            <Button size="small" onClick={() => setDialog(true)}>
              确认已完成谈话
            </Button>
          </Permission>
        )
      )}
      {dialog && <TalksDialog meeting={m} onClose={() => setDialog(false)} onDone={reload} />}
    </Card>
  )
}

/** 征求意见: the host's note and the files collected. */
function OpinionsCard({ meeting: m, prep, open, reload }: { meeting: MeetingView; prep: Preparation; open: boolean; reload: () => void }) {
  const [dialog, setDialog] = useState(false)
  const o = prep.opinions
  return (
    <Card size="small" title={<Space>2. 征求意见{doneTag(o.done)}</Space>}>
      {o.note ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
          {o.note}
          <Typography.Text type="secondary">
            （{o.recordedBy}，{o.recordedAt ? formatTime(o.recordedAt, MINUTE) : ''}）
          </Typography.Text>
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary">尚未登记征求意见情况</Typography.Paragraph>
      )}
      {open && (
        <Permission need={[PERM.hyEdit]}>
          <Button size="small" style={{ marginBottom: 12 }} onClick={() => setDialog(true)}>
            {o.note ? '修改征求意见情况' : '登记征求意见情况'}
          </Button>
        </Permission>
      )}
      <RecordAttachments api={attachmentsApi(m.id)} kind={FILE_KIND.opinion} editPerm={PERM.hyEdit} emptyText="暂无征求意见材料" onChanged={reload} />
      {dialog && <OpinionsDialog meeting={m} note={o.note} onClose={() => setDialog(false)} onDone={reload} />}
    </Card>
  )
}

/** 对照检查材料: each participant's files, uploaded by the host here (a member may hand in their own). */
function ChecksCard({ prep, reload }: { prep: Preparation; reload: () => void }) {
  const c = prep.checks
  return (
    <Card size="small" title={<Space>3. 对照检查材料{doneTag(c.done)}</Space>}>
      <Typography.Paragraph type="secondary">
        已上传 {c.uploaded}/{c.participants.length} 人。展开一行查看或上传该党员的对照检查材料。
      </Typography.Paragraph>
      <Table
        rowKey="attendeeId"
        size="small"
        dataSource={c.participants}
        pagination={c.participants.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: '没有参会党员 — 请先在“参会人员”中添加' }}
        expandable={{
          expandedRowRender: (p) => <RecordAttachments api={checkFilesApi(p.attendeeId)} kind={FILE_KIND.check} editPerm={PERM.hyEdit} emptyText="暂未上传" onChanged={reload} />,
        }}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '材料', key: 'files', width: 160, render: (_, p) => (p.files > 0 ? <Tag color="success">已上传 {p.files} 份</Tag> : <Tag color="warning">未上传</Tag>) },
        ]}
      />
    </Card>
  )
}

/** 会前准备 of a 组织生活会 or 民主生活会: the three items START waits for, their state and actions. */
export default function PrepareTab({ meeting: m }: { meeting: MeetingView }) {
  const canEdit = useHasPermission([PERM.hyEdit])
  const q = useQuery({ queryKey: ['orglife', 'prepare', m.id], queryFn: () => preparationOf(m.id) })
  const reload = () => void q.refetch()
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '24px auto' }} />
  if (!q.data) return <Alert type="error" showIcon title="无法读取会前准备，请刷新后重试" />
  const prep = q.data
  const open = canEdit && planned(m)
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {m.state === STATE.published && !m.cancelled && (
        <Alert
          type={prep.ready ? 'success' : 'warning'}
          showIcon
          title={prep.ready ? '会前准备已完成，可以开始会议' : `会前准备完成后才能开始会议，尚缺：${prep.missing.join('；')}`}
        />
      )}
      {!planned(m) && <Alert type="info" showIcon title="会议已开始或已取消，会前准备不再修改" />}
      <TalksCard meeting={m} prep={prep} open={open} reload={reload} />
      <OpinionsCard meeting={m} prep={prep} open={open} reload={reload} />
      <ChecksCard prep={prep} reload={reload} />
    </Space>
  )
}
