import { AppstoreOutlined } from '@ant-design/icons'
import { Badge, Drawer } from 'antd'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import MenuIcon from '@/components/MenuIcon'
import { useCountersStore } from '@/stores/counters'
import { leafEntries } from '../router/memberNav'
import type { NavItem } from '../router/menus'
import { useModes } from './useModes'

/** Where the 消息 tab leads: messages and to-dos are one page. */
const MESSAGES = '/message/msginfo'
/** Tabs a 390 px phone shows with readable labels (five of about 78 px). */
export const MAX_TABS = 5

/** The tabs and what 更多 holds: the member's ungrouped pages as tabs, the groups (and any overflow) behind 更多. */
export function splitTabs(entries: readonly NavItem[]): { tabs: NavItem[]; more: { title: string; items: NavItem[] }[] } {
  const single = entries.filter((e) => !e.children?.length)
  const groups = entries.filter((e) => e.children?.length)
  if (groups.length === 0 && single.length <= MAX_TABS) return { tabs: single, more: [] }
  const tabs = single.slice(0, MAX_TABS - 1)
  const overflow = single.slice(MAX_TABS - 1)
  const more = groups.map((g) => ({ title: g.title, items: g.children ?? [] }))
  if (overflow.length) more.push({ title: '其他', items: overflow })
  return { tabs, more }
}

/**
 * The member's navigation on a phone: their own pages as a tab bar at the bottom of the screen, as
 * phone apps have it, in place of the drawer (a member has no menus to put there). 消息 carries the
 * count of what waits. The grouped pages open from 更多, a sheet from the bottom.
 */
export default function MemberTabBar() {
  const { pathname } = useLocation()
  const { current } = useModes()
  const waiting = useCountersStore((s) => s.todo + s.remind)
  const [sheet, setSheet] = useState(false)
  const entries = current?.entries ?? []
  if (entries.length === 0) return null
  const { tabs, more } = splitTabs(entries)
  const inMore = more.some((g) => leafEntries(g.items).some((e) => e.key === pathname))
  return (
    <nav className="member-tab-bar" aria-label="党员导航">
      {tabs.map((e) => {
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
      {more.length > 0 && (
        <button type="button" className={inMore ? 'member-tab active' : 'member-tab'} aria-expanded={sheet} onClick={() => setSheet(true)}>
          <AppstoreOutlined />
          <span className="member-tab-label">更多</span>
        </button>
      )}
      <Drawer title="更多" placement="bottom" size="auto" open={sheet} onClose={() => setSheet(false)} className="member-more-sheet">
        {more.map((g) => (
          <section key={g.title} className="member-more-group" aria-label={g.title}>
            <h4>{g.title}</h4>
            <div className="member-more-items">
              {leafEntries(g.items).map((e) => (
                <Link key={e.key} to={e.key} className={e.key === pathname ? 'member-more-item active' : 'member-more-item'}
                  aria-current={e.key === pathname ? 'page' : undefined} onClick={() => setSheet(false)}>
                  <MenuIcon name={e.icon} />
                  <span>{e.title}</span>
                </Link>
              ))}
            </div>
          </section>
        ))}
      </Drawer>
    </nav>
  )
}
