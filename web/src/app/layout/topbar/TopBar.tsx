import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { useAppStore } from '@/stores/app'
import { useConfigStore } from '@/stores/config'
import { brandTitle } from '@/utils/title'
import { useModes } from '../useModes'
import AvatarMenu from './AvatarMenu'
import CounterBadges from './CounterBadges'
import FullscreenToggle from './FullscreenToggle'
import HeaderMenu from './HeaderMenu'
import MenuSearch from './MenuSearch'
import ModeSwitch from './ModeSwitch'
import PhoneActions from './PhoneActions'
import QaSearch from './QaSearch'
import SizeSelect from './SizeSelect'

export default function TopBar() {
  const opened = useAppStore((s) => s.sidebarOpened)
  const toggle = useAppStore((s) => s.toggleSidebar)
  // Below the drawer width the first level lives in the drawer (the member's pages in the tab bar)
  // and the actions in one menu.
  const mobile = useAppStore((s) => s.device === 'mobile')
  const { memberMode } = useModes()
  const school = useConfigStore((s) => s.school)
  const Icon = opened ? MenuFoldOutlined : MenuUnfoldOutlined
  return (
    <div className="top-bar">
      {!(mobile && memberMode) && (
        <button type="button" className="hamburger" aria-label={opened ? '收起侧边栏' : '展开侧边栏'} onClick={toggle}>
          <Icon />
        </button>
      )}
      {mobile ? (
        <span className="top-bar-title">{brandTitle(school)}</span>
      ) : (
        <>
          <ModeSwitch />
          <HeaderMenu />
        </>
      )}
      <div className="top-bar-right">
        {mobile ? (
          <PhoneActions />
        ) : (
          <>
            <QaSearch />
            <MenuSearch />
            <CounterBadges />
            <FullscreenToggle />
            <SizeSelect />
            <AvatarMenu />
          </>
        )}
      </div>
    </div>
  )
}
