import { describe, expect, it } from 'vitest'
import type { NavItem } from '../router/menus'
import { MAX_TABS, splitTabs } from './MemberTabBar'

const page = (key: string): NavItem => ({ key, title: key, external: false })

describe('the member tab bar', () => {
  it('shows up to five pages as tabs, no 更多 without groups', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map(page)
    expect(splitTabs(five)).toEqual({ tabs: five, more: [] })
  })

  it('keeps four tabs and puts groups and the overflow behind 更多', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map(page)
    const { tabs, more } = splitTabs(six)
    expect(tabs.map((t) => t.key)).toEqual(['a', 'b', 'c', 'd'])
    expect(more).toEqual([{ title: '其他', items: [page('e'), page('f')] }])
    const group: NavItem = { key: 'g', title: '我的档案', external: false, children: [page('x'), page('y')] }
    const grouped = splitTabs([page('a'), group, page('b')])
    expect(grouped.tabs.map((t) => t.key)).toEqual(['a', 'b'])
    expect(grouped.more).toEqual([{ title: '我的档案', items: [page('x'), page('y')] }])
    expect(MAX_TABS).toBe(5)
  })
})
