import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { getInfo } from '@/api/auth'
import { myMenuTree } from '@/api/menu'
import { isPasswordChangeRequired } from '@/api/request'
import PageLoading from '@/components/PageLoading'
import { isTrue, useConfigStore } from '@/stores/config'
import { usePermissionStore } from '@/stores/permission'
import { useSessionStore } from '@/stores/session'
import { navigateTo } from '../bridge'
import RedirectPage from './RedirectPage'
import { decide, isDeadStyled, landingPath, LEARNER_HOME_PAGE, MEMBER_HOME_PAGE, PUBLIC_PAGES, publicPrefixPage, REDIRECT_PREFIX } from './guard'
import { matchRoute } from './match'
import { hasPage, lazyPage, preloadPage } from './pages'
import { printComponent } from './print'

/** The signed-in shell (layout, data cache) is its own chunk, so the login route does not download it. */
const loadShell = () => import('../layout/SignedInShell')
const SignedInShell = lazy(loadShell)
/** Rare (a menu naming a page that does not exist): not worth a place in the entry chunk. */
const MissingPage = lazy(() => import('@/components/MissingPage'))

/**
 * Loads user info and menus once signed in; a failure ends the local session (unless it only says the password
 * must be changed first). The two requests and the shell's chunk travel side by side: none needs another's answer,
 * and a full page load waited for each in turn (docs/performance.md, 首屏加载). Once the menus are known, the
 * chunk of the page at pathname starts downloading too.
 */
function useSessionLoader(active: boolean, pathname: string) {
  const path = useRef(pathname)
  path.current = pathname
  useEffect(() => {
    if (!active) return
    let cancelled = false
    const session = useSessionStore.getState()
    const perms = usePermissionStore.getState()
    void loadShell().catch(() => undefined) // the Suspense below reports a chunk that fails to load
    const work = async () => {
      const [info, menus] = await Promise.allSettled([
        session.user ? Promise.resolve(null) : getInfo(),
        session.loadMenus || !perms.loaded ? myMenuTree() : Promise.resolve(null),
      ])
      if (cancelled) return
      if (info.status === 'rejected') throw info.reason
      if (info.value) useSessionStore.getState().setUser(info.value)
      if (menus.status === 'rejected') throw menus.reason
      if (menus.value) usePermissionStore.getState().setMenus(menus.value)
      const page = matchRoute(usePermissionStore.getState().routes, path.current)
      if (page) preloadPage(page.component)
      useSessionStore.getState().menusLoaded()
    }
    work().catch((error: unknown) => {
      if (cancelled) return
      if (isPasswordChangeRequired(error)) {
        // Menus are refused until the password is changed: enter the layout with none, where the
        // forced dialog opens; after the change the user signs in again and gets them.
        usePermissionStore.getState().setMenus([])
        useSessionStore.getState().menusLoaded()
        return
      }
      useSessionStore.getState().clear()
      navigateTo('/login', true)
    })
    return () => {
      cancelled = true
    }
  }, [active])
}

/** A page outside the main layout: a public page, or a signed-in user's print view. */
function StandalonePage({ name, dead = false }: { name: string; dead?: boolean }) {
  const Page = lazyPage(name)
  return (
    <div className={dead ? 'is-dead' : undefined} style={{ minHeight: '100vh' }}>
      <Suspense fallback={<PageLoading />}>{Page ? <Page /> : <MissingPage name={name} />}</Suspense>
    </div>
  )
}

function PublicPage({ name, pathname }: { name: string; pathname: string }) {
  const dead = isTrue(useConfigStore((s) => s.config.isDead)) && isDeadStyled(pathname)
  return <StandalonePage name={name} dead={dead} />
}

/** The single top-level route: runs the guard, then renders a public page or the main layout. */
export default function Gate(): ReactNode {
  const { pathname, search } = useLocation()
  const signedIn = useSessionStore((s) => s.signedIn)
  const user = useSessionStore((s) => s.user)
  const loadMenus = useSessionStore((s) => s.loadMenus)
  const menusLoaded = usePermissionStore((s) => s.loaded)
  const roles = useSessionStore((s) => s.roles)
  const configLoaded = useConfigStore((s) => s.loaded)
  const newLogin = isTrue(useConfigStore((s) => s.config.newLogin))

  const ready = !!user && menusLoaded && !loadMenus
  const decision = decide({ pathname, search, signedIn, ready, newLogin, landing: landingPath(roles, hasPage(MEMBER_HOME_PAGE), hasPage(LEARNER_HOME_PAGE)) })
  useSessionLoader(decision.kind === 'load', pathname)

  // The new-login setting decides where a visitor goes, so wait for the public config.
  if (!configLoaded) return <PageLoading />
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />
  if (decision.kind === 'load') return <PageLoading tip="正在加载用户信息…" />

  const standalone = PUBLIC_PAGES[pathname] ?? publicPrefixPage(pathname)
  if (standalone) return <PublicPage name={standalone} pathname={pathname} />
  // A print view stands alone: only the document, which the browser prints.
  const print = printComponent(pathname)
  if (print) return <StandalonePage name={print} />
  // Signed in, /redirect/* stays inside the layout so cached tabs survive a refresh.
  if (!signedIn && pathname.startsWith(REDIRECT_PREFIX)) return <RedirectPage />
  return (
    <Suspense fallback={<PageLoading />}>
      <SignedInShell />
    </Suspense>
  )
}
