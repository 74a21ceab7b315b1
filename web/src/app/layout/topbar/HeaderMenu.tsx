import { Menu } from 'antd'
import { useNavigate } from 'react-router'
import MenuIcon from '@/components/MenuIcon'
import { usePermissionStore } from '@/stores/permission'
import { firstLeaf } from '../../router/menus'

/** First-level menu entries; choosing one fills the sidebar and opens its first page. */
export default function HeaderMenu() {
  const navigate = useNavigate()
  const top = usePermissionStore((s) => s.model.top)
  const activeTop = usePermissionStore((s) => s.activeTop)
  return (
    <Menu
      className="header-menu"
      mode="horizontal"
      selectedKeys={[activeTop]}
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
