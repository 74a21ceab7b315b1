import { Badge } from 'antd'
import { Link, useLocation } from 'react-router'
import MenuIcon from '@/components/MenuIcon'
import { useCountersStore } from '@/stores/counters'
import { useModes } from './useModes'

/** Where the 消息 tab leads: messages and to-dos are one page. */
const MESSAGES = '/message/msginfo'

/**
 * The member's navigation on a phone: their own pages as a tab bar at the bottom of the screen, as
 * phone apps have it, in place of the drawer (a member has no menus to put there). 消息 carries the
 * count of what waits.
 */
export default function MemberTabBar() {
  const { pathname } = useLocation()
  const { current } = useModes()
  const waiting = useCountersStore((s) => s.todo + s.remind)
  const entries = current?.entries ?? []
  if (entries.length === 0) return null
  return (
    <nav className="member-tab-bar" aria-label="党员导航">
      {entries.map((e) => {
        const active = e.key === pathname
        return (
          <Link key={e.key} to={e.key} className={active ? 'member-tab active' : 'member-tab'} aria-current={active ? 'page' : undefined}>
            <Badge count={e.key === MESSAGES ? waiting : 0} overflowCount={99} size="small">
              <MenuIcon name={e.icon} />
            </Badge>
            <span className="member-tab-label">{e.title}</span>
          </Link>
        )
      })}
    </nav>
  )
}
