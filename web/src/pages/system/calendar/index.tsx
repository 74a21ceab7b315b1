import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Calendar, Card, Space, Tag, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useMemo, useState } from 'react'
import { PERM } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'
import DayDialog from './components/DayDialog'
import NoteDialog from './components/NoteDialog'
import { fetchYear } from './service'
import { HOLIDAY, type MarkedDay } from './types'

/** The mark of a day in the month view: 休 for a holiday, 班 for a weekend day worked. */
function DayMark({ mark }: { mark?: MarkedDay }) {
  if (!mark) return null
  const holiday = mark.kind === HOLIDAY
  return (
    <Space size={2} style={{ fontSize: 12 }}>
      <Tag color={holiday ? 'red' : 'blue'} style={{ marginInlineEnd: 0 }}>
        {holiday ? '休' : '班'}
      </Tag>
      <Typography.Text type={holiday ? 'danger' : undefined} ellipsis style={{ maxWidth: 90, fontSize: 12 }}>
        {mark.name}
      </Typography.Text>
      {mark.provisional && (
        <Tag color="orange" style={{ marginInlineEnd: 0 }} title="当年节假日安排通知发布前预置，请按通知核对">
          暂定
        </Tag>
      )}
    </Space>
  )
}

/**
 * 工作日历: public holidays and 调休 workdays, which the rules counted in working days read (a
 * public notice of 5 working days). Unmarked days follow the weekday rule (Monday to Friday work).
 */
export default function CalendarPage() {
  const [month, setMonth] = useState<Dayjs>(() => dayjs())
  const year = month.year()
  const canEdit = useHasPermission([PERM.calendarEdit])
  const q = useQuery({ queryKey: ['calendar', year], queryFn: () => fetchYear(year) })
  const marks = useMemo(() => new Map((q.data?.days ?? []).map((d) => [d.date, d])), [q.data])
  const [editing, setEditing] = useState<Dayjs | null>(null)
  const [editingNote, setEditingNote] = useState(false)
  const reload = () => void q.refetch()

  return (
    <Card>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert
          type={q.data?.note ? 'info' : 'warning'}
          showIcon
          title={`${year}年`}
          description={q.data?.note || '本年尚无节假日安排：未标记的日期按周一至周五上班、周六周日休息计算。'}
          action={
            canEdit && (
              <Button size="small" onClick={() => setEditingNote(true)}>
                编辑说明
              </Button>
            )
          }
        />
        <Space size="large">
          <span>
            <Tag color="red">休</Tag>节假日
          </span>
          <span>
            <Tag color="blue">班</Tag>调休上班
          </span>
          {canEdit && <Typography.Text type="secondary">点击日期可设置节假日或调休上班</Typography.Text>}
        </Space>
        <Calendar
          value={month}
          onPanelChange={(d) => setMonth(d)}
          onSelect={(d, info) => {
            setMonth(d)
            if (info.source === 'date' && canEdit) setEditing(d)
          }}
          cellRender={(d, info) => (info.type === 'date' ? <DayMark mark={marks.get(d.format('YYYY-MM-DD'))} /> : info.originNode)}
        />
      </Space>
      {editing && (
        <DayDialog date={editing} mark={marks.get(editing.format('YYYY-MM-DD'))} onClose={() => setEditing(null)} onDone={reload} />
      )}
      {editingNote && <NoteDialog year={year} note={q.data?.note ?? ''} onClose={() => setEditingNote(false)} onDone={reload} />}
    </Card>
  )
}
