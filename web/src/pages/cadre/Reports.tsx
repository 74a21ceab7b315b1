import { Collapse, Empty, Typography } from 'antd'
import type { PaperReport } from '@/api/generated/cadreAssess'

/** The 述职报告 of a paper's cadres, one collapsible panel each, read before the ballot. */
export default function Reports({ reports }: { reports: PaperReport[] }) {
  if (!reports.length) return <Empty description="本测评表的干部没有提交述职报告" />
  return (
    <Collapse
      size="small"
      items={reports.map((r, i) => ({
        key: i,
        label: `${r.cadreName}${r.post ? ` · ${r.post}` : ''}`,
        children: r.text ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.text}</Typography.Paragraph> : <Typography.Text type="secondary">未提交述职报告</Typography.Text>,
      }))}
    />
  )
}
