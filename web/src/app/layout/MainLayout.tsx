import { Drawer, Layout } from 'antd'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useAppStore, MOBILE_WIDTH } from '@/stores/app'
import { startCountUpdates } from '@/stores/countStream'
import { useCountersStore } from '@/stores/counters'
import { usePermissionStore } from '@/stores/permission'
import { useSettingsStore } from '@/stores/settings'
import { useTagsStore } from '@/stores/tags'
import { pageTitle } from '@/utils/title'
import ForcedPasswordCheck from '@/components/password/ForcedPasswordCheck'
import { useSiteTitle } from '../useDocumentTitle'
import { useModeStore } from '@/stores/mode'
import { useSessionStore } from '@/stores/session'
import { matchRoute } from '../router/match'
import { topFor } from '../router/menus'
import { modeOfPath } from '../router/modes'
import { LAYOUT_ROUTES } from '../router/staticRoutes'
import AppFooter from './AppFooter'
import AppMain from './AppMain'
import Breadcrumbs from './Breadcrumbs'
import SettingsDrawer from './SettingsDrawer'
import Sidebar, { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './Sidebar'
import MemberTabBar from './MemberTabBar'
import TagsView from './TagsView'
import TopBar from './topbar/TopBar'
import { useBarePage } from './useBarePage'
import { useModes } from './useModes'

/** Pages every user has (首页, 个人中心, 消息): opening one keeps the mode shown. */
const SHARED_PAGES: ReadonlySet<string> = new Set(LAYOUT_ROUTES.map((r) => r.path))

/** Tracks the viewport: below 992 px the sidebar becomes a drawer. */
function useResponsive() {
  const setDevice = useAppStore((s) => s.setDevice)
  useEffect(() => {
    const update = () => {
      // The layout viewport (clientWidth), not innerWidth: on a phone the first
      // render is the desktop layout, whose header can be wider than the screen,
      // and the browser then zooms out, so innerWidth reports the content's width
      // (1066 px with every first-level menu) and the phone stayed "desktop".
      // jsdom has no layout (clientWidth 0): innerWidth there.
      const mobile = (document.documentElement.clientWidth || window.innerWidth) < MOBILE_WIDTH
      setDevice(mobile ? 'mobile' : 'desktop')
      if (mobile) useAppStore.getState().closeSidebar(true)
    }
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [setDevice])
}

/** On every navigation: visited tab, active first-level menu and its mode, page title, mobile drawer. */
function useRouteEffects() {
  const { pathname, search } = useLocation()
  const routes = usePermissionStore((s) => s.routes)
  const model = usePermissionStore((s) => s.model)
  const { modes } = useModes()
  const userId = useSessionStore((s) => s.user?.id)
  const site = useSiteTitle()
  useEffect(() => {
    const route = matchRoute(routes, pathname)
    if (!route) return
    const { addView } = useTagsStore.getState()
    // Affix tabs (home) are always present.
    routes.filter((r) => r.meta.affix).forEach((r) => addView({ path: r.path, fullPath: r.path, title: r.meta.title, affix: true }, r.meta.noCache))
    addView({ path: pathname, fullPath: pathname + search, title: route.meta.title, affix: route.meta.affix }, route.meta.noCache)
    const top = route.top || topFor(pathname, model)
    if (top) usePermissionStore.getState().setActiveTop(top)
    // A page of another mode (opened from the search, a link, a to-do) shows its mode.
    const mode = modeOfPath(pathname, model, modes, SHARED_PAGES)
    if (mode && userId !== undefined) useModeStore.getState().remember(userId, mode)
    document.title = pageTitle(route.meta.title, site)
    if (useAppStore.getState().device === 'mobile') useAppStore.getState().closeSidebar(true)
  }, [pathname, search, routes, model, modes, userId, site])
}

export default function MainLayout() {
  useResponsive()
  useRouteEffects()
  const bare = useBarePage()
  const device = useAppStore((s) => s.device)
  const opened = useAppStore((s) => s.sidebarOpened)
  const tagsView = useSettingsStore((s) => s.tagsView)
  const fixedHeader = useSettingsStore((s) => s.fixedHeader)
  const { memberMode } = useModes()

  useEffect(() => {
    void useCountersStore.getState().refreshAll()
    // Pushed by the server while its stream serves; polled otherwise.
    return startCountUpdates()
  }, [])

  const mobile = device === 'mobile'
  const tabBar = mobile && memberMode
  const sideWidth = mobile ? 0 : opened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH
  return (
    <Layout className={tabBar ? 'main-layout with-tab-bar' : 'main-layout'} style={{ minHeight: '100vh' }}>
      {mobile ? (
        <Drawer
          placement="left"
          open={opened}
          size={SIDEBAR_WIDTH}
          closable={false}
          onClose={() => useAppStore.getState().closeSidebar(false)}
          styles={{ body: { padding: 0 } }}
        >
          <Sidebar collapsed={false} all />
        </Drawer>
      ) : (
        <Layout.Sider className="app-sider" width={SIDEBAR_WIDTH} collapsedWidth={SIDEBAR_COLLAPSED_WIDTH} collapsed={!opened} trigger={null} theme="light">
          <Sidebar collapsed={!opened} />
        </Layout.Sider>
      )}
      <Layout style={{ marginLeft: sideWidth, transition: 'margin-left .2s' }}>
        {!bare && (
          <div className={fixedHeader ? 'app-header fixed' : 'app-header'}>
            <TopBar />
            <div className="app-subbar">
              <Breadcrumbs />
            </div>
            {tagsView && <TagsView />}
          </div>
        )}
        <Layout.Content className="app-content">
          <AppMain />
        </Layout.Content>
        <AppFooter />
      </Layout>
      {tabBar && <MemberTabBar />}
      <SettingsDrawer />
      <ForcedPasswordCheck />
    </Layout>
  )
}
