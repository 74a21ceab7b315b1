import { Activity, Suspense } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import MissingPage from '@/components/MissingPage'
import NoAnchorNotice, { useNoAnchorReset } from '@/components/NoAnchorNotice'
import PageLoading from '@/components/PageLoading'
import { usePermissionStore } from '@/stores/permission'
import { useSettingsStore } from '@/stores/settings'
import { useTagsStore } from '@/stores/tags'
import { REDIRECT_PREFIX } from '../router/guard'
import { matchRoute } from '../router/match'
import type { AppRoute } from '../router/menus'
import { lazyPage } from '../router/pages'
import RedirectPage from '../router/RedirectPage'

/** Panes to render: cached tabs (kept alive, hidden) plus the active one, in a stable order. */
export function panesFor(cached: string[], active: string | null, keepAlive: boolean): string[] {
  const kept = keepAlive ? cached : []
  return active === null || kept.includes(active) ? kept : [...kept, active]
}

function Pane({ fullPath, route }: { fullPath: string; route: AppRoute }) {
  const Page = lazyPage(route.component)
  const [pathname, search = ''] = fullPath.split(/(?=\?)/)
  // Each pane sees its own location, so a hidden page does not react to another tab's URL.
  return (
    <Routes location={{ pathname, search }}>
      <Route path="*" element={<Suspense fallback={<PageLoading />}>{Page ? <Page /> : <MissingPage name={route.component} />}</Suspense>} />
    </Routes>
  )
}

/** Main content with keep-alive for cached tabs (those without noCache, while tags are shown). */
export default function AppMain() {
  const { pathname, search } = useLocation()
  const routes = usePermissionStore((s) => s.routes)
  const cached = useTagsStore((s) => s.cachedViews)
  const visited = useTagsStore((s) => s.visitedViews)
  const tagsView = useSettingsStore((s) => s.tagsView)
  useNoAnchorReset(pathname)

  // While passing through /redirect the cached panes stay mounted (hidden); only the target remounts.
  const redirecting = pathname.startsWith(REDIRECT_PREFIX)
  const active = redirecting ? undefined : matchRoute(routes, pathname)
  // Unknown path → '/', which lands on the first menu.
  if (!redirecting && !active) return <Navigate to="/" replace />

  return (
    <div className="app-main">
      {redirecting && <RedirectPage />}
      {panesFor(cached, redirecting ? null : pathname, tagsView).map((p) => {
        const isActive = p === pathname
        const route = isActive ? active : matchRoute(routes, p)
        const fullPath = isActive ? pathname + search : (visited.find((v) => v.path === p)?.fullPath ?? p)
        if (!route) return null
        return (
          <Activity key={p} mode={isActive ? 'visible' : 'hidden'}>
            <NoAnchorNotice path={p}>
              <Pane fullPath={fullPath} route={route} />
            </NoAnchorNotice>
          </Activity>
        )
      })}
    </div>
  )
}
