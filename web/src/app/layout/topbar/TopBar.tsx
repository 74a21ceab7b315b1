import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { useAppStore } from '@/stores/app'
import AvatarMenu from './AvatarMenu'
import CounterBadges from './CounterBadges'
import FullscreenToggle from './FullscreenToggle'
import HeaderMenu from './HeaderMenu'
import MenuSearch from './MenuSearch'
import ModeSwitch from './ModeSwitch'
import QaSearch from './QaSearch'
import SizeSelect from './SizeSelect'

export default function TopBar() {
  const opened = useAppStore((s) => s.sidebarOpened)
  const toggle = useAppStore((s) => s.toggleSidebar)
  const Icon = opened ? MenuFoldOutlined : MenuUnfoldOutlined
  return (
    <div className="top-bar">
      <button type="button" className="hamburger" aria-label={opened ? '收起侧边栏' : '展开侧边栏'} onClick={toggle}>
        <Icon />
      </button>
      <HeaderMenu />
      <div className="top-bar-right">
        <ModeSwitch />
        <QaSearch />
        <MenuSearch />
        <CounterBadges />
        <FullscreenToggle />
        <SizeSelect />
        <AvatarMenu />
      </div>
    </div>
  )
}
