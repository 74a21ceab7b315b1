import { beforeEach, describe, expect, it, vi } from 'vitest'
import { antdSize, themeConfig } from '@/app/theme'

describe('display settings', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.resetModules()
  })

  it('spec defaults', async () => {
    const { useSettingsStore, THEME_PRESETS } = await import('./settings')
    expect(THEME_PRESETS).toHaveLength(8)
    expect(useSettingsStore.getState()).toMatchObject({ tagsView: false, fixedHeader: true, sidebarLogo: true, uniqueOpened: true, theme: THEME_PRESETS[0] })
  })

  it('persists changes across a reload, but not the drawer state', async () => {
    let { useSettingsStore, SETTINGS_STORAGE_KEY } = await import('./settings')
    useSettingsStore.getState().change('tagsView', true)
    useSettingsStore.getState().change('theme', '#13c2c2')
    useSettingsStore.getState().setDrawerOpen(true)
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!).state).toEqual({
      theme: '#13c2c2',
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: true,
      uniqueOpened: true,
    })
    vi.resetModules()
    ;({ useSettingsStore } = await import('./settings'))
    expect(useSettingsStore.getState()).toMatchObject({ tagsView: true, theme: '#13c2c2', drawerOpen: false })
  })

  it('theme colour goes through the antd token; sizes map to antd sizes', () => {
    expect(themeConfig('#13c2c2', 'small').token?.colorPrimary).toBe('#13c2c2')
    expect(antdSize('default')).toBe('large')
    expect(antdSize('medium')).toBe('medium')
    expect(antdSize('small')).toBe('small')
    expect(antdSize('mini')).toBe('small')
    expect(Array.isArray(themeConfig('#000', 'mini').algorithm)).toBe(true)
  })
})
