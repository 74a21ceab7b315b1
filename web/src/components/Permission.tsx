import type { ReactNode } from 'react'
import type { Perm } from '@/api/permissions'
import { useSessionStore } from '@/stores/session'
import { hasPermission } from '@/utils/permission'

/**
 * The permission directive of spec §6: renders children only for holders of one of `need`.
 * `need` takes PERM constants (src/api/permissions.ts), so a permission the server does not know fails to compile.
 */
export default function Permission({ need, children }: { need: readonly Perm[]; children: ReactNode }) {
  const roles = useSessionStore((s) => s.roles)
  return hasPermission(roles, need) ? <>{children}</> : null
}

export function useHasPermission(need: readonly Perm[]): boolean {
  return hasPermission(
    useSessionStore((s) => s.roles),
    need,
  )
}
