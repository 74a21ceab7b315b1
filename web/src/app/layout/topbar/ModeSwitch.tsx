import { SwapOutlined } from '@ant-design/icons'
import { Dropdown } from 'antd'
import { useMemo } from 'react'
import { useNavigate } from 'react-router'
import { usePermissionStore } from '@/stores/permission'
import { useSessionStore } from '@/stores/session'
import { hasPermission } from '@/utils/permission'
import { visibleModeItems } from '../../router/staticRoutes'

export default function ModeSwitch() {
  const navigate = useNavigate()
  const roles = useSessionStore((s) => s.roles)
  const routes = usePermissionStore((s) => s.routes)
  const items = useMemo(() => visibleModeItems(roles, new Set(routes.map((r) => r.path)), hasPermission), [roles, routes])
  if (items.length === 0) return null
  return (
    <Dropdown menu={{ items: items.map((i) => ({ key: i.path, label: i.title })), onClick: ({ key }) => navigate(key) }}>
      <span className="top-bar-item" aria-label="切换模式">
        <SwapOutlined /> 切换
      </span>
    </Dropdown>
  )
}
