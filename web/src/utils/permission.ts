export const ADMIN = 'admin'
export const DEFAULT_ROLE = 'ROLE_SYSTEM_DEFAULT'

/** A user with no roles gets the single default role (spec §4). */
export function normalizeRoles(roles: string[] | null | undefined): string[] {
  return roles && roles.length > 0 ? roles : [DEFAULT_ROLE]
}

/** True when the user holds admin or at least one of the required permissions. */
export function hasPermission(roles: readonly string[], required: readonly string[]): boolean {
  if (roles.includes(ADMIN)) return true
  return required.some((r) => roles.includes(r))
}
