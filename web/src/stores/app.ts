import Cookies from 'js-cookie'
import { create } from 'zustand'

/** Element-style size names kept in cookie `size` (spec §4). */
export type LayoutSize = 'default' | 'medium' | 'small' | 'mini'
export const LAYOUT_SIZES: { value: LayoutSize; label: string }[] = [
  { value: 'default', label: '默认' },
  { value: 'medium', label: '中等' },
  { value: 'small', label: '小' },
  { value: 'mini', label: '迷你' },
]
export type Device = 'desktop' | 'mobile'
export const MOBILE_WIDTH = 992

const SIDEBAR_COOKIE = 'sidebarStatus'
const SIZE_COOKIE = 'size'

function readSize(): LayoutSize {
  const v = Cookies.get(SIZE_COOKIE)
  return LAYOUT_SIZES.some((s) => s.value === v) ? (v as LayoutSize) : 'small'
}

interface AppState {
  sidebarOpened: boolean
  withoutAnimation: boolean
  device: Device
  size: LayoutSize
  toggleSidebar: () => void
  closeSidebar: (withoutAnimation: boolean) => void
  setDevice: (device: Device) => void
  setSize: (size: LayoutSize) => void
}

export const useAppStore = create<AppState>((set, get) => ({
  // Default open: only an explicit '0' closes it.
  sidebarOpened: Cookies.get(SIDEBAR_COOKIE) !== '0',
  withoutAnimation: false,
  device: 'desktop',
  size: readSize(),
  toggleSidebar: () => {
    const opened = !get().sidebarOpened
    Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0')
    set({ sidebarOpened: opened, withoutAnimation: false })
  },
  closeSidebar: (withoutAnimation) => {
    Cookies.set(SIDEBAR_COOKIE, '0')
    set({ sidebarOpened: false, withoutAnimation })
  },
  setDevice: (device) => set({ device }),
  setSize: (size) => {
    Cookies.set(SIZE_COOKIE, size)
    set({ size })
  },
}))
