import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/stores/session'
import { makeUser } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import AvatarMenu, { avatarItems } from './AvatarMenu'

function Where() {
  const { pathname } = useLocation()
  return <output data-testid="where">{pathname}</output>
}

/** Opens the avatar menu of a user whose account a cadre's record names (or not); answers its entries. */
async function openMenu(cadreLinked: boolean) {
  useSessionStore.setState({ user: makeUser({ id: 1, cadreLinked }), roles: ['admin'] })
  renderWithApp(
    <MemoryRouter initialEntries={['/home/home']}>
      <AvatarMenu />
      <Where />
    </MemoryRouter>,
  )
  fireEvent.click(screen.getByRole('button', { name: '用户菜单' }))
  return within(await screen.findByRole('menu')).getAllByRole('menuitem').map((e) => e.textContent ?? '')
}

const labels = (items: ReturnType<typeof avatarItems>) => items.map((i) => ('label' in i ? i.label : '—'))

describe('the avatar menu', { timeout: 20_000 }, () => {
  it('offers 我的干部信息 to an account linked to a cadre, and it opens the page', async () => {
    expect(await openMenu(true)).toEqual(['布局设置', '个人中心', '我的干部信息', '退出登录'])
    fireEvent.click(screen.getByRole('menuitem', { name: '我的干部信息' }))
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/gb/my'))
  })

  it('not to an account no cadre record names', async () => {
    expect(await openMenu(false)).toEqual(['布局设置', '个人中心', '退出登录'])
  })

  it('on a phone: the same entry, without the layout settings', () => {
    expect(labels(avatarItems({ cadreLinked: true }, true))).toEqual(['个人中心', '我的干部信息', '—', '退出登录'])
    expect(labels(avatarItems({ cadreLinked: false }, true))).toEqual(['个人中心', '—', '退出登录'])
    expect(labels(avatarItems(null))).toEqual(['布局设置', '个人中心', '—', '退出登录'])
  })
})
