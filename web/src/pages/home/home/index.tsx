import { AlertOutlined, BellOutlined, ScheduleOutlined } from '@ant-design/icons'
import { Card, Col, Empty, Row, Space, Statistic, Typography } from 'antd'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { isTrue, useConfigStore } from '@/stores/config'
import { useCountersStore } from '@/stores/counters'
import { usePermissionStore } from '@/stores/permission'
import { useSessionStore } from '@/stores/session'
import { formatTime } from '@/utils/time'

/** Home: the user's own counters and quick links to the menus they hold. Nothing made up. */
export default function HomePage() {
  const user = useSessionStore((s) => s.user)
  const { todo, remind, warning, refreshAll } = useCountersStore()
  const model = usePermissionStore((s) => s.model)
  const routes = usePermissionStore((s) => s.routes)
  const dead = isTrue(useConfigStore((s) => s.config.isDead))
  useEffect(() => {
    void refreshAll()
  }, [refreshAll])

  const cards = [
    { title: '待办事项', value: todo, to: '/message/msginfo?tab=todo', icon: <ScheduleOutlined /> },
    { title: '未读消息', value: remind, to: '/message/msginfo?tab=message', icon: <BellOutlined /> },
    { title: '预警信息', value: warning, to: '/message/warning', icon: <AlertOutlined /> },
  ]
  const groups = model.top
    .map((t) => ({ top: t, links: routes.filter((r) => r.top === t.key && !r.meta.hidden) }))
    .filter((g) => g.links.length > 0)

  return (
    <div className={dead ? 'is-dead' : undefined}>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          您好，{user?.nickName || user?.username}
        </Typography.Title>
        <Typography.Text type="secondary">
          {user?.dept?.name ? `${user.dept.name} · ` : ''}
          {user?.lastLoginTime ? `上次登录：${formatTime(user.lastLoginTime)}` : '欢迎使用智慧党建'}
        </Typography.Text>
      </Card>
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
      <Card title="快捷入口" variant="borderless">
        {groups.length === 0 ? (
          <Empty description="暂无可用菜单" />
        ) : (
          groups.map((g) => (
            <div key={g.top.key} style={{ marginBottom: 12 }}>
              <Typography.Text strong>{g.top.title}</Typography.Text>
              <div style={{ marginTop: 8 }}>
                <Space wrap>
                  {g.links.map((r) => (
                    <Link key={r.path} to={r.path} className="quick-link">
                      {r.meta.title}
                    </Link>
                  ))}
                </Space>
              </div>
            </div>
          ))
        )}
      </Card>
    </div>
  )
}
