import type { ReactNode } from 'react'
import { useSessionStore } from '@/stores/session'
import { hasPermission } from '@/utils/permission'

/** The permission directive of spec §6: renders children only for holders of one of `need`. */
export default function Permission({ need, children }: { need: string[]; children: ReactNode }) {
  const roles = useSessionStore((s) => s.roles)
  return hasPermission(roles, need) ? <>{children}</> : null
}

export function useHasPermission(need: string[]): boolean {
  return hasPermission(
    useSessionStore((s) => s.roles),
    need,
  )
}
