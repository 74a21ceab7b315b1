import { Menu } from 'antd'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { usePermissionStore } from '@/stores/permission'
import { leafEntries } from '../../router/memberNav'
import { firstLeaf, type NavItem } from '../../router/menus'
import { activeEntry, MEMBER_MODE } from '../../router/modes'
import { useModes } from '../useModes'

/**
 * The current mode's first-level entries; choosing one fills the sidebar and opens its first page.
 * An entry is marked only while the page shown belongs to it (on 首页 none is). The entries never
 * fold into a "···" overflow, where the marked entry would hide: when a mode has more than the bar
 * holds, the bar scrolls sideways and the marked entry is scrolled into view. The member's groups
 * (memberNav.ts) open their pages as a sub-menu; the group is marked while one of its pages is shown.
 */
export default function HeaderMenu() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const model = usePermissionStore((s) => s.model)
  const { current } = useModes()
  const entries = current?.entries ?? []
  const active = activeEntry(current, pathname, model)
  const member = current?.key === MEMBER_MODE
  const bar = useRef<HTMLDivElement>(null)

  useEffect(() => {
    bar.current?.querySelector('.ant-menu-item-selected, .ant-menu-submenu-selected')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [active, current?.key])

  return (
    <div className="header-menu-bar" ref={bar}>
      <Menu
        className="header-menu"
        mode="horizontal"
        disabledOverflow
        selectedKeys={active ? [active] : []}
        // Names without icons (the sidebar has them): ten entries of a mode fit at 1440 px.
        // Only the member's groups open as sub-menus: a server entry's children are its sidebar.
        items={entries.map((t) => (member ? toItem(t) : { key: t.key, label: t.title }))}
        onClick={({ key }) => {
          const item = entries.find((t) => t.key === key) ?? leafEntries(entries).find((t) => t.key === key)
          if (!item) return
          const target = firstLeaf(item)
          if (item.external || /^https?:/.test(target)) return void window.open(target, '_blank', 'noopener')
          if (!member) usePermissionStore.getState().setActiveTop(key)
          navigate(target)
        }}
      />
    </div>
  )
}

function toItem(t: NavItem): { key: string; label: string; children?: { key: string; label: string }[] } {
  return t.children?.length ? { key: t.key, label: t.title, children: t.children.map(toItem) } : { key: t.key, label: t.title }
}
