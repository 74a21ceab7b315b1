import { SwapOutlined } from '@ant-design/icons'
import { Dropdown } from 'antd'
import { useMemo } from 'react'
import { useNavigate } from 'react-router'
import { usePermissionStore } from '@/stores/permission'
import { useSessionStore } from '@/stores/session'
import { hasPermission } from '@/utils/permission'
import { visibleModeItems } from '../../router/staticRoutes'

/** The modes the user may switch to (the phone's overflow menu lists them too). */
export function useModeItems() {
  const roles = useSessionStore((s) => s.roles)
  const routes = usePermissionStore((s) => s.routes)
  return useMemo(() => visibleModeItems(roles, new Set(routes.map((r) => r.path)), hasPermission), [roles, routes])
}

export default function ModeSwitch() {
  const navigate = useNavigate()
  const items = useModeItems()
  if (items.length === 0) return null
  return (
    <Dropdown menu={{ items: items.map((i) => ({ key: i.path, label: i.title })), onClick: ({ key }) => navigate(key) }}>
      <span className="top-bar-item" aria-label="切换模式">
        <SwapOutlined /> 切换
      </span>
    </Dropdown>
  )
}
