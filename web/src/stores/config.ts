import { create } from 'zustand'
import { currentSchool, publicConfig, type School } from '@/api/system'

interface ConfigState {
  /** Public system config as a key → value map. */
  config: Record<string, string>
  school: School | null
  loaded: boolean
  load: () => Promise<void>
}

export const useConfigStore = create<ConfigState>((set) => ({
  config: {},
  school: null,
  loaded: false,
  load: async () => {
    // Either call may fail (server starting, school not set up); the shell still renders.
    const [entries, school] = await Promise.all([publicConfig().catch(() => []), currentSchool().catch(() => null)])
    set({ config: Object.fromEntries(entries.map((e) => [e.configKey, e.configValue])), school, loaded: true })
  },
}))

export const isTrue = (v: string | undefined) => v === 'true' || v === '1'
