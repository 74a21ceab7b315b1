import { useMemo } from 'react'
import { useNavigate } from 'react-router'
import { PERM } from '@/api/permissions'
import { useModeStore } from '@/stores/mode'
import { usePermissionStore } from '@/stores/permission'
import { useSessionStore } from '@/stores/session'
import { hasPermission } from '@/utils/permission'
import { memberNavItems } from '../router/memberNav'
import { buildModes, currentMode, MEMBER_MODE, modeStart, showModeSwitch, type Mode } from '../router/modes'

export interface ModesView {
  modes: Mode[]
  current: Mode | undefined
  /** The switch shows (workbench:group and more than one mode). */
  showSwitch: boolean
  /** The current mode is the member's own pages (a phone shows them as tabs). */
  memberMode: boolean
}

/** The user's modes of the top bar and the one shown. */
export function useModes(): ModesView {
  const model = usePermissionStore((s) => s.model)
  const routes = usePermissionStore((s) => s.routes)
  const roles = useSessionStore((s) => s.roles)
  const user = useSessionStore((s) => s.user)
  const remembered = useModeStore((s) => (user ? s.byUser[user.id] : undefined))
  const modes = useMemo(
    () =>
      buildModes(model.top, memberNavItems(roles, new Set(routes.map((r) => r.path)), hasPermission, !!user?.cadreLinked), !!user?.member),
    [model.top, routes, roles, user?.member, user?.cadreLinked],
  )
  const current = currentMode(modes, remembered)
  return {
    modes,
    current,
    showSwitch: showModeSwitch(modes, hasPermission(roles, [PERM.workbenchGroup])),
    memberMode: current?.key === MEMBER_MODE,
  }
}

/** Switches to a mode: remembered for the user, and its first page opens. */
export function useChooseMode(modes: Mode[]): (key: string) => void {
  const navigate = useNavigate()
  return (key) => {
    const mode = modes.find((m) => m.key === key)
    const user = useSessionStore.getState().user
    if (!mode || !user) return
    useModeStore.getState().remember(user.id, mode.key)
    if (mode.key !== MEMBER_MODE && mode.entries[0]) usePermissionStore.getState().setActiveTop(mode.entries[0].key)
    const { routes } = usePermissionStore.getState()
    const roles = useSessionStore.getState().roles
    const home = modeStart(mode, hasPermission(roles, [PERM.gbWorkbenchNavbar]), new Set(routes.map((r) => r.path)),
      hasPermission(roles, [PERM.djWorkbenchNavbar]))
    if (home && !/^https?:/.test(home)) navigate(home)
  }
}
