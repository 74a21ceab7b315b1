import { DesktopOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Drawer, Form, Input, Space, Spin, Tabs } from 'antd'
import { useState } from 'react'
import { downloadFile } from '@/api/file'
import { PERM } from '@/api/permissions'
import { openPrintView } from '@/app/router/print'
import { confirmAction } from '@/components/crud'
import FactList from '@/components/FactList'
import FormDialog from '@/components/FormDialog'
import Permission from '@/components/Permission'
import ReasonDialog from '@/components/ReasonDialog'
import { formatTime } from '@/utils/time'
import { cancelMeeting, meetingAction, meetingDetail, recordDocx, rescheduleMeeting, screenPath } from './api'
import AttendeeTab from './AttendeeTab'
import DateTimeInput, { endsAfter, timeSpan } from './DateTimeInput'
import MeetingFiles from './MeetingFiles'
import MinutesTab from './MinutesTab'
import ReceiptTab from './ReceiptTab'
import PrepareTab, { StartButton } from './PrepareTab'
import { reviewed } from './prepareApi'
import RectifyTab from './RectifyTab'
import { STATE, type MeetingView } from './types'
import { live, LIVE_MS, placeText, planned, stateTag } from './view'

/** Opens the screen view of a started meeting (the sign-in QR and the live count) in a new tab. */
export function openScreen(id: number) {
  window.open(`${import.meta.env.BASE_URL.replace(/\/$/, '')}${screenPath(id)}`, '_blank', 'noopener')
}

/** 改期: the new start and end, and why (the attendees are told). */
function RescheduleDialog({ meeting, onClose, onDone }: { meeting: MeetingView; onClose: () => void; onDone: () => void }) {
  return (
    <FormDialog<{ startsAt: string; endsAt: string; reason: string }>
      title={`改期：${meeting.topic}`}
      initialValues={{ startsAt: meeting.startsAt, endsAt: meeting.endsAt }}
      onSubmit={(v) => rescheduleMeeting(meeting.id, { startsAt: v.startsAt, endsAt: v.endsAt, reason: v.reason.trim() })}
      successText="已改期，参会人员将收到通知"
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item label="开始时间" name="startsAt" rules={[{ required: true, message: '请选择开始时间' }]}>
        <DateTimeInput placeholder="请选择开始时间" />
      </Form.Item>
      <Form.Item label="结束时间" name="endsAt" dependencies={['startsAt']} rules={[{ required: true, message: '请选择结束时间' }, endsAfter('startsAt')]}>
        <DateTimeInput placeholder="请选择结束时间" />
      </Form.Item>
      <Form.Item label="改期原因" name="reason" rules={[{ required: true, whitespace: true, message: '请输入改期原因' }]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  )
}

/** The buttons of the actions a meeting's state allows (the server checks the state again). */
function StateActions({ meeting: m, reload }: { meeting: MeetingView; reload: () => void }) {
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | null>(null)
  const act = (action: 'publish' | 'start' | 'close', question: string, done: string) =>
    void confirmAction(question, () => meetingAction(m.id, action), done).then((ok) => ok && reload())
  return (
    <Space wrap>
      <Permission need={[PERM.hyEdit]}>
        {m.state === STATE.draft && !m.cancelled && (
          <Button type="primary" onClick={() => act('publish', `发布后将通知全体参会人员，确定发布「${m.topic}」吗？`, '已发布')}>
            发布
          </Button>
        )}
        {m.state === STATE.published && !m.cancelled && (
          <StartButton meeting={m} onStart={() => act('start', `开始后即开放签到，确定开始「${m.topic}」吗？`, '会议已开始，签到已开放')} />
        )}
        {m.state === STATE.started && (
          <>
            <Button type="primary" icon={<DesktopOutlined />} onClick={() => openScreen(m.id)}>
              签到大屏
            </Button>
            <Button onClick={() => act('close', `结束后未签到的参会人员将记为缺席，确定结束「${m.topic}」吗？`, '会议已结束')}>结束</Button>
          </>
        )}
        {planned(m) && (
          <>
            <Button onClick={() => setDialog('reschedule')}>改期</Button>
            <Button danger onClick={() => setDialog('cancel')}>
              取消会议
            </Button>
          </>
        )}
      </Permission>
      <RecordButton meeting={m} />
      {dialog === 'cancel' && (
        <ReasonDialog
          title={`取消会议：${m.topic}`}
          label="取消原因"
          note={<Alert type="warning" showIcon title="取消后参会人员将收到通知，已取消的会议不计入组织生活统计。" style={{ marginBottom: 16 }} />}
          send={(reason) => cancelMeeting(m.id, reason)}
          successText="会议已取消"
          okText="取消会议"
          danger
          vertical
          maxLength={500}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      )}
      {dialog === 'reschedule' && <RescheduleDialog meeting={m} onClose={() => setDialog(null)} onDone={reload} />}
    </Space>
  )
}

/** 打印会议记录 (the print view, /print/meetingRecord) and 下载会议记录 (the same layout as Word, to keep). */
function RecordButton({ meeting: m }: { meeting: MeetingView }) {
  const { message } = App.useApp()
  const download = () => downloadFile(recordDocx(m.id), undefined, `${m.topic}会议记录.docx`).catch(() => void message.error('下载失败，请稍后重试'))
  return (
    <>
      <Button icon={<PrinterOutlined />} onClick={() => openPrintView('meetingRecord', { id: m.id })}>
        打印会议记录
      </Button>
      <Button icon={<DownloadOutlined />} onClick={() => void download()}>
        下载会议记录
      </Button>
    </>
  )
}

/** What a meeting records, in its header. */
function MeetingFacts({ meeting: m }: { meeting: MeetingView }) {
  const lecture = m.typeCode === 'dk'
  return (
    <FactList
      column={2}
      facts={[
        ['会议类型', m.typeName],
        ['状态', stateTag(m)],
        ['党组织', m.orgName],
        ['时间', timeSpan(m.startsAt, m.endsAt)],
        ['地点', placeText(m) || '—'],
        ['主持人', m.host || '—'],
        ['记录人', m.recorder || '—'],
        ['参会情况', `应到 ${m.attendeeCount} 人，实到 ${m.presentCount} 人（迟到 ${m.lateCount}），请假 ${m.leaveCount} 人，缺席 ${m.absentCount} 人`],
        lecture && ['主讲人', m.lecturer || '—'],
        lecture && ['书记讲党课', m.secretaryLecture ? '是' : '否'],
        m.receipt && ['会后回执', '需要参会人员填写'],
        m.cancelled && ['取消原因', m.cancelReason, 'filled'],
        m.cancelledAt && ['取消时间', formatTime(m.cancelledAt)],
        m.agenda && ['会议议程', <span style={{ whiteSpace: 'pre-wrap' }}>{m.agenda}</span>, 'filled'],
      ]}
    />
  )
}

interface Props {
  id: number
  onClose: () => void
  /** After a state change or an edit of the attendees (the list's counts). */
  onChanged: () => void
}

/** One meeting: its facts and state actions; its attendees, minutes and files in tabs. */
export default function MeetingDrawer({ id, onClose, onChanged }: Props) {
  const q = useQuery({
    queryKey: ['orglife', 'meeting', id],
    queryFn: () => meetingDetail(id),
    refetchInterval: (query) => (live(query.state.data) ? LIVE_MS : false),
  })
  const m = q.data
  const reload = () => {
    void q.refetch()
    onChanged()
  }
  return (
    <Drawer open size={1000} title={m ? m.topic : '会议'} onClose={onClose} destroyOnHidden>
      {q.isLoading && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {q.isError && <Alert type="error" showIcon title="无法读取该会议：可能已被删除，或不在您的管理范围内" />}
      {m && (
        <>
          <MeetingFacts meeting={m} />
          <div style={{ margin: '16px 0' }}>
            <StateActions meeting={m} reload={reload} />
          </div>
          <Tabs
            items={[
              { key: 'attendees', label: `参会人员（${m.attendeeCount}）`, children: <AttendeeTab meeting={m} onChanged={reload} /> },
              { key: 'minutes', label: '会议记录', children: <MinutesTab meeting={m} onSaved={reload} /> },
              { key: 'files', label: '照片和附件', children: <MeetingFiles meeting={m} /> },
              // 组织生活会 and 民主生活会: their preparation from publish on; rectification items (any meeting once closed).
              ...(reviewed(m.typeCode) && m.state >= STATE.published ? [{ key: 'prepare', label: '会前准备', children: <PrepareTab meeting={m} /> }] : []),
              ...(reviewed(m.typeCode) || m.state === STATE.closed ? [{ key: 'rectify', label: '整改事项', children: <RectifyTab meeting={m} /> }] : []),
              ...(m.receipt ? [{ key: 'receipt', label: '回执', children: <ReceiptTab meeting={m} /> }] : []),
            ]}
          />
        </>
      )}
    </Drawer>
  )
}
