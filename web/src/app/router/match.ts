import { matchPath } from 'react-router'
import type { AppRoute } from './menus'

/** The layout route for a pathname (routes may carry params such as /pschool/:navigation). */
export function matchRoute(routes: AppRoute[], pathname: string): AppRoute | undefined {
  return routes.find((r) => r.path === pathname) ?? routes.find((r) => r.path.includes(':') && matchPath({ path: r.path, end: true }, pathname))
}
