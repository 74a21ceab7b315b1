import Cookies from 'js-cookie'
import { beforeEach, describe, expect, it, vi } from 'vitest'

describe('app layout store', () => {
  beforeEach(() => {
    Cookies.remove('sidebarStatus')
    Cookies.remove('size')
    vi.resetModules()
  })

  it('defaults: sidebar open, size small, desktop', async () => {
    const { useAppStore } = await import('./app')
    expect(useAppStore.getState()).toMatchObject({ sidebarOpened: true, size: 'small', device: 'desktop' })
  })

  it('reads and writes the sidebarStatus cookie', async () => {
    Cookies.set('sidebarStatus', '0')
    const { useAppStore } = await import('./app')
    expect(useAppStore.getState().sidebarOpened).toBe(false)
    useAppStore.getState().toggleSidebar()
    expect(Cookies.get('sidebarStatus')).toBe('1')
    useAppStore.getState().closeSidebar(true)
    expect(Cookies.get('sidebarStatus')).toBe('0')
    expect(useAppStore.getState().withoutAnimation).toBe(true)
  })

  it('reads and writes the size cookie, ignoring junk', async () => {
    Cookies.set('size', 'mini')
    let { useAppStore } = await import('./app')
    expect(useAppStore.getState().size).toBe('mini')
    useAppStore.getState().setSize('medium')
    expect(Cookies.get('size')).toBe('medium')
    Cookies.set('size', 'huge')
    vi.resetModules()
    ;({ useAppStore } = await import('./app'))
    expect(useAppStore.getState().size).toBe('small')
  })
})
