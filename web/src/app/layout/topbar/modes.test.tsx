import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import type { MenuNode } from '@/api/types'
import { useAppStore } from '@/stores/app'
import { useModeStore } from '@/stores/mode'
import { usePermissionStore } from '@/stores/permission'
import { useSessionStore } from '@/stores/session'
import { makeUser, menuDir } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import MemberTabBar from '../MemberTabBar'
import HeaderMenu from './HeaderMenu'
import ModeSwitch from './ModeSwitch'
import PhoneActions from './PhoneActions'

const ADMIN_TREE = [
  menuDir('/party', '党建信息库', 'party', '党建', 'dyjbxx', '党员信息'),
  menuDir('/zzgx', '组织关系转接', 'party', '党建', 'out', '组织关系转出'),
  menuDir('/system', '系统管理', 'system', '系统', 'user', '用户管理'),
  menuDir('/monitor', '系统监控', 'system', '系统', 'log', '操作日志'),
]

/** Signs in a user (id 1) with these permissions and menus; linked to a member or not. */
function as(roles: string[], tree: MenuNode[], linked: boolean) {
  useSessionStore.setState({ user: makeUser({ id: 1, username: 'u', roles, member: linked ? { id: 9, name: '张三' } : null }), roles })
  usePermissionStore.getState().reset()
  usePermissionStore.getState().setMenus(tree)
}

function Where() {
  const { pathname } = useLocation()
  return <output data-testid="where">{pathname}</output>
}

const render = (node: React.ReactNode, path = '/home/home') =>
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      {node}
      <Where />
    </MemoryRouter>,
  )

const headerEntries = (container: HTMLElement) => [...container.querySelectorAll('.header-menu > .ant-menu-item')].map((e) => e.textContent)
const marked = (container: HTMLElement) => [...container.querySelectorAll('.header-menu .ant-menu-item-selected')].map((e) => e.textContent)

describe('the mode switch and the top bar', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useModeStore.setState({ byUser: {} })
    useAppStore.setState({ device: 'desktop' })
  })

  it('shows the current mode\'s entries only, the page\'s own entry marked', () => {
    as(['admin'], ADMIN_TREE, false)
    let { container, unmount } = render(<HeaderMenu />, '/zzgx/out')
    expect(headerEntries(container)).toEqual(['党建信息库', '组织关系转接'])
    expect(marked(container)).toEqual(['组织关系转接'])
    // No "···" overflow entry: the marked entry is the real one.
    expect(container.querySelector('.ant-menu-overflow-item-rest:not([aria-hidden])')).toBeNull()
    unmount()
    useModeStore.getState().remember(1, 'system')
    ;({ container, unmount } = render(<HeaderMenu />, '/monitor/log'))
    expect(headerEntries(container)).toEqual(['系统管理', '系统监控'])
    expect(marked(container)).toEqual(['系统监控'])
    unmount()
  })

  it('switches mode: remembered per user, and the mode\'s first page opens', async () => {
    as(['admin'], ADMIN_TREE, false)
    render(
      <>
        <ModeSwitch />
        <HeaderMenu />
      </>,
    )
    fireEvent.click(screen.getByRole('button', { name: '切换模式' }))
    // Not linked to a member: 党建 and 系统 only.
    const menu = await waitFor(() => document.querySelector<HTMLElement>('.mode-switch-menu [role=menu]')!)
    expect(within(menu).getAllByRole('menuitem').map((e) => e.textContent)).toEqual(['党建', '系统'])
    fireEvent.click(within(menu).getByText('系统'))
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/system/user'))
    expect(useModeStore.getState().byUser[1]).toBe('system')
    expect(screen.getByRole('button', { name: '切换模式' }).textContent).toContain('系统')
  })

  it('no switch for one mode or without workbench:group', () => {
    // A member: the 党员 mode alone, its entries in the top bar.
    as(['dy:home', 'workbench:group'], [], true)
    const { container, unmount } = render(
      <>
        <ModeSwitch />
        <HeaderMenu />
      </>,
      '/list-home/dyHome',
    )
    expect(screen.queryByRole('button', { name: '切换模式' })).toBeNull()
    // Only the entries whose route exists in this build (我的首页 and 消息 at least).
    expect(headerEntries(container)).toEqual(expect.arrayContaining(['我的首页', '消息']))
    expect(marked(container)).toEqual(['我的首页'])
    unmount()
    // A page inside a group: the group's entry (a sub-menu) is marked.
    const grouped = render(<HeaderMenu />, '/list-home/myDevelopment')
    const group = grouped.container.querySelector('.header-menu > .ant-menu-submenu')
    expect(group?.textContent).toBe('我的档案')
    expect(group?.classList.contains('ant-menu-submenu-selected')).toBe(true)
    grouped.unmount()
    // Two modes (a secretary linked to a member) but no workbench:group: no switch.
    as(['dy:home'], ADMIN_TREE.slice(0, 2), true)
    render(<ModeSwitch />)
    expect(screen.queryByRole('button', { name: '切换模式' })).toBeNull()
  })
})

describe('on a phone', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useModeStore.setState({ byUser: {} })
    useAppStore.setState({ device: 'mobile' })
  })

  const overflow = async () => {
    fireEvent.click(screen.getByRole('button', { name: '更多操作' }))
    return within(await screen.findByRole('menu')).getAllByRole('menuitem').map((e) => e.textContent ?? '')
  }

  it('a member\'s ⋮ menu offers only what works on a phone, and no menu search without menus', async () => {
    as(['dy:home', 'workbench:group'], [], true)
    render(<PhoneActions />)
    const entries = await overflow()
    for (const desktop of ['布局大小', '全屏', '布局设置', '菜单搜索', '默认', '迷你']) {
      expect(entries.some((e) => e.includes(desktop)), desktop).toBe(false)
    }
    for (const kept of ['待办', '消息', '预警', '个人中心', '退出登录']) expect(entries.some((e) => e.includes(kept)), kept).toBe(true)
  })

  it('an administrator\'s ⋮ menu keeps the search and switches mode', async () => {
    as(['admin'], ADMIN_TREE, true)
    render(<PhoneActions />)
    const entries = await overflow()
    expect(entries).toContain('菜单搜索')
    expect(entries.some((e) => e.includes('布局设置'))).toBe(false)
    fireEvent.click(screen.getByRole('menuitem', { name: /系统/ }))
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/system/user'))
    expect(useModeStore.getState().byUser[1]).toBe('system')
  })

  it('the member\'s tab bar: their pages, the one shown marked, each a link to its page', () => {
    as(['dy:home', 'workbench:group'], [], true)
    render(<MemberTabBar />, '/message/msginfo')
    const bar = screen.getByRole('navigation', { name: '党员导航' })
    const tabs = within(bar).getAllByRole('link')
    expect(tabs.map((t) => t.textContent)).toEqual(expect.arrayContaining(['我的首页', '消息']))
    expect(within(bar).getByRole('link', { current: 'page' }).textContent).toBe('消息')
    fireEvent.click(within(bar).getByText('我的首页'))
    expect(screen.getByTestId('where').textContent).toBe('/list-home/dyHome')
  })

  it('the grouped pages open from 更多, which is marked while one of them is shown', async () => {
    as(['dy:home', 'workbench:group'], [], true)
    render(<MemberTabBar />, '/list-home/myTransfers')
    const bar = screen.getByRole('navigation', { name: '党员导航' })
    // No tab for a grouped page; 更多 stands for them and is marked.
    expect(within(bar).queryByRole('link', { name: /我的组织关系/ })).toBeNull()
    const more = within(bar).getByRole('button', { name: /更多/ })
    expect(more.className).toContain('active')
    fireEvent.click(more)
    const sheet = await screen.findByRole('region', { name: '我的档案' })
    expect(within(sheet).getByRole('link', { current: 'page' }).textContent).toBe('我的组织关系')
    fireEvent.click(within(sheet).getByText('我的发展'))
    expect(screen.getByTestId('where').textContent).toBe('/list-home/myDevelopment')
  })
})
