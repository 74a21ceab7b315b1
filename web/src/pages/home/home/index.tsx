import { Card, Typography } from 'antd'
import { PERM } from '@/api/permissions'
import { useHasPermission } from '@/components/Permission'
import { isTrue, useConfigStore } from '@/stores/config'
import { useSessionStore } from '@/stores/session'
import { formatTime } from '@/utils/time'
import Counters from './components/Counters'
import Dashboard from './components/Dashboard'
import QuickLinks from './components/QuickLinks'

/**
 * 首页, where every user lands after signing in. Those who manage party data (home:view) get the
 * figures, warnings, recent changes and to-dos of their scope; everyone else their own counters.
 * Both get the quick links to their menus. Nothing made up: every number is the server's.
 */
export default function HomePage() {
  const user = useSessionStore((s) => s.user)
  const dead = isTrue(useConfigStore((s) => s.config.isDead))
  const figures = useHasPermission([PERM.homeView])
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
      {figures ? <Dashboard /> : <Counters />}
      <QuickLinks />
    </div>
  )
}
