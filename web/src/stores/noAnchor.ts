import { create } from 'zustand'

interface NoAnchorState {
  /** The page (pathname) whose data the server refused with NO_ANCHOR, and its message. */
  path: string | null
  message: string
  report: (path: string, message: string) => void
  /** Forgets the refusal (another page is open: it may not be scoped at all). */
  clear: () => void
}

/**
 * A scoped endpoint answered 403 NO_ANCHOR: the account's role reaches party organisations from its own,
 * and it belongs to none. The shell shows the message in place of that page instead of empty tables.
 */
export const useNoAnchorStore = create<NoAnchorState>((set) => ({
  path: null,
  message: '',
  report: (path, message) => set({ path, message }),
  clear: () => set({ path: null, message: '' }),
}))
