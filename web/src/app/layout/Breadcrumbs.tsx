import { Breadcrumb } from 'antd'
import { Link, useLocation } from 'react-router'
import { usePermissionStore } from '@/stores/permission'
import { HOME_PATH } from '../router/guard'
import { matchRoute } from '../router/match'

/** 首页 first, then the route's title trail. */
export function breadcrumbTrail(trail: string[]): string[] {
  return trail[0] === '首页' ? trail.slice(1) : trail
}

export default function Breadcrumbs() {
  const { pathname } = useLocation()
  const routes = usePermissionStore((s) => s.routes)
  const route = matchRoute(routes, pathname)
  const rest = route && route.path !== HOME_PATH ? breadcrumbTrail(route.meta.trail) : []
  const items = [{ title: <Link to={HOME_PATH}>首页</Link> }, ...rest.map((t) => ({ title: t }))]
  return <Breadcrumb className="app-breadcrumb" items={items} />
}
