import { useLocation } from 'react-router'
import { usePermissionStore } from '@/stores/permission'
import { matchRoute } from '../router/match'

/** Whether the page open is a menu page with an external path (a cockpit): it takes the whole height, without the header. */
export function useBarePage(): boolean {
  const { pathname } = useLocation()
  const routes = usePermissionStore((s) => s.routes)
  return !!matchRoute(routes, pathname)?.meta.extpath
}
