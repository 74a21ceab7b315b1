import { Menu } from 'antd'
import { useLocation, useNavigate } from 'react-router'
import MenuIcon from '@/components/MenuIcon'
import { usePermissionStore } from '@/stores/permission'
import { firstLeaf, topFor } from '../../router/menus'

/**
 * First-level menu entries; choosing one fills the sidebar and opens its first page. An entry is
 * marked only while the page shown belongs to it: on 首页 (no section) none is, although the sidebar
 * keeps the last section's pages.
 */
export default function HeaderMenu() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const model = usePermissionStore((s) => s.model)
  const activeTop = usePermissionStore((s) => s.activeTop)
  const top = model.top
  const shown = topFor(pathname, model)
  return (
    <Menu
      className="header-menu"
      mode="horizontal"
      selectedKeys={shown ? [activeTop] : []}
      items={top.map((t) => ({ key: t.key, label: t.title, icon: <MenuIcon name={t.icon} /> }))}
      onClick={({ key }) => {
        const item = top.find((t) => t.key === key)
        if (!item) return
        const target = firstLeaf(item)
        if (item.external || /^https?:/.test(target)) return void window.open(target, '_blank', 'noopener')
        usePermissionStore.getState().setActiveTop(key)
        navigate(target)
      }}
    />
  )
}
