import { DownloadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Divider, Space, Spin, Tag, Typography } from 'antd'
import { get, type Page } from '@/api/request'
import { downloadFile } from '@/api/file'
import { STATE as WJ_STATE, STATE_NAMES as WJ_STATE_NAMES, type AnswerRow, type MeetingReceipt, type TextAnswer } from '@/api/generated/survey'
import { PERM } from '@/api/permissions'
import Permission from '@/components/Permission'
import { formatTime } from '@/utils/time'
import ResultsView, { AnswersTable, type ResultsSource } from '../wj/ResultsView'
import { MINUTE } from './DateTimeInput'
import { STATE, type MeetingView } from './types'

/** The meeting receipt's routes (问卷管理's, with the meetings' permissions and scope). */
const base = (id: number) => `/api/wj/meeting/${id}`
export const meetingReceipt = (id: number) => get<MeetingReceipt>(`${base(id)}/receipt`)

const source = (id: number): ResultsSource => ({
  key: ['orglife', 'receipt', id],
  texts: (item, page, size) => get<Page<TextAnswer>>(`${base(id)}/texts`, { item, page, size }),
  answers: (page, size) => get<Page<AnswerRow>>(`${base(id)}/answers`, { page, size }),
})

/**
 * 回执: the meeting receipt is a questionnaire of 问卷管理 sent at CLOSE to the members on the list (they answer it at
 * its link from the message centre): its statistics per question with charts, each member's answer, and 导出.
 */
export default function ReceiptTab({ meeting: m }: { meeting: MeetingView }) {
  const { message } = App.useApp()
  const closed = m.state === STATE.closed
  const q = useQuery({ queryKey: ['orglife', 'receipt', m.id], queryFn: () => meetingReceipt(m.id), enabled: closed })
  if (!closed) return <Alert type="info" showIcon title="会议结束后，参会党员将收到填写会议回执的通知，回执在此汇总" />
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '32px auto' }} />
  if (q.isError || !q.data) return <Alert type="error" showIcon title="无法读取会议回执，请稍后重试" />
  const { questionnaire: wj, results } = q.data
  if (!wj || !results) return <Alert type="info" showIcon title="本次会议结束时没有发出会议回执" />
  const exportAll = () =>
    downloadFile(`${base(m.id)}/export`, undefined, `${m.topic}会议回执.xlsx`).catch(() => void message.error('导出失败，请稍后重试'))
  const over = wj.state !== WJ_STATE.share || wj.over
  return (
    <>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space>
          <Tag color={over ? 'default' : 'green'}>{over ? '已截止' : WJ_STATE_NAMES[wj.state]}</Tag>
          <Typography.Text type="secondary">{wj.closesAt ? `填写截止：${formatTime(wj.closesAt, MINUTE)}` : ''}</Typography.Text>
        </Space>
        <Permission need={[PERM.hyExport]}>
          <Button icon={<DownloadOutlined />} disabled={results.answers === 0} onClick={() => void exportAll()}>
            导出回执
          </Button>
        </Permission>
      </Space>
      <ResultsView results={results} source={source(m.id)} />
      {results.answers > 0 && (
        <>
          <Divider titlePlacement="start">每人回执</Divider>
          <AnswersTable source={source(m.id)} columns={results.columns} attendance />
        </>
      )}
    </>
  )
}
