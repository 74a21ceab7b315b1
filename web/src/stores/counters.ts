import { create } from 'zustand'
import { remindPage, todoPage, warningPage } from '@/api/message'
import { startPoll } from '@/utils/poll'

/** Polling schedule of spec §7: first run after `first` ms, then every `every` ms. */
export const POLL = {
  todo: { first: 10_000, every: 30_000 },
  remind: { first: 5_000, every: 30_000 },
  warning: { first: 15_000, every: 240_000 },
} as const

interface CountersState {
  todo: number
  remind: number
  warning: number
  refreshTodo: () => Promise<void>
  refreshRemind: () => Promise<void>
  refreshWarning: () => Promise<void>
  refreshAll: () => Promise<void>
  startPolling: () => void
  stopPolling: () => void
  reset: () => void
}

let stops: (() => void)[] = []

export const useCountersStore = create<CountersState>((set, get) => ({
  todo: 0,
  remind: 0,
  warning: 0,
  // A failed poll keeps the last count; the next tick tries again.
  refreshTodo: () => todoPage({ page: 0, size: 1 }, true).then((p) => set({ todo: p.totalElements }), () => undefined),
  refreshRemind: () => remindPage(true).then((p) => set({ remind: p.totalElements }), () => undefined),
  refreshWarning: () => warningPage({ page: 0, size: 1 }, true).then((p) => set({ warning: p.totalWarningNum }), () => undefined),
  refreshAll: async () => {
    await Promise.all([get().refreshTodo(), get().refreshRemind(), get().refreshWarning()])
  },
  startPolling: () => {
    get().stopPolling()
    stops = [
      startPoll(() => void get().refreshTodo(), POLL.todo.first, POLL.todo.every),
      startPoll(() => void get().refreshRemind(), POLL.remind.first, POLL.remind.every),
      startPoll(() => void get().refreshWarning(), POLL.warning.first, POLL.warning.every),
    ]
  },
  stopPolling: () => {
    stops.forEach((s) => s())
    stops = []
  },
  reset: () => {
    get().stopPolling()
    set({ todo: 0, remind: 0, warning: 0 })
  },
}))
