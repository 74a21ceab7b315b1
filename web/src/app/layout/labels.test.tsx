import { fireEvent, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useAppStore } from '@/stores/app'
import { useSettingsStore } from '@/stores/settings'
import { renderWithApp } from '@/test/render'
import SettingsDrawer from './SettingsDrawer'
import SizeSelect from './topbar/SizeSelect'

// The layout controls speak Chinese like the rest of the interface.
describe('layout labels', { timeout: 20_000 }, () => {
  it('the size menu offers 默认, 中等, 小 and 迷你, the current one disabled', async () => {
    useAppStore.setState({ size: 'small' })
    renderWithApp(
      <MemoryRouter>
        <SizeSelect />
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByLabelText('布局大小'))
    const items = await screen.findAllByRole('menuitem')
    expect(items.map((i) => i.textContent)).toEqual(['默认', '中等', '小', '迷你'])
    expect(items[2].getAttribute('aria-disabled')).toBe('true')
    expect(document.body.textContent).not.toMatch(/Default|Medium|Small|Mini/)
  })

  it('the settings drawer names its switches in Chinese', () => {
    useSettingsStore.setState({ drawerOpen: true })
    renderWithApp(<SettingsDrawer />)
    for (const name of ['标签栏', '固定头部', '侧边栏标志', '菜单只展开一项']) expect(screen.getByRole('switch', { name })).toBeTruthy()
    expect(document.body.textContent).not.toMatch(/Tags-View|Header/)
  })
})
