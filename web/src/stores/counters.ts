import { create } from 'zustand'
import type { Counts } from '@/api/generated/push'
import { orgWarningPage } from '@/api/home'
import { remindPage, warningPage, workSummary } from '@/api/message'
import { PERM } from '@/api/permissions'
import type { OrgWarning } from '@/components/org/org'
import { hasPermission } from '@/utils/permission'
import { startPoll } from '@/utils/poll'
import { useSessionStore } from './session'
import { onSignOut } from './signOut'

/** Polling schedule of spec §7: first run after `first` ms, then every `every` ms. */
export const POLL = {
  todo: { first: 10_000, every: 30_000 },
  remind: { first: 5_000, every: 30_000 },
  warning: { first: 15_000, every: 240_000 },
} as const

/** How many organisation warnings the top bar lists under its 预警 badge. */
export const ORG_WARNINGS_LISTED = 8

interface CountersState {
  todo: number
  remind: number
  /** The 预警 badge: the organisation warnings of the scope plus the user's own warnings. */
  warning: number
  /** Organisation warnings (terms due, size rules) of the user's scope, computed by the server on read (home:view). */
  orgWarning: number
  /** The first of them, listed under the badge. */
  orgWarnings: OrgWarning[]
  /** The user's own unresolved warnings (我的预警). */
  personalWarning: number
  refreshTodo: () => Promise<void>
  refreshRemind: () => Promise<void>
  refreshWarning: () => Promise<void>
  refreshAll: () => Promise<void>
  /** Takes the counts the server pushed (stores/countStream). */
  applyCounts: (c: Counts) => void
  startPolling: () => void
  stopPolling: () => void
  reset: () => void
}

let stops: (() => void)[] = []

const empty = { todo: 0, remind: 0, warning: 0, orgWarning: 0, orgWarnings: [] as OrgWarning[], personalWarning: 0 }

export const useCountersStore = create<CountersState>((set, get) => ({
  ...empty,
  // A failed poll keeps the last count; the next tick tries again.
  // 待办 counts every work list of the caller (workflow steps, unpaid dues…) and the stored to-dos they do not stand for.
  refreshTodo: () => workSummary(true).then((s) => set({ todo: s.total }), () => undefined),
  refreshRemind: () => remindPage(true).then((p) => set({ remind: p.totalElements }), () => undefined),
  refreshWarning: async () => {
    const orgs = hasPermission(useSessionStore.getState().roles, [PERM.homeView])
    const [own, org] = await Promise.allSettled([
      warningPage({ page: 0, size: 1 }, true),
      orgs ? orgWarningPage({ page: 0, size: ORG_WARNINGS_LISTED }, true) : Promise.resolve({ content: [], totalElements: 0 }),
    ])
    set((s) => {
      const personalWarning = own.status === 'fulfilled' ? own.value.totalWarningNum : s.personalWarning
      const [orgWarning, orgWarnings] = org.status === 'fulfilled' ? [org.value.totalElements, org.value.content] : [s.orgWarning, s.orgWarnings]
      return { personalWarning, orgWarning, orgWarnings, warning: personalWarning + orgWarning }
    })
  },
  refreshAll: async () => {
    await Promise.all([get().refreshTodo(), get().refreshRemind(), get().refreshWarning()])
  },
  applyCounts: (c) =>
    set({ todo: c.todo, remind: c.remind, personalWarning: c.warning, orgWarning: c.orgWarning, warning: c.warning + c.orgWarning }),
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
    set(empty)
  },
}))

// The counters are the signed-in user's: a sign-out empties them.
onSignOut(() => useCountersStore.getState().reset())
