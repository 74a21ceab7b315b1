import { create } from 'zustand'
import { persist } from 'zustand/middleware'

export const MODE_STORAGE_KEY = 'zhdj-mode'

interface ModeState {
  /** The mode of the top bar each user of this browser saw last, by user id. */
  byUser: Record<string, string>
  remember: (userId: number, mode: string) => void
}

/** The current mode of the top bar, remembered per user in the browser (app/router/modes.ts). */
export const useModeStore = create<ModeState>()(
  persist(
    (set, get) => ({
      byUser: {},
      remember: (userId, mode) => {
        if (get().byUser[userId] !== mode) set({ byUser: { ...get().byUser, [userId]: mode } })
      },
    }),
    { name: MODE_STORAGE_KEY },
  ),
)
