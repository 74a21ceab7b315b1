import { Menu, type MenuProps } from 'antd'
import { useMemo, useState, useEffect } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import MenuIcon from '@/components/MenuIcon'
import { SCHOOL_LOGO_URL } from '@/api/system'
import { useConfigStore } from '@/stores/config'
import { usePermissionStore } from '@/stores/permission'
import { useSettingsStore } from '@/stores/settings'
import { brandTitle } from '@/utils/title'
import { matchRoute } from '../router/match'
import type { NavItem } from '../router/menus'
import { useModes } from './useModes'

export const SIDEBAR_WIDTH = 205
export const SIDEBAR_COLLAPSED_WIDTH = 54

type Items = NonNullable<MenuProps['items']>

function toItems(items: NavItem[]): Items {
  return items.map((i) =>
    i.children
      ? { key: i.key, icon: <MenuIcon name={i.icon} />, label: i.title, children: toItems(i.children) }
      : { key: i.key, icon: <MenuIcon name={i.icon} />, label: i.title },
  )
}

/** Keys of the submenus that lead to `key`. */
function parentsOf(items: NavItem[], key: string, trail: string[] = []): string[] | null {
  for (const i of items) {
    if (i.key === key) return trail
    if (i.children) {
      const hit = parentsOf(i.children, key, [...trail, i.key])
      if (hit) return hit
    }
  }
  return null
}

/**
 * The side menu: the active first-level entry's pages (in the 党员 mode the member's own pages), or
 * with `all` (the phone drawer, where no header menu shows the first level) the current mode's
 * first-level entries with their pages.
 */
export default function Sidebar({ collapsed, all = false }: { collapsed: boolean; all?: boolean }) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const side = usePermissionStore((s) => s.model.side)
  const { current, memberMode } = useModes()
  const routes = usePermissionStore((s) => s.routes)
  const activeTop = usePermissionStore((s) => s.activeTop)
  const showLogo = useSettingsStore((s) => s.sidebarLogo)
  const uniqueOpened = useSettingsStore((s) => s.uniqueOpened)
  const school = useConfigStore((s) => s.school)
  const nav = useMemo(() => {
    if (all || memberMode) return current?.entries ?? []
    // The section shown is of the current mode: its first entry's until one of its pages opens.
    const entries = current?.entries ?? []
    const top = entries.some((e) => e.key === activeTop) ? activeTop : entries[0]?.key
    return top ? (side[top] ?? []) : []
  }, [all, memberMode, current, side, activeTop])
  const items = useMemo(() => toItems(nav), [nav])

  const selected = matchRoute(routes, pathname)?.meta.activeMenu ?? pathname
  const [openKeys, setOpenKeys] = useState<string[]>([])
  useEffect(() => {
    const parents = parentsOf(nav, selected)
    if (parents) setOpenKeys((keys) => (uniqueOpened ? parents : Array.from(new Set([...keys, ...parents]))))
  }, [nav, selected, uniqueOpened])

  const onOpenChange = (keys: string[]) => {
    if (!uniqueOpened) return setOpenKeys(keys)
    // Unique-opened: keep only the newly opened branch (and its ancestors).
    const added = keys.find((k) => !openKeys.includes(k))
    setOpenKeys(added ? (parentsOf(nav, added) ?? []).concat(added) : keys)
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (/^(https?:|mailto:|tel:)/.test(key)) window.open(key, '_blank', 'noopener')
    else navigate(key)
  }

  return (
    <div className="sidebar">
      {showLogo && (
        <Link to="/" className="sidebar-logo" title={school?.name}>
          <img src={SCHOOL_LOGO_URL} alt="" />
          {!collapsed && <span>{brandTitle(school)}</span>}
        </Link>
      )}
      <Menu
        mode="inline"
        theme="light"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={[selected]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={onOpenChange}
        onClick={onClick}
        style={{ borderInlineEnd: 0 }}
      />
    </div>
  )
}
