import { Card, Empty, Space, Typography } from 'antd'
import { Link } from 'react-router'
import { usePermissionStore } from '@/stores/permission'

/** Quick links to the menus the user holds, grouped by first-level entry. */
export default function QuickLinks() {
  const model = usePermissionStore((s) => s.model)
  const routes = usePermissionStore((s) => s.routes)
  const groups = model.top
    .map((t) => ({ top: t, links: routes.filter((r) => r.top === t.key && !r.meta.hidden) }))
    .filter((g) => g.links.length > 0)
  return (
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
  )
}
