import { AlertOutlined, BellOutlined, ScheduleOutlined } from '@ant-design/icons'
import { Card, Col, Row, Statistic } from 'antd'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { useCountersStore } from '@/stores/counters'

/** The user's own counters (to-dos, unread messages, warnings), for those without the home page's figures. */
export default function Counters() {
  const { todo, remind, warning, refreshAll } = useCountersStore()
  useEffect(() => {
    void refreshAll()
  }, [refreshAll])
  const cards = [
    { title: '待办事项', value: todo, to: '/message/msginfo?tab=todo', icon: <ScheduleOutlined /> },
    { title: '未读消息', value: remind, to: '/message/msginfo?tab=message', icon: <BellOutlined /> },
    { title: '预警信息', value: warning, to: '/message/warning', icon: <AlertOutlined /> },
  ]
  return (
    <Row gutter={16}>
      {cards.map((c) => (
        <Col xs={24} sm={8} key={c.title} style={{ marginBottom: 16 }}>
          <Link to={c.to}>
            <Card hoverable variant="borderless">
              <Statistic title={c.title} value={c.value} prefix={c.icon} />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  )
}
