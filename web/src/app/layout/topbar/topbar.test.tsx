import { fireEvent, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useConfigStore } from '@/stores/config'
import { renderWithApp } from '@/test/render'
import { usePermissionStore } from '@/stores/permission'
import { afterLogoutUrl } from './AvatarMenu'
import FullscreenToggle, { FULLSCREEN_UNSUPPORTED } from './FullscreenToggle'
import HeaderMenu from './HeaderMenu'
import QaSearch, { qaUrl } from './QaSearch'

describe('top bar pieces', () => {
  afterEach(() => vi.restoreAllMocks())

  it('Q&A url carries the URL-encoded question as key', () => {
    expect(qaUrl('https://qa.example.cn/search', '如何 交党费?')).toBe('https://qa.example.cn/search?key=%E5%A6%82%E4%BD%95%20%E4%BA%A4%E5%85%9A%E8%B4%B9%3F')
    expect(qaUrl('https://qa.example.cn/s?from=zhdj', 'a&b')).toBe('https://qa.example.cn/s?from=zhdj&key=a%26b')
  })

  it('Q&A box: hidden without a configured URL; Enter opens a new tab', () => {
    useConfigStore.setState({ config: {}, loaded: true })
    const { unmount } = renderWithApp(<QaSearch />)
    expect(screen.queryByLabelText('党务问答')).toBeNull()
    unmount()
    useConfigStore.setState({ config: { qaSearchUrl: 'https://qa.example.cn/s' }, loaded: true })
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    renderWithApp(<QaSearch />)
    fireEvent.click(screen.getByLabelText('党务问答'))
    const input = screen.getByPlaceholderText('请输入党务相关问题，按回车搜索')
    fireEvent.change(input, { target: { value: '党费' } })
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 })
    expect(open).toHaveBeenCalledWith('https://qa.example.cn/s?key=%E5%85%9A%E8%B4%B9', '_blank', 'noopener')
  })

  it('full screen: a warning when the browser cannot', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { value: false, configurable: true })
    renderWithApp(
      <MemoryRouter>
        <FullscreenToggle />
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByLabelText('全屏'))
    expect(await screen.findByText(FULLSCREEN_UNSUPPORTED)).toBeTruthy()
  })

  it('logout goes to the SSO address when configured', () => {
    expect(afterLogoutUrl('', 'http://a/web/')).toBeNull()
    expect(afterLogoutUrl(undefined, 'http://a/web/')).toBeNull()
    expect(afterLogoutUrl('https://sso.example.cn/logout?service={redirect}', 'http://a/web/')).toBe('https://sso.example.cn/logout?service=http%3A%2F%2Fa%2Fweb%2F')
    expect(afterLogoutUrl('https://sso.example.cn/logout', 'http://a/web/')).toBe('https://sso.example.cn/logout')
    // With CAS on and no address of its own, the server's CAS logout; the configured address still wins.
    expect(afterLogoutUrl('', 'http://a/web/', true)).toBe('/auth/cas/logout')
    expect(afterLogoutUrl('https://sso.example.cn/logout', 'http://a/web/', true)).toBe('https://sso.example.cn/logout')
  })

  it('the header marks a section only on its pages (首页 belongs to none)', () => {
    const section = { key: '/system', title: '系统管理', icon: 'system', children: [{ key: '/system/user', title: '用户管理' }] }
    usePermissionStore.setState({ model: { top: [section], side: {}, routes: [] } as never, activeTop: '/system' })
    const selected = (path: string) => {
      const { container, unmount } = renderWithApp(
        <MemoryRouter initialEntries={[path]}>
          <HeaderMenu />
        </MemoryRouter>,
      )
      const marked = [...container.querySelectorAll('.ant-menu-item-selected')].map((e) => e.textContent)
      unmount()
      return marked
    }
    expect(selected('/system/user')).toEqual(['系统管理'])
    expect(selected('/home/home')).toEqual([])
  })
})
