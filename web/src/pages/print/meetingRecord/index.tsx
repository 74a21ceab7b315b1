import { Alert } from 'antd'
import PrintLayout from '@/components/flow/PrintLayout'
import PrintedRecord, { WordButton } from '@/components/flow/PrintedRecord'
import RichText from '@/components/RichTextEditor/RichText'
import { withQueryClient } from '@/components/withQueryClient'
import { formatTime } from '@/utils/time'
import { attendeesOf, meetingDetail, recordDocx } from '@/pages/orglife/meeting/api'
import { timeSpan } from '@/pages/orglife/meeting/DateTimeInput'
import type { AttendeeView, MeetingView } from '@/pages/orglife/meeting/types'
import { placeText } from '@/pages/orglife/meeting/view'

interface MeetingRecord {
  meeting: MeetingView
  attendees: AttendeeView[]
}

/** The meeting and its attendees, as the drawer reads them (hy:list in the caller's scope). */
const loadRecord = async (id: number): Promise<MeetingRecord> => {
  const [meeting, attendees] = await Promise.all([meetingDetail(id), attendeesOf(id)])
  return { meeting, attendees }
}

/** Who came, by attendance, as the 会议记录 counts them: members only (guests are 列席). */
export function attendance(attendees: AttendeeView[]) {
  const members = attendees.filter((a) => !a.guest)
  const names = (...statuses: string[]) => members.filter((a) => statuses.includes(a.status)).map((a) => a.name)
  return {
    expected: members.length,
    present: names('present', 'late'),
    late: names('late'),
    leave: names('leave'),
    absent: names('absent'),
    guests: attendees.filter((a) => a.guest).map((a) => (a.guestTitle ? `${a.name}（${a.guestTitle}）` : a.name)),
  }
}

const counted = (label: string, names: string[]) => `${label}：${names.length}人${names.length ? `（${names.join('、')}）` : ''}`

const css = `
.meeting-record h3 { margin: 12px 0 4px; font-size: 15px; }
.meeting-record .lines { white-space: pre-wrap; }
.meeting-record .rich-text p { margin: 0 0 4px; text-indent: 2em; }
.meeting-record .rich-text li p { text-indent: 0; }
`

function Lines({ text, empty }: { text: string; empty: string }) {
  return <div className="lines">{text.trim() || empty}</div>
}

/** The 会议记录 on paper, in the layout of its Word document (minutes.go meetingRecord). */
function Record({ meeting: m, attendees }: MeetingRecord) {
  const a = attendance(attendees)
  const meta = [
    { label: '会议主题', value: m.topic },
    { label: '会议类型', value: m.typeName },
    { label: '党组织', value: m.orgName },
    { label: '时间', value: timeSpan(m.startsAt, m.endsAt) },
    { label: '地点', value: placeText(m) || '—' },
    { label: '主持人', value: m.host || '—' },
    { label: '记录人', value: m.recorder || '—' },
    ...(m.typeCode === 'dk' ? [{ label: '主讲人', value: m.lecturer || '—' }] : []),
  ]
  return (
    <PrintLayout
      title={`${m.orgName}${m.typeName}会议记录`}
      meta={meta}
      actions={<WordButton url={recordDocx(m.id)} fileName={`${m.topic}会议记录.docx`} />}
      signatures={[{ label: '主持人（签字）' }, { label: '记录人（签字）' }, { label: '记录时间', value: m.minutesAt ? formatTime(m.minutesAt, 'YYYY年M月D日') : '' }]}
    >
      <style>{css}</style>
      <div className="meeting-record">
        {m.cancelled && <Alert type="warning" showIcon className="print-hide" title={`该会议已取消：${m.cancelReason}`} style={{ marginBottom: 12 }} />}
        <h3>参会情况</h3>
        <div>
          应到：{a.expected}人；{counted('实到', a.present)}
        </div>
        {a.late.length > 0 && <div>{counted('其中迟到', a.late)}</div>}
        <div>{counted('请假', a.leave)}</div>
        <div>{counted('缺席', a.absent)}</div>
        {a.guests.length > 0 && <div>列席：{a.guests.join('、')}</div>}
        <h3>议程</h3>
        <Lines text={m.agenda} empty="无" />
        <h3>会议内容</h3>
        <RichText html={m.minutes} empty="未记录" />
        <h3>决议</h3>
        <Lines text={m.resolutions} empty="无" />
      </div>
    </PrintLayout>
  )
}

/** 会议记录（打印）: /print/meetingRecord?id=<meeting>, a meeting of the caller's scope; 打印 and 下载Word. */
function MeetingRecordPrint() {
  return (
    <PrintedRecord queryKey={['orglife', 'record']} fetch={loadRecord} noId="缺少会议参数" missing="无法读取该会议：可能已被删除，或不在您的管理范围内">
      {(r) => <Record {...r} />}
    </PrintedRecord>
  )
}

export default withQueryClient(MeetingRecordPrint)
