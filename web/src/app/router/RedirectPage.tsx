import { Navigate, useLocation } from 'react-router'
import { REDIRECT_PREFIX } from './guard'

/** /redirect/<path> → /<path>: re-enters a page so it mounts afresh (tab refresh, size change). */
export function redirectTarget(pathname: string, search: string): string {
  return `/${pathname.slice(REDIRECT_PREFIX.length)}${search}`
}

export default function RedirectPage() {
  const { pathname, search } = useLocation()
  return <Navigate to={redirectTarget(pathname, search)} replace />
}
