import { Card, Col, Row, Statistic, Tooltip } from 'antd'
import type { HomeSummary } from '@/api/home'

/** The key numbers of the caller's scope, each with what it counts. */
export default function KeyNumbers({ s }: { s: HomeSummary }) {
  const { members, orgs, warnings, year } = s
  const numbers = [
    { title: '党员总数', value: members.total, tip: '您管理范围内党员状态为「正常」的党员' },
    // 正式党员 / 预备党员 …: one figure per value of the dictionary, in its order.
    ...members.byParty.map((c) => ({ title: c.label, value: c.count, tip: `党员状态正常的${c.label}` })),
    { title: '党组织', value: orgs.total, tip: '您管理范围内未撤销的党组织（含党委、党总支、党支部、党小组）' },
    { title: `${year}年发展党员`, value: members.joinedInYear, tip: `入党日期在${year}年内的党员` },
    { title: `${year}年转正`, value: members.fullInYear, tip: `转正日期在${year}年内的党员` },
    { title: `${year}年组织关系调整`, value: members.movedInYear, tip: `${year}年内「所在党组织」发生变更的党员（来自党员变动轨迹）` },
    { title: '组织预警', value: warnings.total, tip: '任期将届满或已到期、党员人数不符合规定的党组织' },
  ]
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {numbers.map((n) => (
        <Col xs={12} md={6} xxl={3} key={n.title}>
          <Tooltip title={n.tip}>
            <Card variant="borderless" size="small" data-figure={n.title}>
              <Statistic title={n.title} value={n.value} />
            </Card>
          </Tooltip>
        </Col>
      ))}
    </Row>
  )
}
