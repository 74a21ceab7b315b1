import { Card, Space, Tabs, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'
import YearSelect from '@/components/YearSelect'
import AssessmentsTab from './AssessmentsTab'
import IndicatorsTab from './IndicatorsTab'
import RankingTab from './RankingTab'

/**
 * 党组织建设 (标准化规范化建设): the year's indicators (指标设置, set by the 组织部), the branches' self-assessments
 * with evidence (自评), the review by the committee above (审核), and the ranking with 示范/样板 marks (排名).
 * Who sees what is the server's: a branch its own, a 二级党委 its subtree.
 */
export default function ConstructionPage() {
  const [year, setYear] = useState(() => dayjs().year())
  const canReview = useHasPermission([PERM.dzzjsReview])
  const items = [
    { key: 'indicators', label: '指标设置', children: <IndicatorsTab year={year} /> },
    { key: 'self', label: '自评', children: <AssessmentsTab key={`self-${year}`} year={year} mode="self" /> },
    ...(canReview ? [{ key: 'review', label: '审核', children: <AssessmentsTab key={`review-${year}`} year={year} mode="review" /> }] : []),
    { key: 'ranking', label: '排名', children: <RankingTab key={year} year={year} /> },
  ]
  return (
    <Card variant="borderless">
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text>年度</Typography.Text>
        <YearSelect value={year} onChange={setYear} past={5} />
      </Space>
      <Tabs items={items} destroyOnHidden />
    </Card>
  )
}
