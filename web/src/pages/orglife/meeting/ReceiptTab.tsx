import { DownloadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Col, Row, Space, Spin, Statistic, Table, Typography } from 'antd'
import { get } from '@/api/request'
import { downloadFile } from '@/api/file'
import type { ReceiptRow, ReceiptSummary } from '@/api/generated/orglifeReceipt'
import { PERM } from '@/api/permissions'
import Permission from '@/components/Permission'
import { formatTime } from '@/utils/time'
import { MEETINGS } from './api'
import { MINUTE } from './DateTimeInput'
import { ATTEND_NAMES, STATE, type AttendStatus, type MeetingView } from './types'

const receipts = (id: number) => `${MEETINGS}/${id}/receipts`
export const meetingReceipts = (id: number) => get<ReceiptSummary>(receipts(id))

const columns = [
  { title: '姓名', dataIndex: 'name', width: 90 },
  { title: '出勤', dataIndex: 'attendance', width: 70, render: (v: string) => ATTEND_NAMES[v as AttendStatus] ?? v },
  { title: '满意度', dataIndex: 'satisfactionName', width: 90 },
  { title: '收获体会', dataIndex: 'gains', render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v || '—'}</span> },
  { title: '意见建议', dataIndex: 'suggestions', render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v || '—'}</span> },
  { title: '提交时间', dataIndex: 'createTime', width: 140, render: (v: string) => formatTime(v, MINUTE) },
]

/**
 * 回执: the members' answers to the meeting's receipt (asked at CLOSE, answered on /questionnaire/meeting): how
 * many of the members on the list answered, the counts per satisfaction and each answer; 导出 as a workbook.
 */
export default function ReceiptTab({ meeting: m }: { meeting: MeetingView }) {
  const { message } = App.useApp()
  const q = useQuery({ queryKey: ['orglife', 'receipts', m.id], queryFn: () => meetingReceipts(m.id) })
  if (m.state !== STATE.closed)
    return <Alert type="info" showIcon title="会议结束后，参会党员将收到填写会议回执的通知，回执在此汇总" />
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '32px auto' }} />
  if (q.isError || !q.data) return <Alert type="error" showIcon title="无法读取会议回执，请稍后重试" />
  const s = q.data
  const exportAll = () =>
    downloadFile(`${receipts(m.id)}/export`, undefined, `${m.topic}会议回执.xlsx`).catch(() => void message.error('导出失败，请稍后重试'))
  return (
    <>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Statistic title="已提交 / 参会党员" value={s.answered} suffix={`/ ${s.members}`} />
        </Col>
        {s.counts.map((c) => (
          <Col span={4} key={c.satisfaction}>
            <Statistic title={c.name} value={c.count} />
          </Col>
        ))}
      </Row>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{s.deadline ? `填写截止：${formatTime(s.deadline, MINUTE)}` : ''}</Typography.Text>
        <Permission need={[PERM.hyExport]}>
          <Button icon={<DownloadOutlined />} disabled={s.answered === 0} onClick={() => void exportAll()}>
            导出回执
          </Button>
        </Permission>
      </Space>
      <Table<ReceiptRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={s.answers}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 份` }}
        locale={{ emptyText: '还没有参会党员提交回执' }}
      />
    </>
  )
}
