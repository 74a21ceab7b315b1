import { Card, Col, Empty, Row } from 'antd'
import { useMemo } from 'react'
import type { HomeSummary } from '@/api/home'
import EChart from '@/components/chart/EChart'
import { barOption, hasData, pieOption } from './chartOptions'

/** The figures people would rather look at than read: members by category and status, organisations by type. */
export default function Charts({ s }: { s: HomeSummary }) {
  const { members, orgs } = s
  const byCategory = useMemo(() => pieOption(members.byCategory), [members.byCategory])
  const byStatus = useMemo(() => barOption(members.byStatus, '人'), [members.byStatus])
  const byType = useMemo(() => barOption(orgs.byType, '个'), [orgs.byType])
  const none = (what: string) => (s.scoped ? `您管理范围内暂无${what}` : '您的账号尚未关联党组织，暂无数据')
  const charts = [
    { title: '党员人员类别', draw: hasData(members.byCategory) && <EChart option={byCategory} label="党员人员类别" />, empty: none('状态正常的党员') },
    { title: '党员状态', draw: hasData(members.byStatus) && <EChart option={byStatus} label="党员状态" />, empty: none('党员记录') },
    { title: '党组织类型', draw: hasData(orgs.byType) && <EChart option={byType} label="党组织类型" />, empty: none('党组织') },
  ]
  return (
    <Row gutter={16}>
      {charts.map((c) => (
        <Col xs={24} lg={8} key={c.title} style={{ marginBottom: 16 }}>
          <Card title={c.title} variant="borderless" styles={{ body: { minHeight: 292 } }}>
            {c.draw || <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={c.empty} />}
          </Card>
        </Col>
      ))}
    </Row>
  )
}
