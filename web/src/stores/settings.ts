import { create } from 'zustand'
import { persist } from 'zustand/middleware'

/** Eight preset theme colours; the first (party red) is the default. */
export const THEME_PRESETS = ['#f33333', '#1890ff', '#409eff', '#304156', '#11a983', '#13c2c2', '#6959cd', '#fa8c16'] as const
export const DEFAULT_THEME = THEME_PRESETS[0]

export interface DisplaySettings {
  theme: string
  tagsView: boolean
  fixedHeader: boolean
  sidebarLogo: boolean
  uniqueOpened: boolean
}

export const DEFAULT_SETTINGS: DisplaySettings = {
  theme: DEFAULT_THEME,
  tagsView: false,
  fixedHeader: true,
  sidebarLogo: true,
  uniqueOpened: true,
}

interface SettingsState extends DisplaySettings {
  drawerOpen: boolean
  change: <K extends keyof DisplaySettings>(key: K, value: DisplaySettings[K]) => void
  setDrawerOpen: (open: boolean) => void
  reset: () => void
}

export const SETTINGS_STORAGE_KEY = 'zhdj-settings'

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      drawerOpen: false,
      change: (key, value) => set({ [key]: value } as Partial<DisplaySettings>),
      setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
      reset: () => set({ ...DEFAULT_SETTINGS }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      // Only the display settings survive a reload; the drawer always starts closed.
      partialize: ({ theme, tagsView, fixedHeader, sidebarLogo, uniqueOpened }) => ({ theme, tagsView, fixedHeader, sidebarLogo, uniqueOpened }),
    },
  ),
)
