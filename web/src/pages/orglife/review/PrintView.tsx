import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Space, Spin, Typography } from 'antd'
import { reportDetail } from './api'
import { clock, secretaryText } from './view'
import { GRADE_NAMES } from '@/api/generated/secreview'

/** The printable view of one report (?print=id): title, facts, the text, the grade and the comments. */
export default function PrintView({ id, onBack }: { id: number; onBack: () => void }) {
  const q = useQuery({ queryKey: ['szpy', 'report', id], queryFn: () => reportDetail(id) })
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  if (q.isError || !q.data) return <Alert type="error" showIcon title="述职报告不存在或您无权查看" style={{ margin: 24 }} />
  const r = q.data
  return (
    <div style={{ maxWidth: 800, margin: '0 auto', padding: 24, background: '#fff' }}>
      <Space className="no-print" style={{ marginBottom: 16 }}>
        <Button onClick={onBack}>返回</Button>
        <Button type="primary" onClick={() => window.print()}>
          打印
        </Button>
      </Space>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>
        {r.roundTitle}
      </Typography.Title>
      <Space size="large" wrap>
        <span>党组织：{r.orgName}</span>
        <span>述职人：{secretaryText(r)}</span>
        <span>
          提交时间：{clock(r.submittedAt)}
          {r.late ? '（逾期）' : ''}
        </span>
      </Space>
      <div style={{ whiteSpace: 'pre-wrap', lineHeight: 2, minHeight: 200 }}>{r.content || '（尚未填写）'}</div>
      {r.grade && (
        <div style={{ marginTop: 24, borderTop: '1px solid #ccc', paddingTop: 12 }}>
          <p>评定等次：{GRADE_NAMES[r.grade]}</p>
          <p>点评意见：{r.comment || '—'}</p>
          <p style={{ textAlign: 'right' }}>
            评定人：{r.reviewer} {clock(r.reviewedAt)}
          </p>
        </div>
      )}
    </div>
  )
}
